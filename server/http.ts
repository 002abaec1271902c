/**
 * Mounting contract calls as routes, and the error answers. `mount` is the only way a call
 * becomes a route, so every call gets the same treatment: input validated against the contract,
 * the caller authenticated and checked against the call's access, the answer parsed through the
 * contract's response schema (which also strips fields the contract does not name, such as
 * password hashes). Bodies are JSON, but for `upload: true` calls: a multipart form whose text
 * fields are the body and whose one `file` part reaches the handler (`readForm`).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import { API_BASE } from '../contract';
import { MAX_UPLOAD_BYTES } from '../contract/kyc';
import { forbiddenTextAt, roleAllows, type CallDefinition, type HandlerInput, type HandlerResult } from '../contract/define';
import type { Database } from './db';
import type { Settings } from './settings';
import { HttpError, invalidInput, type FieldError } from './http-error';
import { writeAs, type Write } from './write';

export { errorBody, HttpError, invalidInput, sendHttpError, type FieldError } from './http-error';

/** The signed-in admin behind a request's token. */
export interface Session {
    sessionId: number;
    admin: {
        id: number;
        username: string;
        firstName: string;
        lastName: string;
        groupId: number;
        storeId: number | null;
    };
    roles: ReadonlySet<string>;
    /**
     * An administrator reset the admin's password: the session may make only the calls marked
     * `beforePasswordChange` (change it, sign out) until it is changed.
     */
    mustChangePassword: boolean;
}

/** What the app provides to every route; set once by buildApp. */
interface Services {
    db: Database;
    settings: Settings;
    /** The live session of a token, or null when it is unknown, expired or revoked. */
    findSession(token: string): Promise<Session | null>;
    /** Called when a write of this instance has committed. */
    writeCommitted(): void;
}

declare module 'fastify' {
    interface FastifyInstance {
        portal: Services;
    }
}

export interface CallContext {
    db: Database;
    settings: Settings;
    session: Session | null;
    roles: ReadonlySet<string>;
    /** The role code that let the caller in, when the call is gated by one. */
    roleUsed: string | null;
    /** The `Coords` header: where the client says it is. */
    coords: string | null;
    request: FastifyRequest;
    reply: FastifyReply;
    now(): Date;
    /**
     * Runs a write in one transaction with its audit events (server/write.ts). The actor is the
     * session's admin, or an event's `actorAdminId` on public calls that identify one (a sign-in).
     */
    write: Write;
    /** Where the request came from (the client's address, through TRUST_PROXY when set). */
    source: string;
}

/** The one file an `upload: true` call received: its bytes and what the client declared it to be. */
export interface UploadedFile {
    bytes: Buffer;
    /** The declared file name and content type: the client's word, never to be trusted for what the bytes are. */
    name: string;
    type: string;
}

type UploadInput<C extends CallDefinition> = C extends { upload: true } ? { file: UploadedFile } : unknown;

type Handler<C extends CallDefinition> = (
    input: HandlerInput<C> & UploadInput<C>,
    context: CallContext,
) => Promise<HandlerResult<C>>;

interface MountOptions {
    /** The success status; 200 unless the call creates something. */
    status?: number;
    /**
     * An upload call's checks before its form is read (a rate slot per source): a refusal here
     * reads no byte of the body.
     */
    beforeForm?(request: FastifyRequest): Promise<void>;
    /**
     * An upload call's checks on the text fields sent before the file part, run as that part
     * begins: a refusal here reads none of the file. A public upload checks its credential here,
     * so a stranger without one cannot make the server hold a file.
     */
    beforeFile?(fields: Readonly<Record<string, unknown>>): Promise<void>;
}

/**
 * Public uploads (no session to vouch for the sender) read at once by one app; past it, 503 with
 * Retry-After before a byte of the body is read. Each holds up to MAX_UPLOAD_BYTES while it is
 * read, so this bounds what strangers can make the process hold (6 × 5 MB), whatever the
 * connection caps allow.
 */
export const PUBLIC_UPLOADS_AT_ONCE = 6;
/** The seconds a public upload refused as one too many is told to wait. */
const PUBLIC_UPLOAD_RETRY_SECONDS = 5;
/** Per app (its services, one object for the app and all its scopes). */
const publicUploadsReading = new WeakMap<Services, { count: number }>();
/** How many public uploads an app is reading now (for tests to wait on). */
export const publicUploadsBeingRead = (app: FastifyInstance): number => publicUploadsReading.get(app.portal)?.count ?? 0;

/** `Authorization: Bearer <t>`, else the `access-token` header. */
const tokenOf = (request: FastifyRequest): string | null => {
    const authorization = request.headers.authorization;
    if (authorization) {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
        if (match?.[1]) return match[1];
    }
    const accessToken = request.headers['access-token'];
    const value = Array.isArray(accessToken) ? accessToken[0] : accessToken;
    return value?.trim() ? value.trim() : null;
};

const headerText = (request: FastifyRequest, name: string, maxLength: number): string | null => {
    const value = request.headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    return first ? first.slice(0, maxLength) : null;
};

/**
 * How far the input itself follows `path`: the number of steps taken before the end or a value
 * that is not an object or list, and the value reached there (undefined where nothing was sent).
 */
const follow = (input: unknown, path: readonly PropertyKey[]): { steps: number; value: unknown } => {
    let current = input;
    for (const [index, part] of path.entries()) {
        if (current === null || typeof current !== 'object') return { steps: index, value: current };
        current = (current as Record<PropertyKey, unknown>)[part];
    }
    return { steps: path.length, value: current };
};

/**
 * Zod issues → one entry per failing field. A union (the sign-in body) reports the branch that
 * came closest, so a half-filled password sign-in names the missing password.
 */
const fieldErrors = (issues: readonly z.core.$ZodIssue[], input: unknown, prefix: PropertyKey[] = []): FieldError[] =>
    issues.flatMap(issue => {
        const path = [...prefix, ...issue.path];
        if (issue.code === 'invalid_union' && issue.errors.length > 0) {
            const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
            return fieldErrors(closest, input, path);
        }
        // A path that runs into a value sent as text (`ids=0`, which the schema turned into a list
        // before judging its items) points at what the client sent: that value is invalid, not missing.
        const sent = follow(input, path);
        if (sent.steps > 0 && sent.steps < path.length && sent.value !== undefined) {
            const named = path.slice(0, sent.steps).map(String).join('.');
            return [{ field: named, message: `${named}: ${issue.message}`, key: 'errors.field_invalid' }];
        }
        const field = path.map(String).join('.');
        if (sent.steps < path.length || sent.value === undefined) {
            return [{ field, message: `${field || 'input'} is required`, key: 'errors.field_required' }];
        }
        return [{ field, message: issue.message, key: 'errors.field_invalid' }];
    });

/**
 * `part` names the whole input (`body`, `query`, `params`) when the fault is the input itself, say
 * a JSON body that is a number or a list rather than an object: the answer still names a field.
 */
const validate = (part: string, schema: z.ZodType | undefined, input: unknown, errors: FieldError[]): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    errors.push(
        ...fieldErrors(result.error.issues, input).map(error =>
            error.field ? error : { ...error, field: part, message: `${part}: ${error.message}` },
        ),
    );
    return undefined;
};

/**
 * Control characters, unpaired surrogates and direction overrides are refused in every string of
 * every call (contract/define.ts), before any schema sees them: a call added later cannot forget it.
 */
const textErrorAt = (part: string, input: unknown): FieldError | null => {
    const path = forbiddenTextAt(input);
    if (!path) return null;
    // The input itself (a JSON string body) is named by its part.
    const field = path.length > 0 ? path.map(String).join('.') : part;
    return { field, message: `${field} holds characters that are not allowed`, key: 'errors.invalid_characters' };
};

/** Whether the body was declared JSON (`application/json`, `application/x+json`…): only those are read as JSON. */
const sentAsJson = (request: FastifyRequest): boolean =>
    /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/** A request that carries a body at all. */
const hasPayload = (request: FastifyRequest): boolean => {
    const length = request.headers['content-length'];
    return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
};

// ---------------------------------------------------------------------------------------------
// Uploads: `upload: true` calls take multipart/form-data, every other call JSON only

/**
 * A form's text fields and part headers are small: a request this much larger than the largest
 * file is refused by its Content-Length before a byte of it is read.
 */
const FORM_SLACK_BYTES = 64 * 1024;

/** Busboy's limits: one file of at most MAX_UPLOAD_BYTES (spec §9), a few short text fields. */
const UPLOAD_LIMITS = {
    fileSize: MAX_UPLOAD_BYTES,
    // Two, so that a second file is seen and refused as such (400 on `file`) rather than as a limit.
    files: 2,
    fields: 20,
    fieldSize: 2048,
    fieldNameSize: 100,
    parts: 22,
    headerPairs: 20,
};

const tooLarge = () =>
    new HttpError(413, 'errors.payload_too_large', `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`, 'file');

/** A form's refusal under its own key (invalidInput would answer `errors.invalid_input`). */
const invalidFormInput = (
    field: string,
    key: 'errors.too_many_fields' | 'errors.field_too_long' | 'errors.file_name_required',
    message: string,
) => new HttpError(400, key, message, field, { errors: [{ field, message, key }] });

/** More text fields or parts than a form may hold: named as such, not as a file too large. */
const tooManyFields = () =>
    invalidFormInput(
        'body',
        'errors.too_many_fields',
        `The form holds more than ${UPLOAD_LIMITS.fields} text fields or ${UPLOAD_LIMITS.parts} parts`,
    );

const formField = (
    field: string,
    message: string,
    key: 'errors.field_invalid' | 'errors.field_required' = 'errors.field_invalid',
) => invalidInput([{ field, message, key }]);

/**
 * Reads an upload's form as it streams in: its text fields (for the call's `body` schema) and the
 * one part named `file`, whose bytes are counted as they come and refused (413) the moment they
 * pass MAX_UPLOAD_BYTES, so no more than that is ever held. `body` names the form itself when it
 * cannot be read at all (malformed, cut short, a field named like an Object property).
 */
const readForm = async (
    request: FastifyRequest,
    beforeFile: MountOptions['beforeFile'],
): Promise<{ fields: Record<string, unknown>; file: UploadedFile | null }> => {
    if (!request.isMultipart()) {
        throw new HttpError(415, 'errors.unsupported_media_type', 'Send this call as multipart/form-data with a `file` part');
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + FORM_SLACK_BYTES) throw tooLarge();
    const fields: Record<string, unknown> = {};
    let file: UploadedFile | null = null;
    /** The call's own refusal (`beforeFile`): answered as it is, not as a form that cannot be read. */
    let refusal: unknown;
    try {
        for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
            const name = part.fieldname;
            // A part without a name is named by the form itself: every 400 names a field.
            if (!name) {
                if (part.type === 'file') part.file.resume();
                throw formField('body', 'every part of the form needs a name');
            }
            // Busboy takes a part without a filename for a text field, whatever it holds.
            if (name === 'file' && part.type === 'field') {
                throw invalidFormInput('file', 'errors.file_name_required', 'file must be sent as a file, with a filename');
            }
            if (Object.hasOwn(fields, name) || (name === 'file' && file !== null)) {
                if (part.type === 'file') part.file.resume();
                throw formField(name, `${name} is given more than once`);
            }
            if (part.type === 'field') {
                if (part.fieldnameTruncated || part.valueTruncated) {
                    const limit = part.fieldnameTruncated ? UPLOAD_LIMITS.fieldNameSize : UPLOAD_LIMITS.fieldSize;
                    throw invalidFormInput(
                        name,
                        'errors.field_too_long',
                        `${name}${part.fieldnameTruncated ? "'s name" : ''} is longer than ${limit} bytes`,
                    );
                }
                fields[name] = part.value;
                continue;
            }
            if (name !== 'file') {
                part.file.resume();
                throw formField(name, `the only file part is named "file", not "${name}"`);
            }
            if (beforeFile) {
                try {
                    // The fields reach the call's own check as they would reach its schema: with the
                    // forbidden text refused first, whatever the call checks.
                    const textError = textErrorAt('body', fields);
                    if (textError) throw invalidInput([textError]);
                    await beforeFile(fields);
                } catch (error) {
                    part.file.resume();
                    refusal = error;
                    throw error;
                }
            }
            const chunks: Buffer[] = [];
            let size = 0;
            for await (const chunk of part.file as AsyncIterable<Buffer>) {
                size += chunk.length;
                if (part.file.truncated || size > MAX_UPLOAD_BYTES) throw tooLarge();
                chunks.push(chunk);
            }
            if (part.file.truncated) throw tooLarge();
            file = { bytes: Buffer.concat(chunks, size), name: part.filename, type: part.mimetype };
        }
    } catch (error) {
        if (error instanceof HttpError || (refusal !== undefined && error === refusal)) throw error;
        const code = (error as { code?: unknown }).code;
        // Busboy's limits: the file's size, and the number of parts, fields or files.
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw tooManyFields();
        const message = error instanceof Error ? error.message : String(error);
        throw formField('body', `the form could not be read: ${message}`);
    }
    return { fields, file };
};

const roleUsedFor = (call: CallDefinition, roles: ReadonlySet<string>): string | null => {
    if (call.access === 'public' || call.access === 'signed-in') return null;
    if (typeof call.access === 'string') return call.access;
    return call.access.find(code => roles.has(code)) ?? null;
};

export const mount = <C extends CallDefinition>(
    app: FastifyInstance,
    call: C,
    handler: Handler<C>,
    options: MountOptions = {},
): void => {
    /** An upload's form; a public one takes one of the app's PUBLIC_UPLOADS_AT_ONCE places while it is read. */
    const readUpload = async (request: FastifyRequest) => {
        let reading: { count: number } | undefined;
        if (call.access === 'public') {
            reading = publicUploadsReading.get(app.portal) ?? { count: 0 };
            publicUploadsReading.set(app.portal, reading);
            if (reading.count >= PUBLIC_UPLOADS_AT_ONCE) {
                throw new HttpError(
                    503,
                    'errors.unavailable',
                    'Too many uploads are being received just now; try again in a moment',
                    undefined,
                    { retryAfter: PUBLIC_UPLOAD_RETRY_SECONDS },
                );
            }
            reading.count += 1;
        }
        try {
            await options.beforeForm?.(request);
            return await readForm(request, options.beforeFile);
        } finally {
            if (reading) reading.count -= 1;
        }
    };

    const routeHandler: RouteHandlerMethod = async (request, reply) => {
        const { db, settings, findSession } = app.portal;

        let session: Session | null = null;
        if (call.access !== 'public') {
            const token = tokenOf(request);
            session = token ? await findSession(token) : null;
            if (!session) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
            if (session.mustChangePassword && call.beforePasswordChange !== true) {
                throw new HttpError(403, 'errors.password_change_required', 'Choose a new password before anything else');
            }
        }
        const roles = session?.roles ?? new Set<string>();
        if (!roleAllows(call.access, session !== null, roles)) {
            throw new HttpError(403, 'errors.forbidden', 'You do not have the role this needs');
        }

        // Authentication comes first, so a caller without access learns nothing about valid input.
        const form = call.upload ? await readUpload(request) : null;
        if (!form && call.body && !sentAsJson(request) && hasPayload(request)) {
            throw new HttpError(415, 'errors.unsupported_media_type', 'Send the body as JSON (Content-Type: application/json)');
        }
        const rawBody: unknown = form ? form.fields : request.body;
        const textProblem =
            textErrorAt('params', request.params) ??
            textErrorAt('query', request.query) ??
            (call.body || form ? textErrorAt('body', rawBody) : null) ??
            (form?.file ? textErrorAt('file', form.file.name) : null);
        if (textProblem) throw invalidInput([textProblem]);
        const errors: FieldError[] = [];
        const params = validate('params', call.params, request.params ?? {}, errors);
        const query = validate('query', call.query, request.query ?? {}, errors);
        // No body at all is an empty one; a body of `null` is judged as sent (400, as `[]` is).
        const body = validate('body', call.body, rawBody === undefined ? {} : rawBody, errors);
        if (form && !form.file) errors.push({ field: 'file', message: 'file is required', key: 'errors.field_required' });
        if (errors.length > 0) throw invalidInput(errors);

        const roleUsed = roleUsedFor(call, roles);
        const coords = headerText(request, 'coords', 200);
        const context: CallContext = {
            db,
            settings,
            session,
            roles,
            roleUsed,
            coords,
            request,
            reply,
            now: settings.now,
            source: request.ip,
            write: async (work, writeOptions) => {
                const result = await writeAs(
                    db,
                    () => ({ adminId: session?.admin.id ?? null, roleUsed, coords, at: settings.now() }),
                    work,
                    writeOptions,
                );
                app.portal.writeCommitted();
                return result;
            },
        };
        const input = { params, query, body, ...(form ? { file: form.file } : {}) } as HandlerInput<C> & UploadInput<C>;
        const result = await handler(input, context);
        const parsed = call.response.safeParse(result);
        if (!parsed.success) {
            // The handler broke the contract: a server fault, never the caller's.
            throw new Error(`Response of ${call.method} ${call.path} does not match the contract: ${parsed.error.message}`);
        }
        return reply.code(options.status ?? 200).send(parsed.data);
    };

    const route = { method: call.method, url: API_BASE + call.path, handler: routeHandler };
    if (!call.upload) {
        app.route(route);
        return;
    }
    // The multipart parser and its hooks live in this call's own scope: every other call stays JSON only.
    app.register(async scope => {
        await scope.register(multipart, { limits: UPLOAD_LIMITS });
        scope.route(route);
    });
};
