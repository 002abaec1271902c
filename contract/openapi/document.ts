/**
 * The contract as an OpenAPI 3.1 document, for every tool that reads one: one operation per call,
 * named by the call, tagged by its domain, with the input side of its zod schemas as parameters
 * and body, the output side of its response as the answer at its success status, the error
 * answers every call may give, and the role it needs. Rules JSON Schema cannot say are written
 * out in words (rules.ts), never dropped: a rule without words stops the build.
 */
import { z } from 'zod';
import {
    IDEMPOTENCY_KEY_HEADER,
    IDEMPOTENCY_KEY_HOURS,
    IDEMPOTENT_REPLAYED_HEADER,
    idempotencyKey,
    type CallDefinition,
} from '../define';
import { apiError } from '../errors';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../kyc';
import { CONVERSIONS, FORBIDDEN_TEXT_RULE, NORMALISING_STEPS, REFINE_RULES, SUPER_REFINE_NEEDS_DESCRIPTION } from './rules';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: Json };

export interface Operation {
    operationId: string;
    tags: string[];
    summary: string;
    description: string;
    parameters?: JsonSchema[];
    requestBody?: JsonSchema;
    responses: Record<string, JsonSchema>;
    security?: Record<string, string[]>[];
    'x-required-role': string | string[];
}

export interface OpenApiDocument {
    openapi: '3.1.0';
    info: { title: string; version: string; description: string };
    servers: { url: string }[];
    /** Either header carries the session; an operation open to anyone overrides it with none. */
    security: Record<string, string[]>[];
    tags: { name: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: {
        schemas: Record<string, JsonSchema>;
        securitySchemes: Record<string, JsonSchema>;
        responses: Record<string, JsonSchema>;
    };
}

/** A rule the generator met in a call's schemas, where it applies. */
export interface UnexpressedRule {
    operationId: string;
    /** `body.imei`, `query.$limit` … */
    where: string;
    rule: string;
}

/** Rules a check carries that have no words in rules.ts: the document is refused with them all. */
export class UnlistedRules extends Error {
    constructor(readonly unlisted: readonly UnexpressedRule[]) {
        super(
            `The contract has rules JSON Schema cannot express and rules.ts has no words for:\n${unlisted
                .map(found => `- ${found.operationId} ${found.where}: ${found.rule}`)
                .join('\n')}`,
        );
    }
}

interface ZodDef {
    type: string;
    checks?: { _zod: { def: { check: string; error?: (issue: object) => unknown; tx?: unknown } } }[];
    out?: z.ZodType;
    /** A `.transform`'s function. */
    transform?: unknown;
}

const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/** The words of one custom check: a refine's by its message, a superRefine's by its schema's description. */
const refineWords = (check: Check, descriptions: ReadonlySet<string>): string => {
    const message = check._zod.def.error?.({});
    if (typeof message === 'string' && message in REFINE_RULES) return REFINE_RULES[message] ?? message;
    const [description] = descriptions;
    if (message === undefined && description) return description;
    return `unlisted: ${typeof message === 'string' ? message : SUPER_REFINE_NEEDS_DESCRIPTION}`;
};

type Check = NonNullable<ZodDef['checks']>[number];

/** Adds rules to a converted schema's `x-rules`, once each. */
const addRules = (target: JsonSchema, rules: readonly string[]) => {
    const before = Array.isArray(target['x-rules']) ? (target['x-rules'] as string[]) : [];
    target['x-rules'] = [...new Set([...before, ...rules])];
};

/**
 * One schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), on the side a reader of that
 * place sees, with each rule it cannot express written into `x-rules` where it applies.
 */
const toSchema = (schema: z.ZodType, io: 'input' | 'output', found: (where: string, rule: string) => void): JsonSchema => {
    // zod clones a schema for each step (`.superRefine(…).describe(…)`), and the converter meets
    // every clone: a first pass learns each custom check's description from any clone carrying it.
    const descriptions = new Map<Check, Set<string>>();
    z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        override: ({ zodSchema }) => {
            // `.describe()` keeps its text in zod's global registry.
            const description = z.globalRegistry.get(zodSchema)?.description;
            for (const check of defOf(zodSchema).checks ?? []) {
                if (check._zod.def.check !== 'custom' || !description) continue;
                descriptions.set(check, (descriptions.get(check) ?? new Set()).add(description));
            }
        },
    });
    const converted = z.toJSONSchema(schema, {
        io,
        target: 'draft-2020-12',
        unrepresentable: 'any',
        override: ({ zodSchema, jsonSchema, path }) => {
            const def = defOf(zodSchema);
            const target = jsonSchema as JsonSchema;
            const rules: string[] = [];
            for (const check of def.checks ?? []) {
                const { check: kind, tx } = check._zod.def;
                if (kind === 'custom') rules.push(refineWords(check, descriptions.get(check) ?? new Set()));
                if (kind === 'overwrite') {
                    const step = NORMALISING_STEPS.find(known => known.test.test(String(tx)));
                    rules.push(step?.words ?? `unlisted: a normalising step ${String(tx)}`);
                }
            }
            if (io === 'input' && def.type === 'pipe' && def.out && defOf(def.out).type === 'transform') {
                const convert = defOf(def.out).transform;
                rules.push(CONVERSIONS.get(convert) ?? `unlisted: a conversion ${String(convert)}`);
            }
            // An input converted, then checked again as what it became (`"12"` → 12 → 1…1000):
            // JSON Schema sees only the first side; the second is said, and given as `x-then`.
            if (io === 'input' && def.type === 'pipe' && def.out && defOf(def.out).type !== 'transform') {
                const then = z.toJSONSchema(def.out, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' });
                delete then.$schema;
                if (Object.keys(then).length > 0) {
                    target['x-then'] = then as JsonSchema;
                    rules.push(`Once converted, it must also be: ${JSON.stringify(then)}.`);
                }
            }
            if (rules.length === 0) return;
            addRules(target, rules);
            for (const rule of new Set(rules)) found(pathText(path), rule);
        },
    }) as JsonSchema;
    delete converted.$schema;
    return converted;
};

const pathText = (path: readonly (string | number)[]) =>
    path.filter((step, index) => !(step === 'properties' && index % 2 === 0)).join('.');

const ERROR_ANSWERS = {
    BadInput: 'The input breaks a rule of the call: `field` names the first input at fault, `key` the rule.',
    NotSignedIn:
        'No session, or one that has ended (`errors.not_signed_in`); on the sign-in calls, credentials refused (`key` says which).',
    Forbidden: "The caller's group lacks the role, or a business rule refuses them (`key` says which).",
    NotFound: 'What the call names does not exist, or is out of the caller’s sight.',
    Conflict:
        'The call conflicts with the state of a record (taken, already decided, changed meanwhile), or the first request of its `Idempotency-Key` is still being answered (`errors.idempotency_key_in_progress`, with `retry_after`).',
    TooLarge: 'The body or file is larger than the call accepts.',
    UnsupportedType: 'The body is not of a type the call reads (JSON, or a multipart form for an upload).',
    TooMany: 'Too many attempts: `Retry-After` (and `retry_after`) says how many seconds to wait.',
    Unavailable:
        'A service the call needs is not available now (the operator, the places search, the upload slots): `Retry-After` says when to try again, where known.',
    KeyReused: `The \`${IDEMPOTENCY_KEY_HEADER}\` was sent before with another request (method, address, body, file): \`errors.idempotency_key_reused\`. A new request takes a new key.`,
} as const;

/**
 * The optional header of a call marked \`idempotency\`: a repeat with the same key (same caller,
 * same request) within IDEMPOTENCY_KEY_HOURS is answered with the first answer, marked by
 * IDEMPOTENT_REPLAYED_HEADER, instead of being done again.
 */
const idempotencyHeader = (): JsonSchema => ({
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description: `One key per submission, chosen by the client (a UUID fits). A repeat by the same caller with the same key and the same request within ${IDEMPOTENCY_KEY_HOURS} hours is answered with the first successful answer (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of being done again; the same key with another request is 422. A repeat sent while the first is still being answered waits for its answer.`,
    schema: toSchema(idempotencyKey, 'input', () => undefined),
});

const replayedHeader: JsonSchema = {
    [IDEMPOTENT_REPLAYED_HEADER]: {
        description: `\`true\` when this is the kept first answer to the request's \`${IDEMPOTENCY_KEY_HEADER}\`, replayed.`,
        schema: { type: 'string', const: 'true' },
    },
};

const errorResponse = (description: string, withRetry = false): JsonSchema => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    ...(withRetry && {
        headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
    }),
});

const ref = (name: keyof typeof ERROR_ANSWERS): JsonSchema => ({ $ref: `#/components/responses/${name}` });

const roleWords = (access: CallDefinition['access']): string =>
    access === 'public'
        ? 'Open to anyone.'
        : access === 'signed-in'
          ? 'Any signed-in user.'
          : typeof access === 'string'
            ? `Needs the role ${access}.`
            : `Needs one of the roles ${access.join(', ')}.`;

/** `/a/:id/b` → `/a/{id}/b` */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** A query or path object schema as parameters, one a property. */
const parametersOf = (schema: JsonSchema, place: 'query' | 'path'): JsonSchema[] => {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    return Object.entries(properties).map(([name, property]) => ({
        name,
        in: place,
        required: place === 'path' || required.has(name),
        schema: property,
    }));
};

export interface DocumentOptions {
    title: string;
    version: string;
    /** Where the calls are served: `/portal_api` on the reference server. */
    serverUrl: string;
}

/**
 * The document of `calls` grouped by domain (contract/index.ts). Throws `UnlistedRules` when a
 * schema has a rule without words; `unexpressed` lists every rule written out in words.
 */
export const openApiDocument = (
    domains: Readonly<Record<string, Readonly<Record<string, CallDefinition>>>>,
    options: DocumentOptions,
): { document: OpenApiDocument; unexpressed: UnexpressedRule[] } => {
    const unexpressed: UnexpressedRule[] = [];
    const paths: OpenApiDocument['paths'] = {};
    for (const [domain, calls] of Object.entries(domains)) {
        for (const [name, call] of Object.entries(calls)) {
            // The converter meets a schema once per clone zod made of it: each rule is said once.
            const rules = new Set<string>();
            const foundIn = (part: string) => (where: string, rule: string) => {
                const at = where ? `${part}.${where}` : part;
                const said = `\`${at}\`: ${rule}`;
                if (rules.has(said)) return;
                rules.add(said);
                unexpressed.push({ operationId: name, where: at, rule });
            };
            const parameters = [
                ...(call.params ? parametersOf(toSchema(call.params, 'input', foundIn('params')), 'path') : []),
                ...(call.query ? parametersOf(toSchema(call.query, 'input', foundIn('query')), 'query') : []),
                ...(call.idempotency ? [idempotencyHeader()] : []),
            ];
            const body = call.body ? toSchema(call.body, 'input', foundIn('body')) : undefined;
            const requestBody: JsonSchema | undefined = call.upload
                ? {
                      required: true,
                      content: {
                          'multipart/form-data': {
                              schema: {
                                  ...(body ?? { type: 'object' }),
                                  properties: {
                                      ...((body?.properties ?? {}) as Record<string, JsonSchema>),
                                      file: {
                                          type: 'string',
                                          contentMediaType: 'application/octet-stream',
                                          description: `The file, at most ${MAX_UPLOAD_BYTES} bytes, sent after the other fields.`,
                                      },
                                  },
                                  required: [...((body?.required ?? []) as string[]), 'file'],
                              },
                              encoding: { file: { contentType: IMAGE_TYPES.join(', ') } },
                          },
                      },
                      'x-max-file-bytes': MAX_UPLOAD_BYTES,
                  }
                : body && { required: true, content: { 'application/json': { schema: body } } };
            const success = toSchema(call.response, 'output', () => undefined);
            const signedIn = call.access !== 'public';
            const takesInput = Boolean(call.params ?? call.query ?? call.body);
            if (takesInput) rules.add(FORBIDDEN_TEXT_RULE);
            const operation: Operation = {
                operationId: name,
                tags: [domain],
                summary: call.summary,
                description: [
                    call.summary,
                    roleWords(call.access),
                    ...(rules.size > 0
                        ? [`Rules the schemas cannot express:\n${[...rules].map(rule => `- ${rule}`).join('\n')}`]
                        : []),
                ].join('\n\n'),
                ...(parameters.length > 0 && { parameters }),
                ...(requestBody && { requestBody }),
                responses: {
                    [String(call.status ?? 200)]: {
                        description: 'Done.',
                        ...(call.idempotency && { headers: replayedHeader }),
                        content: { 'application/json': { schema: success } },
                    },
                    // A malformed Idempotency-Key is a bad input too, naming the header.
                    ...((takesInput || call.idempotency) && { 400: ref('BadInput') }),
                    // A public call refuses too: wrong credentials, an account that is not active.
                    401: ref('NotSignedIn'),
                    403: ref('Forbidden'),
                    ...(takesInput && { 404: ref('NotFound') }),
                    ...(call.method !== 'GET' && { 409: ref('Conflict') }),
                    ...((call.body ?? call.upload) && { 413: ref('TooLarge'), 415: ref('UnsupportedType') }),
                    ...(call.idempotency && { 422: ref('KeyReused') }),
                    429: ref('TooMany'),
                    503: ref('Unavailable'),
                },
                ...(signedIn ? {} : { security: [] }),
                'x-required-role': typeof call.access === 'string' ? call.access : [...call.access],
            };
            const at = (paths[openApiPath(call.path)] ??= {});
            at[call.method.toLowerCase()] = operation;
        }
    }
    const unlisted = unexpressed.filter(found => found.rule.startsWith('unlisted: '));
    if (unlisted.length > 0) throw new UnlistedRules(unlisted);
    const document: OpenApiDocument = {
        openapi: '3.1.0',
        info: {
            title: options.title,
            version: options.version,
            description: `Every call of the portal's API (portal_api), generated from its contract. ${FORBIDDEN_TEXT_RULE}`,
        },
        servers: [{ url: options.serverUrl }],
        security: [{ bearer: [] }, { accessToken: [] }],
        tags: Object.keys(domains).map(name => ({ name })),
        paths,
        components: {
            schemas: { ApiError: toSchema(apiError, 'output', () => undefined) },
            securitySchemes: {
                bearer: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in.' },
                accessToken: {
                    type: 'apiKey',
                    in: 'header',
                    name: 'access-token',
                    description: 'The same token in the `access-token` header, for clients that cannot set Authorization.',
                },
            },
            responses: Object.fromEntries(
                Object.entries(ERROR_ANSWERS).map(([name, description]) => [
                    name,
                    errorResponse(description, name === 'TooMany' || name === 'Unavailable'),
                ]),
            ),
        },
    };
    return { document, unexpressed };
};
