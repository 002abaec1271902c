/**
 * The security headers: helmet's, computed once at start and set on every answer by one hook, with
 * Strict-Transport-Security over TLS and `Cache-Control: no-store` on the API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './portal';

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
export const SECURITY_HEADERS: Record<string, string> = (() => {
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

/** Sets the security headers on every answer, before anything else runs. */
export const addSecurityHeaders = (app: FastifyInstance): void => {
    app.addHook('onRequest', (request, reply, done) => {
        reply.headers(SECURITY_HEADERS);
        // request.protocol believes X-Forwarded-Proto only from a proxy TRUST_PROXY names.
        if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
        // Answers about sessions, users and codes must not sit in a browser's or a proxy's cache.
        if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
        done();
    });
};
