/**
 * The Fastify app, without listening: the API routes mounted from the contract, the error
 * answers (refusals.ts), the security headers (headers.ts), a log that keeps secrets out
 * (logging.ts), the development stand-ins and (when a build exists) the portal itself. Tests
 * build it on their own database and drive it with `app.inject`.
 */
import Fastify, {
    LogController,
    type FastifyBaseLogger,
    type FastifyError,
    type FastifyInstance,
    type FastifyReply,
    type FastifyRequest,
} from 'fastify';
import type { Database, OpenDatabase } from './db';
import { DEV_PATH_PREFIX, registerDevRoutes } from './dev';
import { registerApiDocsRoutes } from './apiDocs';
import { registerOpenApiRoute } from './openapi';
import { guardConnections, proxySources } from './connections';
import { AUTH_CHANNEL, SessionCache } from './domain/auth/sessionCache';
import { sessionFinder } from './domain/auth/sessions';
import { registerDomainRoutes } from './domain';
import { scheduleIdempotencySweep } from './idempotency';
import { addSecurityHeaders } from './headers';
import { errorBody, HttpError, sendHttpError } from './http';
import { hasBuiltPortal, isApiPath, registerPortal, sendPortalIndex } from './portal';
import { registerJsonParser, type PoisoningActions } from './json';
import { REDACTED_PATHS, serializeError, serializeRequest } from './logging';
import {
    clientErrorHandler,
    databaseUnavailable,
    REFUSAL_KEYS,
    routePattern,
    sendRouterRefusal,
    type MountedRoute,
} from './refusals';
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
    /**
     * Writes each answer that has a schema also by JSON.stringify and fails the request when the two
     * differ (server/serializers.ts): the server tests run with it.
     */
    checkSerializers?: boolean;
}

declare module 'fastify' {
    interface FastifyInstance {
        /** Every route registered, in order: what the route test compares with the contract. */
        mountedRoutes: MountedRoute[];
    }
}

/**
 * TRUST_PROXY=on believes the first hop only: request.ip is the address the proxy in front saw,
 * not whatever a client wrote into X-Forwarded-For before it. (Fastify reads a bare hop count as
 * "trust nobody", hence the function.)
 */
const trustProxyOption = (trust: Settings['trustProxy']) =>
    trust === true ? (_address: string, hop: number) => hop === 0 : trust;

/**
 * A `__proto__` or `constructor.prototype` key is dropped rather than refused as "not JSON": it
 * can never reach an object's prototype, and the rest of the body is judged as usual.
 */
const POISONING_ACTIONS: PoisoningActions = { onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' };

type ChildArguments = Parameters<FastifyBaseLogger['child']>;
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made only when the request logs something. Fastify gives every request a
 * child of the app's logger bound to its id, and pino's child runs the redaction over its bindings:
 * about 2% of an indexed call's CPU (bench/profile.ts), for the few requests that ever log.
 */
class RequestLogger implements FastifyBaseLogger {
    private made: FastifyBaseLogger | null = null;

    constructor(
        private readonly parent: FastifyBaseLogger,
        private readonly bindings: ChildArguments[0],
        private readonly options: ChildArguments[1],
    ) {}

    private get logger(): FastifyBaseLogger {
        return (this.made ??= this.parent.child(this.bindings, this.options));
    }

    get level() {
        return this.made?.level ?? this.options?.level ?? this.parent.level;
    }
    set level(level) {
        this.logger.level = level;
    }
    fatal(...args: LogArguments) {
        this.logger.fatal(...args);
    }
    error(...args: LogArguments) {
        this.logger.error(...args);
    }
    warn(...args: LogArguments) {
        this.logger.warn(...args);
    }
    info(...args: LogArguments) {
        this.logger.info(...args);
    }
    debug(...args: LogArguments) {
        this.logger.debug(...args);
    }
    trace(...args: LogArguments) {
        this.logger.trace(...args);
    }
    silent(...args: LogArguments) {
        this.logger.silent(...args);
    }
    child(...args: ChildArguments): FastifyBaseLogger {
        return this.logger.child(...args);
    }
}

export const buildApp = async ({
    db,
    settings,
    distDir,
    logStream,
    listen,
    checkSerializers = false,
}: AppOptions): Promise<FastifyInstance> => {
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
        childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
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
        checkSerializers,
    });

    addSecurityHeaders(app);
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
    // Callback style: an async hook costs every request a promise.
    app.addHook('onRequest', (request, reply, done) => {
        if (!request.is404) return done();
        // Answered here, without done(): nothing else runs for it. (The reply it answers is thenable.)
        void sendNotFound(request, reply, portalServed);
    });

    registerDomainRoutes(app);
    // The kept answers of Idempotency-Keys past their window (server/idempotency.ts).
    scheduleIdempotencySweep(app);
    if (settings.devTools) registerDevRoutes(app);
    if (settings.apiDocs) {
        registerOpenApiRoute(app);
        registerApiDocsRoutes(app);
    }
    if (portalServed) await registerPortal(app, distDir, { production: settings.production });

    return app;
};
