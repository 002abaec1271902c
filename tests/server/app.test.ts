import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, calls } from '../../contract';
import { defineCall } from '../../contract/define';
import { devCalls } from '../../contract/dev';
import { apiError } from '../../contract/errors';
import { HttpError, mount } from '../../server/http';
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
    it('are exactly the calls of the contract, plus the development stand-ins', () => {
        const expected = [
            ...contractRoutes(calls),
            ...contractRoutes(devCalls),
            `GET ${API_BASE}/dev/operator/authorize`,
            `POST ${API_BASE}/dev/operator/authorize`,
        ].sort();
        expect(apiRoutesOf(server.app)).toEqual(expected);
    });

    it('leave out the development stand-ins when development tools are off', async () => {
        const app = await server.buildAnother({ devTools: false });
        await app.ready();
        expect(apiRoutesOf(app)).toEqual(contractRoutes(calls).sort());
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
        const broken = defineCall({ summary: 'test', method: 'GET', path: '/test/broken', access: 'signed-in', response: z.object({}) });
        mount(app, broken, async () => {
            throw new Error('database exploded at /secret/path');
        });
        const token = await server.signIn('maker');
        const response = await app.inject({ method: 'GET', url: `${API_BASE}/test/broken`, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode).toBe(500);
        expect(apiError.parse(response.json())).toMatchObject({ code: 500, name: 'GeneralError', key: 'errors.server' });
        expect(response.body).not.toContain('exploded');
        expect(response.body).not.toContain('at ');
        expect(lines.join('\n')).toContain('database exploded');
        expect(lines.join('\n')).not.toContain(token);
    });

    it('a handler error carries its status, key and field; an answer loses what the contract does not name', async () => {
        const app = await server.buildAnother({});
        const conflict = defineCall({ summary: 'test', method: 'POST', path: '/test/conflict', access: 'public', response: z.object({}) });
        mount(app, conflict, async () => {
            throw new HttpError(409, 'errors.conflict', 'Already there', 'name');
        });
        const leaky = defineCall({ summary: 'test', method: 'GET', path: '/test/leaky', access: 'public', response: z.object({ id: z.number() }) });
        mount(app, leaky, async () => ({ id: 1, password_hash: 'scrypt$secret' }) as { id: number });

        const refused = await app.inject({ method: 'POST', url: `${API_BASE}/test/conflict` });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ code: 409, name: 'Conflict', message: 'Already there', key: 'errors.conflict', field: 'name' });
        const answer = await app.inject({ method: 'GET', url: `${API_BASE}/test/leaky` });
        expect(answer.json()).toEqual({ id: 1 });
    });
});

describe('serving the built portal', () => {
    let distDir: string;
    let app: FastifyInstance;

    beforeAll(async () => {
        distDir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
        mkdirSync(path.join(distDir, 'assets'));
        writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
        writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log("portal")');
        app = await server.buildAnother({ distDir });
    });
    afterAll(() => rmSync(distDir, { recursive: true, force: true }));

    it('answers index.html for a client route, so a reload works', async () => {
        const response = await app.inject({ method: 'GET', url: '/dashboard/security' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root">');
        expect((await app.inject({ method: 'GET', url: '/callback/abc/mno?code=1' })).statusCode).toBe(200);
    });

    it('serves files as they are, cached for good under assets/', async () => {
        const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('console.log("portal")');
        expect(response.headers['cache-control']).toContain('immutable');
    });

    it('keeps 404s for missing files and the API', async () => {
        expect((await app.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
        const api = await app.inject({ method: 'GET', url: `${API_BASE}/nope` });
        expect(api.statusCode).toBe(404);
        expect(api.json()).toMatchObject({ key: 'errors.not_found' });
        expect((await app.inject({ method: 'GET', url: `${API_BASE}/health` })).json()).toMatchObject({ status: 'ok' });
    });
});
