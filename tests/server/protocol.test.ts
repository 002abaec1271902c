/**
 * The HTTP edges an outside fuzzer probes: methods a path does not take, bodies that are JSON but
 * not an object, a list parameter that parses but holds a bad value, and paths the portal's file
 * serving refuses. Each answers what it is (405 with Allow, 404, 400 naming the field), never a
 * refusal that says something else.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { apiError } from '../../contract/errors';
import { listAdminGroups } from '../../contract/security';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
});
afterAll(() => server?.close());

type Method = 'GET' | 'POST';

describe('a method a path does not take', () => {
    const send = (app: FastifyInstance, method: string, url: string, body?: string, contentType?: string) =>
        app.inject({
            // light-my-request takes any method name at run time; its type lists the common ones.
            method: method as Method,
            url,
            headers: { authorization: `Bearer ${adminToken}`, ...(contentType ? { 'content-type': contentType } : {}) },
            ...(body !== undefined ? { payload: body } : {}),
        });

    for (const method of ['QUERY', 'PUT', 'PATCH', 'DELETE', 'PROPFIND']) {
        it(`${method} on a known path is 405 with Allow, on an unknown one 404, with or without a body`, async () => {
            for (const [body, contentType] of [
                [undefined, undefined],
                ['{"a":1}', 'application/json'],
                ['{not json', 'application/json'],
                ['a=1', 'application/x-www-form-urlencoded'],
            ] as const) {
                const known = await send(server.app, method, `${API_BASE}/health`, body, contentType);
                expect([known.statusCode, known.headers.allow], `${method} ${contentType}`).toEqual([405, 'GET, HEAD']);
                expect(apiError.parse(known.json())).toMatchObject({ code: 405, key: 'errors.method_not_allowed' });

                const unknown = await send(server.app, method, `${API_BASE}/no-such-call`, body, contentType);
                expect(unknown.statusCode, `${method} ${contentType}`).toBe(404);
                expect(unknown.headers.allow).toBeUndefined();
                expect(apiError.parse(unknown.json())).toMatchObject({ code: 404, key: 'errors.not_found' });
            }
        });
    }

    it('QUERY on a call that takes a body names the methods it takes', async () => {
        const response = await send(server.app, 'QUERY', `${API_BASE}/prerequisites/admin-groups`, '{}', 'application/json');
        expect([response.statusCode, response.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
    });
});

describe('a JSON body that is not an object', () => {
    for (const url of ['/prerequisites/admin-groups', '/authentication']) {
        it(`null to ${url} is a 400 naming the body, as [] is`, async () => {
            for (const payload of ['null', '[]', ' null ']) {
                const response = await server.app.inject({
                    method: 'POST',
                    url: `${API_BASE}${url}`,
                    payload,
                    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
                });
                expect(response.statusCode, payload).toBe(400);
                expect(apiError.parse(response.json()), payload).toMatchObject({ code: 400, field: 'body' });
            }
        });
    }
});

describe('a list parameter that parses but holds a bad id', () => {
    it('ids=0 is invalid, not missing, and names the parameter', async () => {
        for (const ids of ['0', '1,0', '2147483648']) {
            const { status, error } = await server.call(listAdminGroups, { query: { ids }, token: adminToken });
            expect(status, ids).toBe(400);
            expect(error, ids).toMatchObject({ key: 'errors.invalid_input', field: 'ids' });
            expect(
                error.errors?.map(entry => [entry.field, entry.key]),
                ids,
            ).toEqual([['ids', 'errors.field_invalid']]);
            expect(error.message, ids).not.toMatch(/required/);
        }
    });

    it('a parameter that is really absent is still required', async () => {
        const response = await server.app.inject({
            method: 'POST',
            url: `${API_BASE}/prerequisites/admin-groups`,
            payload: '{}',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        });
        expect(apiError.parse(response.json())).toMatchObject({ field: 'name', key: 'errors.field_required' });
    });
});

describe('paths the portal will not serve', () => {
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

    it('a path with an encoded backslash (or another non-canonical form) is 404, not 403', async () => {
        for (const url of [
            '/%5C',
            '/a%5Cb',
            '/assets%5Capp-1234.js',
            '/assets/..%5Capp-1234.js',
            '/%5C..%5Cetc%5Cpasswd',
            '/dashboard/%5C',
            `${API_BASE}/%5C`,
            '/assets//app-1234.js',
        ]) {
            for (const method of ['GET', 'HEAD'] as const) {
                const response = await app.inject({ method, url });
                expect(response.statusCode, `${method} ${url}`).toBe(404);
                if (method === 'GET') expect(apiError.parse(response.json()), url).toMatchObject({ key: 'errors.not_found' });
                expect(response.body, url).not.toContain('<div id="root">');
            }
        }
        // The canonical paths are still served.
        expect((await app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/dashboard/security' })).statusCode).toBe(200);
    });

    it('a method the portal does not take is 404 outside the API, 405 on a call', async () => {
        expect((await app.inject({ method: 'QUERY' as Method, url: '/dashboard' })).statusCode).toBe(404);
        expect((await app.inject({ method: 'QUERY' as Method, url: `${API_BASE}/health` })).statusCode).toBe(405);
    });
});
