/**
 * Mounting contract calls as routes, and the error answers. `mount` is the only way a call
 * becomes a route, so every call gets the same treatment: input validated against the contract,
 * the caller authenticated and checked against the call's access, the answer parsed through the
 * contract's response schema (which also strips fields the contract does not name, such as
 * password hashes) and written from it by fast-json-stringify where it can say it faithfully
 * (serializers.ts). Bodies are JSON, but for `upload: true` calls: a multipart form whose text
 * fields are the body and whose one `file` part reaches the handler (forms.ts: `readForm`); each
 * part is checked against its schema in validation.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { API_BASE } from '../contract';
import { roleAllows, type CallDefinition, type HandlerInput, type HandlerResult } from '../contract/define';
import type { Database } from './db';
import type { Settings } from './settings';
import { HttpError, invalidInput, type FieldError } from './http-error';
import { hasPayload, readForm, sentAsJson, UPLOAD_LIMITS, type UploadedFile } from './forms';
import { textErrorAt, validate } from './validation';
import { writeAs, type Write } from './write';
import { answerWriter } from './serializers';
import {
    claimKey,
    idempotencyKeyOf,
    keepAnswer,
    KeyClaimed,
    keptAnswer,
    keyedRequest,
    releaseKey,
    sendKeptAnswer,
} from './idempotency';

export { errorBody, HttpError, invalidInput, sendHttpError, type FieldError } from './http-error';
export type { UploadedFile } from './forms';

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
    /** Each answer written from its schema is also written by JSON.stringify, and must match (serializers.ts). */
    checkSerializers: boolean;
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

type UploadInput<C extends CallDefinition> = C extends { upload: true } ? { file: UploadedFile } : unknown;

type Handler<C extends CallDefinition> = (
    input: HandlerInput<C> & UploadInput<C>,
    context: CallContext,
) => Promise<HandlerResult<C>>;

interface MountOptions {
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

/** What Fastify itself sends a JSON answer as. */
const JSON_TYPE = 'application/json; charset=utf-8';

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
        // A call the contract does not mark ignores the header, as it always has.
        const key = call.idempotency ? idempotencyKeyOf(request, errors) : null;
        if (errors.length > 0) throw invalidInput(errors);

        const keyed =
            key === null
                ? null
                : keyedRequest(key, session?.admin.id ?? 0, {
                      method: request.method,
                      url: request.url,
                      body: rawBody,
                      file: form?.file ?? undefined,
                  });
        if (keyed) {
            const kept = await keptAnswer(db, keyed, settings.now, { claimedElsewhere: false });
            if (kept) return sendKeptAnswer(reply, kept, true);
        }
        /** Whether a write of this request committed with the key claimed in it. */
        let claimed = false;

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
                // The key is claimed by the call's own write, as its transaction's first statement:
                // a repeat running at the same time waits there (PostgreSQL) or runs after it
                // (PGlite's one connection) and, finding it taken, rolls back before doing anything;
                // a write refused or failed rolls the claim back with it, so a refusal keeps
                // nothing. Claiming in `mount` before the handler would need a transaction of its
                // own around the whole handler, whose reads outside it would wait forever on
                // PGlite. The answer is known only once the handler returns (most build it after
                // their write), so it is kept just after; a repeat meeting the key claimed but not
                // yet answered waits for the answer (keptAnswer). A handler that writes nothing (a
                // lookup) claims nothing and keeps its answer at the end.
                const claiming = keyed !== null && !claimed;
                const result = await writeAs(
                    db,
                    () => ({ adminId: session?.admin.id ?? null, roleUsed, coords, at: settings.now() }),
                    claiming
                        ? async tx => {
                              await claimKey(tx, keyed, settings.now());
                              return work(tx);
                          }
                        : work,
                    writeOptions,
                );
                if (claiming) claimed = true;
                app.portal.writeCommitted();
                return result;
            },
        };
        const input = { params, query, body, ...(form ? { file: form.file } : {}) } as HandlerInput<C> & UploadInput<C>;
        let result: HandlerResult<C>;
        try {
            result = await handler(input, context);
        } catch (error) {
            if (keyed && error instanceof KeyClaimed) {
                const kept = await keptAnswer(db, keyed, settings.now, { claimedElsewhere: true });
                if (kept) return sendKeptAnswer(reply, kept, true);
            }
            if (keyed && claimed) await releaseKey(db, keyed);
            throw error;
        }
        const parsed = call.response.safeParse(result);
        if (!parsed.success) {
            if (keyed && claimed) await releaseKey(db, keyed);
            // The handler broke the contract: a server fault, never the caller's.
            throw new Error(`Response of ${call.method} ${call.path} does not match the contract: ${parsed.error.message}`);
        }
        // Written by fast-json-stringify from the contract's schema where it says the answer
        // faithfully, else by JSON.stringify (serializers.ts); sent as text, Fastify adds nothing.
        const text = answerWriter(call, app.portal.checkSerializers)(parsed.data);
        const status = call.status ?? 200;
        if (!keyed) return reply.code(status).type(JSON_TYPE).send(text);
        // The first answer is sent as the same text it is kept as, so a replay is the same bytes.
        const answer = { status, text };
        await keepAnswer(db, keyed, answer, claimed, settings.now());
        return sendKeptAnswer(reply, answer, false);
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
