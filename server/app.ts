/**
 * The Fastify app, without listening: the API routes mounted from the contract, the error
 * answers, the development stand-ins and (when a build exists) the portal itself. Tests build it
 * on their own database and drive it with `app.inject`.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Database } from './db';
import { registerDevRoutes } from './dev';
import { findSession, registerAuthRoutes } from './domain/auth';
import { registerSecurityRoutes } from './domain/security';
import { errorBody, HttpError, sendHttpError } from './http';
import { hasBuiltPortal, isApiPath, registerPortal, sendPortalIndex } from './portal';
import type { Settings } from './settings';

export interface AppOptions {
    db: Database;
    settings: Settings;
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

/**
 * TRUST_PROXY=on believes the first hop only: request.ip is the address the proxy in front saw,
 * not whatever a client wrote into X-Forwarded-For before it. (Fastify reads a bare hop count as
 * "trust nobody", hence the function.)
 */
const trustProxyOption = (trust: Settings['trustProxy']) =>
    trust === true ? (_address: string, hop: number) => hop === 0 : trust;

export const buildApp = async ({ db, settings, distDir, logStream }: AppOptions): Promise<FastifyInstance> => {
    const app = Fastify({
        logger: {
            level: settings.logLevel,
            ...(logStream ? { stream: logStream } : {}),
            redact: { paths: ['req.headers.authorization', 'req.headers["access-token"]'], censor: '[redacted]' },
        },
        // Long enough for every JSON call; uploads will get their own limit where they are mounted.
        bodyLimit: 1024 * 1024,
        trustProxy: trustProxyOption(settings.trustProxy),
    });

    app.decorate('mountedRoutes', [] as MountedRoute[]);
    app.addHook('onRoute', route => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) app.mountedRoutes.push({ method, url: route.url });
    });

    app.decorate('portal', {
        db,
        settings,
        findSession: (token: string) => findSession(db, token, settings.now()),
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof HttpError) {
            if (error.status >= 500) request.log.warn({ key: error.key }, error.message);
            return sendHttpError(reply, error);
        }
        const status = error.statusCode;
        if (status !== undefined && status >= 400 && status < 500) {
            // Fastify's own refusals (malformed JSON, wrong content type, body too large): safe to show.
            return reply.code(status).send(errorBody(status, 'errors.invalid_input', error.message));
        }
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(errorBody(500, 'errors.server', 'Something went wrong on our side; please try again'));
    });

    const portalServed = distDir !== undefined && hasBuiltPortal(distDir);
    app.setNotFoundHandler((request, reply) => {
        if (portalServed) {
            const sent = sendPortalIndex(request, reply);
            if (sent) return sent;
        }
        const pathname = request.url.split('?')[0] ?? request.url;
        const what = isApiPath(request.url) ? 'No such call' : 'Not found';
        return reply.code(404).send(errorBody(404, 'errors.not_found', `${what}: ${request.method} ${pathname}`));
    });

    registerAuthRoutes(app);
    registerSecurityRoutes(app);
    if (settings.devTools) registerDevRoutes(app);
    if (portalServed) await registerPortal(app, distDir);

    return app;
};
