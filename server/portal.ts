/**
 * Serving the built portal (vite's `dist/`). Files are served as they are, or as the brotli/gzip
 * copies vite.config.ts writes beside them when the browser takes those; any other GET outside
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

const decodedPath = (url: string) => {
    const pathname = url.split('?')[0] ?? '';
    try {
        return decodeURIComponent(pathname);
    } catch {
        return pathname;
    }
};

/** A missing `/assets/app-123.js` is a 404, not the portal's HTML in a script's place. */
const looksLikeFile = (url: string) => /\/[^/]+\.[A-Za-z0-9]{1,8}$/.test(decodedPath(url));

/** Source maps would hand out the portal's source; production builds have none, and none is served. */
const isSourceMap = (pathname: string) => /\.map$/i.test(pathname);

export const registerPortal = async (app: FastifyInstance, distDir: string, options: { production: boolean }): Promise<void> => {
    await app.register(fastifyStatic, {
        root: path.resolve(distDir),
        prefix: '/',
        index: ['index.html'],
        // index.html, assets/app-abc123.js → .br or .gz beside it when the browser accepts that.
        preCompressed: true,
        ...(options.production ? { allowedPath: (pathname: string) => !isSourceMap(pathname) } : {}),
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

/**
 * The not-found answer for a path outside the API when the portal is served: its index page
 * (compressed when a copy exists, never cached without asking).
 */
export const sendPortalIndex = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(request.url) || looksLikeFile(request.url)) {
        return null;
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
};
