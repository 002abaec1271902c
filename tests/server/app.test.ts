import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, calls } from '../../contract';
import { defineCall } from '../../contract/define';
import { devCalls } from '../../contract/dev';
import { EXPORT_DOWNLOAD_PATH } from '../../contract/exports';
import { apiError } from '../../contract/errors';
import { buildApp } from '../../server/app';
import { MEMORY_DATA_DIR, openDatabase, type Database } from '../../server/db';
import * as schema from '../../server/db/schema';
import { HttpError, mount } from '../../server/http';
import { DOCS_PATH } from '../../server/apiDocs';
import { OPENAPI_PATH } from '../../server/openapi';
import { isApiPath } from '../../server/portal';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

const apiRoutesOf = (app: FastifyInstance) =>
    app.mountedRoutes
        .filter(route => isApiPath(route.url) && route.method !== 'HEAD')
        .map(route => `${route.method} ${route.url}`)
        .sort();

const contractRoutes = (definitions: Record<string, { method: string; path: string }>) =>
    Object.values(definitions).map(call => `${call.method} ${API_BASE}${call.path}`);

describe('the routes', () => {
    it("are exactly the calls of the contract, plus the development stand-ins, the published description and its reference page, and the streamed exports' download", () => {
        const expected = [
            ...contractRoutes(calls),
            `GET ${API_BASE}${EXPORT_DOWNLOAD_PATH}`,
            ...contractRoutes(devCalls),
            `GET ${API_BASE}/dev/operator/authorize`,
            `POST ${API_BASE}/dev/operator/authorize`,
            `GET ${OPENAPI_PATH}`,
            `GET ${DOCS_PATH}`,
            `GET ${DOCS_PATH}/:file`,
        ].sort();
        expect(apiRoutesOf(server.app)).toEqual(expected);
    });

    it('leave out the development stand-ins when development tools are off, and the description when API_DOCS is', async () => {
        const app = await server.buildAnother({ devTools: false, apiDocs: false });
        await app.ready();
        expect(apiRoutesOf(app)).toEqual([...contractRoutes(calls), `GET ${API_BASE}${EXPORT_DOWNLOAD_PATH}`].sort());
        const outbox = await app.inject({ method: 'GET', url: `${API_BASE}/dev/outbox?msisdn=27820000001` });
        expect(outbox.statusCode).toBe(404);
    });
});

describe('error answers', () => {
    it('an unknown call is a 404 in the error shape', async () => {
        const response = await server.app.inject({ method: 'GET', url: `${API_BASE}/no/such/call?x=1` });
        expect(response.statusCode).toBe(404);
        expect(apiError.parse(response.json())).toMatchObject({ code: 404, name: 'NotFound', key: 'errors.not_found' });
    });

    it('malformed JSON is a 400 in the error shape', async () => {
        const response = await server.app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            headers: { 'content-type': 'application/json' },
            payload: '{"username": "admin",',
        });
        expect(response.statusCode).toBe(400);
        expect(apiError.parse(response.json())).toMatchObject({ code: 400, name: 'BadRequest', key: 'errors.invalid_input' });
    });

    it('an unexpected failure is a 500 that is logged and shows no internals', async () => {
        const lines: string[] = [];
        const app = await server.buildAnother({ logLevel: 'info', logStream: { write: line => void lines.push(line) } });
        const broken = defineCall({
            summary: 'test',
            method: 'GET',
            path: '/test/broken',
            access: 'signed-in',
            response: z.object({}),
        });
        mount(app, broken, async () => {
            throw new Error('database exploded at /secret/path');
        });
        const token = await server.signIn('maker');
        const response = await app.inject({
            method: 'GET',
            url: `${API_BASE}/test/broken`,
            headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(500);
        expect(apiError.parse(response.json())).toMatchObject({ code: 500, name: 'GeneralError', key: 'errors.server' });
        expect(response.body).not.toContain('exploded');
        expect(response.body).not.toContain('at ');
        expect(lines.join('\n')).toContain('database exploded');
        expect(lines.join('\n')).not.toContain(token);
    });

    it('a handler error carries its status, key and field; an answer loses what the contract does not name', async () => {
        const app = await server.buildAnother({});
        const conflict = defineCall({
            summary: 'test',
            method: 'POST',
            path: '/test/conflict',
            access: 'public',
            response: z.object({}),
        });
        mount(app, conflict, async () => {
            throw new HttpError(409, 'errors.conflict', 'Already there', 'name');
        });
        const leaky = defineCall({
            summary: 'test',
            method: 'GET',
            path: '/test/leaky',
            access: 'public',
            response: z.object({ id: z.number() }),
        });
        mount(app, leaky, async () => ({ id: 1, password_hash: 'scrypt$secret' }) as { id: number });

        const refused = await app.inject({ method: 'POST', url: `${API_BASE}/test/conflict` });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
            code: 409,
            name: 'Conflict',
            message: 'Already there',
            key: 'errors.conflict',
            field: 'name',
        });
        const answer = await app.inject({ method: 'GET', url: `${API_BASE}/test/leaky` });
        expect(answer.json()).toEqual({ id: 1 });
    });
});

describe("Fastify's own refusals and an unreachable database", () => {
    it('a known path with a wrong method is a 405 that says which methods it has', async () => {
        const health = await server.app.inject({ method: 'POST', url: `${API_BASE}/health` });
        expect(health.statusCode).toBe(405);
        expect(health.headers.allow).toBe('GET, HEAD');
        expect(apiError.parse(health.json())).toMatchObject({
            code: 405,
            name: 'MethodNotAllowed',
            key: 'errors.method_not_allowed',
        });
        expect(health.json().message).toContain(`POST ${API_BASE}/health`);

        // Sign-in (POST) and sign-out (DELETE) share a path; a path with an id matches its pattern.
        const auth = await server.app.inject({ method: 'PUT', url: `${API_BASE}/authentication` });
        expect(auth.statusCode).toBe(405);
        expect(auth.headers.allow).toBe('DELETE, POST');
        const group = await server.app.inject({ method: 'PUT', url: `${API_BASE}/prerequisites/admin-groups/12?x=1` });
        expect(group.statusCode).toBe(405);
        expect(group.headers.allow).toContain('GET');

        // An unknown path stays a 404.
        expect((await server.app.inject({ method: 'PUT', url: `${API_BASE}/no/such/call` })).statusCode).toBe(404);
    });

    it('a wrong method on a stand-in is a plain 404 for callers the stand-ins refuse', async () => {
        const refused = await server.app.inject({ method: 'PUT', url: `${API_BASE}/dev/outbox`, remoteAddress: '203.0.113.7' });
        expect(refused.statusCode).toBe(404);
        expect(refused.headers.allow).toBeUndefined();
        expect((await server.app.inject({ method: 'PUT', url: `${API_BASE}/dev/outbox` })).statusCode).toBe(405);
    });

    it('a body too large is a 413, a body of another type a 415, each with its own key', async () => {
        const large = await server.app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) }),
        });
        expect(large.statusCode).toBe(413);
        expect(apiError.parse(large.json())).toMatchObject({
            code: 413,
            name: 'PayloadTooLarge',
            key: 'errors.payload_too_large',
        });

        const text = await server.app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            headers: { 'content-type': 'text/plain' },
            payload: 'username=admin',
        });
        expect(text.statusCode).toBe(415);
        expect(apiError.parse(text.json())).toMatchObject({
            code: 415,
            name: 'UnsupportedMediaType',
            key: 'errors.unsupported_media_type',
        });
    });

    it("the router's own refusals (an undecodable URL, a parameter too long) are in the error shape, naming the parameter", async () => {
        for (const url of [
            `${API_BASE}/prerequisites/admin-groups/%zz`,
            `${API_BASE}/prerequisites/admin-groups/${'1'.repeat(200)}`,
        ]) {
            const response = await server.app.inject({ method: 'GET', url });
            expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
            expect(response.statusCode, url).toBeLessThan(500);
            expect(apiError.parse(response.json()), url).toMatchObject({ key: 'errors.invalid_input', field: 'id' });
            expect(response.json().errors, url).toEqual([expect.objectContaining({ field: 'id', key: 'errors.field_invalid' })]);
            expect(response.headers['cache-control'], url).toBe('no-store');
            expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        }
    });

    it("Fastify's own timeout is a 408 with its key", async () => {
        const app = await server.buildAnother({});
        const slow = defineCall({ summary: 'test', method: 'GET', path: '/test/slow', access: 'public', response: z.object({}) });
        mount(app, slow, async () => {
            // What Fastify throws when a request takes too long (its errors carry statusCode and code).
            throw Object.assign(new Error('Request timeout'), { statusCode: 408, code: 'FST_ERR_REQUEST_TIMEOUT' });
        });
        const response = await app.inject({ method: 'GET', url: `${API_BASE}/test/slow` });
        expect(response.statusCode).toBe(408);
        expect(apiError.parse(response.json())).toMatchObject({ code: 408, key: 'errors.request_timeout' });
    });

    it('a database that is gone is a 503 that says so, not a 500', async () => {
        const closed = await openDatabase({ dataDir: MEMORY_DATA_DIR, databaseUrl: undefined });
        await closed.close();
        // Nothing listens on port 1 of this machine: connection refused.
        const client = postgres('postgres://portal@127.0.0.1:1/portal', { connect_timeout: 2 });
        const refused = drizzle({ client, schema }) as unknown as Database;
        const lines: string[] = [];
        for (const db of [closed.db, refused]) {
            const app = await buildApp({
                db,
                settings: { ...server.settings, logLevel: 'warn' },
                logStream: { write: line => void lines.push(line) },
            });
            try {
                const response = await app.inject({ method: 'GET', url: `${API_BASE}/health` });
                expect(response.statusCode).toBe(503);
                expect(apiError.parse(response.json())).toMatchObject({
                    code: 503,
                    name: 'Unavailable',
                    key: 'errors.unavailable',
                });
                expect(response.json().message).toMatch(/database/i);
            } finally {
                await app.close();
            }
        }
        await client.end();
        expect(lines.join('\n')).toContain('database unavailable');
    });
});

describe('serving the built portal', () => {
    let distDir: string;
    let app: FastifyInstance;
    const script = `console.log(${JSON.stringify('portal '.repeat(400))});`;

    beforeAll(async () => {
        distDir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
        mkdirSync(path.join(distDir, 'assets'));
        writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
        writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log("portal")');
        // What vite.config.ts writes beside each asset at build time.
        writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), script);
        writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
        writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync(script, { level: 9 }));
        writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
        // The installable portal's worker and manifest (vite.config.ts installable), at the root.
        writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
        writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Portal","start_url":"/dashboard"}');
        app = await server.buildAnother({ distDir });
    });
    afterAll(() => rmSync(distDir, { recursive: true, force: true }));

    it('answers index.html for a client route, so a reload works', async () => {
        const response = await app.inject({ method: 'GET', url: '/dashboard/security' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
        const index = await app.inject({ method: 'GET', url: '/' });
        expect(index.body).toContain('<div id="root">');
        expect(index.headers['cache-control']).toBe('no-cache');
        expect((await app.inject({ method: 'GET', url: '/index.html' })).headers['cache-control']).toBe('no-cache');
        expect((await app.inject({ method: 'GET', url: '/callback/abc/mno?code=1' })).statusCode).toBe(200);
    });

    it('serves the service worker so that a new release reaches it, and the policy lets it run', async () => {
        // A cached sw.js would hide a new release's worker until the cache expired: every load revalidates it.
        const worker = await app.inject({ method: 'GET', url: '/sw.js' });
        expect(worker.statusCode).toBe(200);
        expect(worker.headers['content-type']).toContain('javascript');
        expect(worker.headers['cache-control']).toBe('no-cache');
        // worker-src falls back to script-src, which takes the portal's own scripts; the manifest falls back to default-src.
        const policy = String(worker.headers['content-security-policy']);
        expect(policy).toMatch(/script-src 'self'/);
        expect(policy).toMatch(/default-src 'self'/);
        expect(policy).not.toMatch(/worker-src|manifest-src/);
        const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
        expect(manifest.statusCode).toBe(200);
        expect(manifest.headers['content-type']).toContain('application/manifest+json');
        expect(manifest.headers['cache-control']).toBe('no-cache');
    });

    it('serves files as they are, cached for good under assets/', async () => {
        const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('console.log("portal")');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves the precompressed brotli or gzip file the browser accepts', async () => {
        const brotli = await app.inject({
            method: 'GET',
            url: '/assets/app-abc123.js',
            headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(brotli.statusCode).toBe(200);
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotli.headers['content-type']).toContain('javascript');
        expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
        expect(brotli.rawPayload.equals(brotliCompressSync(script))).toBe(true);

        const gzip = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gzip.rawPayload.equals(gzipSync(script, { level: 9 }))).toBe(true);
        expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

        const identity = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.body).toBe(script);
    });

    it('answers a client route with the compressed index page when there is one, never cached unasked', async () => {
        const page = `<!doctype html><title>Portal</title><div id="root"></div><!-- ${'x'.repeat(2000)} -->`;
        const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
        try {
            writeFileSync(path.join(dist, 'index.html'), page);
            writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
            const compressed = await server.buildAnother({ distDir: dist });
            for (const url of ['/dashboard/security', '/']) {
                const response = await compressed.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
                expect(response.statusCode, url).toBe(200);
                expect(response.headers['content-encoding'], url).toBe('br');
                expect(response.headers['content-type'], url).toContain('text/html');
                expect(response.headers['cache-control'], url).toBe('no-cache');
                expect(String(response.headers.vary), url).toMatch(/accept-encoding/i);
                expect(String(response.headers['content-security-policy']), url).toContain("default-src 'self'");
                expect(response.rawPayload.equals(brotliCompressSync(page)), url).toBe(true);
            }
            // No gzip copy: a gzip-only browser gets the page as it is.
            const plain = await compressed.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
            expect(plain.headers['content-encoding']).toBeUndefined();
            expect(plain.body).toBe(page);
        } finally {
            rmSync(dist, { recursive: true, force: true });
        }
    });

    it('serves source maps outside production only', async () => {
        expect((await app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' })).statusCode).toBe(200);
        const production = await server.buildAnother({ distDir, production: true });
        const map = await production.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
        expect(map.statusCode).toBe(404);
        expect(map.body).not.toContain('secret.ts');
        expect((await production.inject({ method: 'GET', url: '/assets/app-abc123.js.map?x=1' })).statusCode).toBe(404);
        expect((await production.inject({ method: 'GET', url: '/assets/app-abc123%2Ejs%2Emap' })).statusCode).toBe(404);
        expect((await production.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    });

    it('keeps 404s for missing files and the API', async () => {
        expect((await app.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
        const api = await app.inject({ method: 'GET', url: `${API_BASE}/nope` });
        expect(api.statusCode).toBe(404);
        expect(api.json()).toMatchObject({ key: 'errors.not_found' });
        expect((await app.inject({ method: 'GET', url: `${API_BASE}/health` })).json()).toMatchObject({ status: 'ok' });
    });
});
