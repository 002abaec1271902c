/**
 * Serving the built portal (vite's `dist/`). Files are served as they are; any other GET outside
 * /portal_api answers index.html, so a reload on a client route such as /dashboard/security loads
 * the portal, which then routes itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../contract';

export const hasBuiltPortal = (distDir: string): boolean => existsSync(path.join(distDir, 'index.html'));

export const isApiPath = (url: string): boolean => {
    const pathname = url.split('?')[0] ?? '';
    return pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
};

/** A missing `/assets/app-123.js` is a 404, not the portal's HTML in a script's place. */
const looksLikeFile = (url: string) => /\/[^/]+\.[A-Za-z0-9]{1,8}$/.test(url.split('?')[0] ?? '');

export const registerPortal = async (app: FastifyInstance, distDir: string): Promise<void> => {
    await app.register(fastifyStatic, {
        root: path.resolve(distDir),
        prefix: '/',
        index: ['index.html'],
        setHeaders: (reply, filePath) => {
            // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
            const relative = path.relative(distDir, filePath);
            reply.header(
                'Cache-Control',
                relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
        },
    });
};

/** The not-found answer for a path outside the API when the portal is served: its index page. */
export const sendPortalIndex = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url) || looksLikeFile(request.url)) {
        return null;
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
};
