/**
 * The Fastify app, without listening: the API routes mounted from the contract, the error
 * answers, the security headers, a log that keeps secrets out, the development stand-ins and
 * (when a build exists) the portal itself. Tests build it on their own database and drive it with
 * `app.inject`.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ErrorKey } from '../contract/errors';
import type { Database, OpenDatabase } from './db';
import { DEV_PATH_PREFIX, registerDevRoutes } from './dev';
import { guardConnections, proxySources } from './connections';
import { AUTH_CHANNEL, SessionCache } from './domain/auth/sessionCache';
import { sessionFinder } from './domain/auth/sessions';
import { registerDomainRoutes } from './domain';
import helmet from 'helmet';
import { errorBody, HttpError, sendHttpError } from './http';
import { hasBuiltPortal, isApiPath, registerPortal, sendPortalIndex } from './portal';
import { registerJsonParser, type PoisoningActions } from './json';
import { devToolsAllowed, type Settings } from './settings';

export interface AppOptions {
    db: Database;
    settings: Settings;
    /**
     * The database's NOTIFY listener (`OpenDatabase.listen`). With it, sessions are cached and
     * forgotten in every instance when anything they depend on changes; without it, nothing is
     * cached and every call reads its session from the database.
     */
    listen?: OpenDatabase['listen'];
    /** The built portal to serve; without it (or when it has no index.html) only the API is served. */
    distDir?: string;
    /** Where the log goes (standard output by default); tests read it. */
    logStream?: { write(line: string): void };
}

export interface MountedRoute {
    method: string;
    url: string;
}

declare module 'fastify' {
    interface FastifyInstance {
        /** Every route registered, in order: what the route test compares with the contract. */
        mountedRoutes: MountedRoute[];
    }
}

// ---------------------------------------------------------------------------------------------
// The log: errors without query values, requests without secrets in the query string

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

const serializeError = (error: unknown, depth = 0): LoggedError => {
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
const serializeRequest = (request: FastifyRequest) => ({
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
const REDACTED_PATHS = [
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

// ---------------------------------------------------------------------------------------------
// Error answers

/** Fastify's own refusals (body parser, limits, timeouts) and the keys the portal translates. */
const REFUSAL_KEYS: Partial<Record<number, ErrorKey>> = {
    405: 'errors.method_not_allowed',
    408: 'errors.request_timeout',
    413: 'errors.payload_too_large',
    415: 'errors.unsupported_media_type',
};

/** Class 08 (connection exception), 57P01-03 (server shutting down, not yet up), too many clients. */
const UNAVAILABLE_SQL_STATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NETWORK_CODES = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EPIPE',
    // postgres.js's own
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
]);
/** PGlite (and node-postgres, which listens for NOTIFY) say it in words only. */
const UNAVAILABLE_MESSAGES = new RegExp(
    [
        'PGlite is closed',
        'Connection terminated',
        'timeout exceeded when trying to connect',
        'Cannot use a pool after calling end',
        'Client has encountered a connection error',
    ].join('|'),
    'i',
);

/** Could the database not be reached at all (as opposed to refusing this query)? */
const databaseUnavailable = (error: unknown, depth = 0): boolean => {
    if (!(error instanceof Error) || depth > 5) return false;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQL_STATES.test(code) || UNAVAILABLE_NETWORK_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
    if (error instanceof AggregateError && error.errors.some(inner => databaseUnavailable(inner, depth + 1))) return true;
    return databaseUnavailable(error.cause, depth + 1);
};

/** `/portal_api/users/:id` (or `/bi_:scope`) → a pattern the not-found handler matches a concrete path with. */
const routePattern = (url: string) =>
    new RegExp(
        `^${url
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/:[^/]+/g, '[^/]+')
            .replace(/\*/g, '.*')}$`,
    );

/** Fastify's default `maxParamLength`: a longer path parameter is refused by the router. */
const MAX_PARAM_LENGTH = 100;

const decodes = (segment: string) => {
    try {
        decodeURIComponent(segment);
        return true;
    } catch {
        return false;
    }
};

/**
 * The path parameter the router could not take (not decodable, too long), found by laying the
 * raw path over the mounted routes' patterns: `/…/admin-groups/%zz` on `/…/admin-groups/:id` → id.
 */
const badParameterOf = (routes: readonly MountedRoute[], url: string): string | undefined => {
    const segments = (url.split('?')[0] ?? '').split('/');
    for (const route of routes) {
        const parts = route.url.split('/');
        if (parts.length !== segments.length) continue;
        let bad: string | undefined;
        const fits = parts.every((part, index) => {
            const segment = segments[index] ?? '';
            // A parameter fills the rest of its segment after a fixed start, if any (`bi_:scope`).
            const colon = part.indexOf(':');
            if (colon < 0) return part === segment;
            if (!segment.startsWith(part.slice(0, colon))) return false;
            const value = segment.slice(colon);
            if (bad === undefined && (!decodes(value) || value.length > MAX_PARAM_LENGTH)) bad = part.slice(colon + 1);
            return true;
        });
        if (fits && bad !== undefined) return bad;
    }
    return undefined;
};

/** The router's refusals (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH) come before any hook runs. */
const sendRouterRefusal = (error: FastifyError, url: string, reply: FastifyReply, routes: readonly MountedRoute[]) => {
    const status = error.statusCode ?? 400;
    const key = REFUSAL_KEYS[status] ?? 'errors.invalid_input';
    const field = isApiPath(url) ? badParameterOf(routes, url) : undefined;
    if (isApiPath(url)) reply.header('Cache-Control', 'no-store');
    const details =
        field === undefined ? {} : { field, errors: [{ field, message: error.message, key: 'errors.field_invalid' }] };
    return reply
        .code(status)
        .header('X-Content-Type-Options', 'nosniff')
        .send(errorBody(status, key, error.message, details));
};

// ---------------------------------------------------------------------------------------------

/**
 * TRUST_PROXY=on believes the first hop only: request.ip is the address the proxy in front saw,
 * not whatever a client wrote into X-Forwarded-For before it. (Fastify reads a bare hop count as
 * "trust nobody", hence the function.)
 */
const trustProxyOption = (trust: Settings['trustProxy']) =>
    trust === true ? (_address: string, hop: number) => hop === 0 : trust;

/**
 * The portal is one origin: its own scripts, styles (MUI/emotion inject <style> elements), images
 * (data: and blob: for the photos taken on /verify_liveness, whose camera preview is a blob:
 * stream) and API. The development operator page sets its own, stricter policy (server/dev.ts).
 */
const CONTENT_SECURITY_POLICY = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
};

/**
 * Helmet's headers for every answer. They are the same for every request, so helmet runs once at
 * start-up into a recording response rather than once per request.
 */
const SECURITY_HEADERS: Record<string, string> = (() => {
    const headers: Record<string, string> = {};
    const recorder = {
        setHeader: (name: string, value: unknown) => {
            headers[name] = String(value);
        },
        removeHeader: (name: string) => {
            delete headers[name];
        },
    };
    helmet({
        contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
        // Sent per request, and only over TLS: over plain HTTP it means nothing, and on a test host it hurts.
        strictTransportSecurity: false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        xFrameOptions: { action: 'deny' },
    })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
        if (error) throw error;
    });
    return Object.freeze(headers);
})();

/**
 * Node's own refusals, before Fastify has a request (a request that took longer than
 * REQUEST_TIMEOUT to arrive, headers too large, bytes that are not HTTP): answered in the error
 * shape with the security headers, as every other answer is, then the connection is closed.
 * Nothing is written when an answer has begun on the connection (it would corrupt it).
 */
const clientErrorHandler = (requestTimeoutMs: number) =>
    function answerClientError(error: Error & { code?: string }, socket: Socket) {
        if (error.code === 'ECONNRESET' || socket.destroyed) return;
        const [status, key, message]: [number, ErrorKey, string] =
            error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
                ? [408, 'errors.request_timeout', `The request took longer than ${requestTimeoutMs / 1000} s to arrive`]
                : error.code === 'HPE_HEADER_OVERFLOW'
                  ? [431, 'errors.payload_too_large', 'The request headers are too large']
                  : [400, 'errors.invalid_input', 'The request is not well-formed HTTP'];
        const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        if (socket.writable && !answering?.headersSent) {
            const body = JSON.stringify(errorBody(status, key, message));
            const headers = {
                ...SECURITY_HEADERS,
                'Cache-Control': 'no-store',
                'Content-Type': 'application/json; charset=utf-8',
                'Content-Length': String(Buffer.byteLength(body)),
                Connection: 'close',
            };
            const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
            socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${body}`);
        }
        socket.destroy();
    };

/**
 * A `__proto__` or `constructor.prototype` key is dropped rather than refused as "not JSON": it
 * can never reach an object's prototype, and the rest of the body is judged as usual.
 */
const POISONING_ACTIONS: PoisoningActions = { onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' };

export const buildApp = async ({ db, settings, distDir, logStream, listen }: AppOptions): Promise<FastifyInstance> => {
    const requestTimeout = settings.requestTimeoutMs;
    const mountedRoutes: MountedRoute[] = [];
    const app = Fastify({
        logger: {
            level: settings.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            serializers: { err: serializeError, error: serializeError, req: serializeRequest },
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
        },
        // Long enough for every JSON call; uploads will get their own limit where they are mounted.
        bodyLimit: 1024 * 1024,
        // Two log lines for every request cost more than many a call: requests are logged once, on
        // completion, at debug level (LOG_LEVEL=debug), and failures as they happen.
        logController: new LogController({ disableRequestLogging: true }),
        ...POISONING_ACTIONS,
        trustProxy: trustProxyOption(settings.trustProxy),
        // A client gets REQUEST_TIMEOUT to send its whole request, headers and body: one that sends a
        // byte now and then cannot hold a connection open for ever.
        requestTimeout,
        // A connection silent for twice that long (also while a handler works) is closed.
        connectionTimeout: 2 * requestTimeout,
        // Between requests a connection may idle this long (and before its first: connections.ts).
        keepAliveTimeout: settings.idleTimeoutMs,
        clientErrorHandler: clientErrorHandler(requestTimeout),
        // The router refuses an undecodable URL or an over-long parameter before any hook or the
        // error handler runs: answer those in the error shape too, with the headers the hooks add.
        frameworkErrors: (error, request, reply) => {
            void sendRouterRefusal(error, request.url, reply as FastifyReply, mountedRoutes);
        },
        http: {
            requestTimeout,
            headersTimeout: Math.min(60_000, requestTimeout),
            // Node checks those timeouts on this beat (30 s by default, too coarse for short ones).
            connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
        },
    });

    app.decorate('mountedRoutes', mountedRoutes);
    guardConnections(app.server, {
        maxConnections: settings.maxConnections,
        maxConnectionsPerSource: settings.maxConnectionsPerSource,
        idleTimeoutMs: settings.idleTimeoutMs,
        isProxy: proxySources(settings.trustProxy, message => app.log.warn(message)),
        warn: message => app.log.warn(message),
    });
    // A body nested too deep or holding too many values is refused before it is parsed (json.ts).
    registerJsonParser(app, POISONING_ACTIONS);
    app.addHook('onRoute', route => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) app.mountedRoutes.push({ method, url: route.url });
    });

    if (['debug', 'trace'].includes(settings.logLevel)) {
        app.addHook('onResponse', async (request, reply) => {
            request.log.debug(
                { req: request, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
                'request completed',
            );
        });
    }

    const sessionCache = new SessionCache();
    if (listen) {
        const stopListening = await listen(
            AUTH_CHANNEL,
            () => sessionCache.clear(),
            state => sessionCache.setListening(state),
        );
        app.addHook('onClose', stopListening);
    }
    const findSession = sessionFinder(db, sessionCache);
    app.decorate('portal', {
        db,
        settings,
        findSession: (token: string) => findSession(token, settings.now()),
        // This instance's own writes forget the cache before their answer leaves (see sessionCache.ts).
        writeCommitted: () => sessionCache.clear(),
    });

    app.addHook('onRequest', (request, reply, done) => {
        reply.headers(SECURITY_HEADERS);
        // request.protocol believes X-Forwarded-Proto only from a proxy TRUST_PROXY names.
        if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
        // Answers about sessions, users and codes must not sit in a browser's or a proxy's cache.
        if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
        done();
    });
    // An answer given before the body was all read (a 401, 404 or 413 to a declared 500 MiB)
    // closes the connection once sent: keeping it open would mean reading, and throwing away, the
    // rest of the body to reach the next request. (Node ends a `Connection: close` answer's socket.)
    app.addHook('onSend', (request, reply, payload, done) => {
        if (request.raw.complete === false) reply.header('Connection', 'close');
        done(null, payload);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof HttpError) {
            if (error.status >= 500) request.log.warn({ key: error.key }, error.message);
            return sendHttpError(reply, error);
        }
        // The portal's file serving refuses a path that is not canonical (an encoded backslash, `//`,
        // a `..` segment) with 403, which would say something is guarded there: nothing is found there.
        if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return sendNotFound(request, reply, false);
        const status = error.statusCode;
        if (status !== undefined && status >= 400 && status < 500) {
            // Fastify's own refusals (malformed JSON, wrong content type, body too large): safe to show.
            return reply.code(status).send(errorBody(status, REFUSAL_KEYS[status] ?? 'errors.invalid_input', error.message));
        }
        if (databaseUnavailable(error)) {
            request.log.warn({ err: error }, 'database unavailable');
            return reply
                .code(503)
                .send(
                    errorBody(503, 'errors.unavailable', 'The database cannot be reached just now; please try again in a moment'),
                );
        }
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(errorBody(500, 'errors.server', 'Something went wrong on our side; please try again'));
    });

    const patterns = new Map<string, RegExp>();
    /** The methods the API has at this path, for a 405's Allow header; none when the path is unknown. */
    const methodsAt = (request: FastifyRequest, pathname: string): string[] => {
        const methods = new Set<string>();
        for (const { method, url } of app.mountedRoutes) {
            if (!isApiPath(url) || (url.startsWith(DEV_PATH_PREFIX) && !devToolsAllowed(request, settings))) continue;
            let pattern = patterns.get(url);
            if (!pattern) patterns.set(url, (pattern = routePattern(url)));
            if (pattern.test(pathname)) methods.add(method);
        }
        return [...methods].sort();
    };

    const portalServed = distDir !== undefined && hasBuiltPortal(distDir);
    /**
     * A path no route takes: the portal's index page for a client route (when `portalIndex`), 405
     * with Allow on an API path that takes other methods, else 404.
     */
    const sendNotFound = (request: FastifyRequest, reply: FastifyReply, portalIndex: boolean) => {
        if (portalIndex) {
            const sent = sendPortalIndex(request, reply);
            if (sent) return sent;
        }
        const pathname = request.url.split('?')[0] ?? request.url;
        if (isApiPath(request.url)) {
            const allowed = methodsAt(request, pathname);
            if (allowed.length > 0) {
                return reply
                    .code(405)
                    .header('Allow', allowed.join(', '))
                    .send(
                        errorBody(
                            405,
                            'errors.method_not_allowed',
                            `Method not allowed: ${request.method} ${pathname} (this call takes ${allowed.join(', ')})`,
                        ),
                    );
            }
        }
        const what = isApiPath(request.url) ? 'No such call' : 'Not found';
        return reply.code(404).send(errorBody(404, 'errors.not_found', `${what}: ${request.method} ${pathname}`));
    };
    app.setNotFoundHandler((request, reply) => sendNotFound(request, reply, portalServed));
    // Answered before the body is read, so a method no route takes (QUERY, PROPFIND, PUT on a GET
    // path) is 405 or 404 whatever it carries, never a refusal of a body nobody would read.
    app.addHook('onRequest', async (request, reply) => {
        if (request.is404) return sendNotFound(request, reply, portalServed);
    });

    registerDomainRoutes(app);
    if (settings.devTools) registerDevRoutes(app);
    if (portalServed) await registerPortal(app, distDir, { production: settings.production });

    return app;
};
