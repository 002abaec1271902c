/**
 * The log keeps secrets out: an error is logged with the fields that say what failed and not the
 * values involved, a request without the code or token in its query string, and whatever a
 * handler logs with its secret fields hidden.
 */
import type { FastifyRequest } from 'fastify';

/**
 * The error fields that say what failed without the values involved. Everything else stays out:
 * drizzle's and PGlite's `params` (password hashes, phone numbers), PostgreSQL's `detail`
 * ("Key (username)=(admin) already exists") and `where`, the driver's query options.
 */
const LOGGED_ERROR_FIELDS = [
    'code',
    'errno',
    'syscall',
    'address',
    'port',
    'statusCode',
    'status',
    'key',
    'field',
    'severity',
    'routine',
    'schema',
    'table',
    'column',
    'constraint',
    // postgres.js names them so
    'schema_name',
    'table_name',
    'column_name',
    'constraint_name',
    'query',
] as const;

/** Drizzle's message is `Failed query: <sql>\nparams: <values>`; the SQL stays, the values go. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');

interface LoggedError {
    type: string;
    message: string;
    stack: string;
    [field: string]: unknown;
}

export const serializeError = (error: unknown, depth = 0): LoggedError => {
    if (!(error instanceof Error)) return { type: typeof error, message: withoutParams(String(error)), stack: '' };
    const logged: LoggedError = {
        type: error.constructor.name,
        message: withoutParams(error.message),
        stack: withoutParams(error.stack ?? ''),
    };
    const fields = error as unknown as Record<string, unknown>;
    for (const name of LOGGED_ERROR_FIELDS) {
        const value = fields[name];
        if (typeof value === 'string' || typeof value === 'number') logged[name] = value;
    }
    // The chain (drizzle → driver, AggregateError of connection attempts), bounded against cycles.
    if (depth < 4) {
        if (error.cause !== undefined) logged.cause = serializeError(error.cause, depth + 1);
        if (error instanceof AggregateError)
            logged.errors = error.errors.slice(0, 5).map(inner => serializeError(inner, depth + 1));
    }
    return logged;
};

const SECRET_QUERY = /([?&](?:code|token|access_token|access-token|password|otp)=)[^&#]*/gi;

/** Fastify's request serializer, with the sign-in code or a token in the query string hidden. */
export const serializeRequest = (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
});

const SECRET_FIELDS = [
    'password',
    'new_password',
    'old_password',
    'passwordHash',
    'password_hash',
    'otp',
    'token',
    'access_token',
    'accessToken',
    'secret',
];

/** Whatever a handler logs: these names are hidden at the top level and one level down. */
export const REDACTED_PATHS = [
    'req.headers.authorization',
    'req.headers["access-token"]',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers["access-token"]',
    'headers.cookie',
    'headers["set-cookie"]',
    ...SECRET_FIELDS.flatMap(name => [name, `*.${name}`]),
    // Not `*.code`: that would hide an error's code (23505, ECONNREFUSED), which says what failed.
    'code',
    'body.code',
    'query.code',
    'params.code',
];
