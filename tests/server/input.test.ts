/**
 * Bad input is refused by the contract, for every call at once: a NUL or other forbidden character
 * in any string, an id beyond PostgreSQL's integer, a number written as a string, a list, hex or an
 * exponent, and a body without its content type. Each is a 4xx naming the field, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, calls } from '../../contract';
import { INT4_MAX, type CallDefinition } from '../../contract/define';
import { devCalls } from '../../contract/dev';
import { apiError } from '../../contract/errors';
import { addGroupRole, getAdminGroup, listAdminGroups } from '../../contract/security';
import { listAdmins } from '../../contract/users';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
});
afterAll(() => server?.close());

/** The field names an object schema (or each branch of a union of them) declares. */
const keysOf = (schema: z.ZodType | undefined): string[] => {
    if (!schema) return [];
    if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
    if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap(option => keysOf(option as z.ZodType)))];
    return [];
};

const FORBIDDEN = {
    NUL: 'a\u0000b',
    'a bell': 'a\u0007b',
    'a lone surrogate': 'a\ud800b',
    'a right-to-left override': 'admin\u202egnp.exe',
};

const everyCall: [string, CallDefinition][] = Object.entries({ ...calls, ...devCalls });

/** Path parameters that fill the path (id 1), for checking a call's body or query on its own. */
const pathOf = (call: CallDefinition) => Object.fromEntries(keysOf(call.params).map(field => [field, 1]));

describe('forbidden characters, in every field of every call', () => {
    for (const [name, call] of everyCall) {
        for (const field of keysOf(call.body)) {
            it(`${name}: body.${field} with a NUL is a 400 naming ${field}`, async () => {
                const { status, error } = await server.call(call, {
                    params: pathOf(call),
                    body: { [field]: FORBIDDEN.NUL },
                    token: adminToken,
                });
                expect(status).toBe(400);
                expect(error).toMatchObject({ key: 'errors.invalid_characters', field });
            });
        }
        for (const field of keysOf(call.query)) {
            it(`${name}: ?${field} with a NUL is a 400 naming ${field}`, async () => {
                const { status, error } = await server.call(call, {
                    params: pathOf(call),
                    query: { [field]: FORBIDDEN.NUL },
                    token: adminToken,
                });
                expect(status).toBe(400);
                expect(error).toMatchObject({ key: 'errors.invalid_characters', field });
            });
        }
        for (const field of keysOf(call.params)) {
            it(`${name}: /:${field} with a NUL is a 400 naming ${field}`, async () => {
                const { status, error } = await server.call(call, { params: { [field]: FORBIDDEN.NUL }, token: adminToken });
                expect(status).toBe(400);
                expect(error).toMatchObject({ key: 'errors.invalid_characters', field });
            });
        }
    }

    for (const [what, text] of Object.entries(FORBIDDEN)) {
        it(`${what} in a group's name or description is refused`, async () => {
            for (const field of ['name', 'description']) {
                const body = { name: 'Clean name', description: 'Clean', [field]: text };
                const { status, error } = await server.call(calls.createAdminGroup, { body, token: adminToken });
                expect([status, error.field]).toEqual([400, field]);
            }
        });
    }

    it('the username at sign-in and registration', async () => {
        const signIn = await server.call(calls.login, { body: { username: 'ad\u0000min', password: 'whatever-1' } });
        expect([signIn.status, signIn.error.field]).toEqual([400, 'username']);
        const registered = await server.call(calls.register, {
            body: {
                username: 'new\u0000agent',
                first_name: 'A',
                last_name: 'B',
                msisdn: '27830000001',
                store_id: 1,
                password: 'a-long-password-1',
            },
        });
        expect([registered.status, registered.error.field]).toEqual([400, 'username']);
    });

    it('keeps tabs and line breaks, and every other script, in free text', async () => {
        const body = { name: 'Ndugu wa Ñandú 東京 مرحبا', description: 'Line one\nline two\tand a tab' };
        const created = await server.call(calls.createAdminGroup, { body, token: adminToken });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject(body);
    });
});

describe('ids and counts', () => {
    it(`refuses an id above ${INT4_MAX} in a path, a query and a body`, async () => {
        const path = await server.call(getAdminGroup, { params: { id: INT4_MAX + 1 }, token: adminToken });
        expect([path.status, path.error.field]).toEqual([400, 'id']);
        const query = await server.call(listAdmins, { query: { group_id: INT4_MAX + 1 }, token: adminToken });
        expect([query.status, query.error.field]).toEqual([400, 'group_id']);
        const body = await server.call(addGroupRole, { body: { group_id: 1, role_id: 2 ** 40 }, token: adminToken });
        expect([body.status, body.error.field]).toEqual([400, 'role_id']);
        expect((await server.call(getAdminGroup, { params: { id: INT4_MAX }, token: adminToken })).status).toBe(404);
    });

    it('refuses "2", [2], 2.5 and null as ids in a body', async () => {
        for (const bad of ['2', [2], 2.5, null, true]) {
            const { status, error } = await server.callUnchecked(addGroupRole, {
                body: { group_id: bad, role_id: 1 },
                token: adminToken,
            });
            expect([status, error.field], JSON.stringify(bad)).toEqual([400, 'group_id']);
        }
    });

    it('refuses 0x10, 1e3, +2, " 2", -1 and repeated values in a path or query', async () => {
        for (const bad of ['0x10', '1e3', '+2', ' 2', '-1', '2.0']) {
            const path = await server.call(getAdminGroup, { params: { id: bad }, token: adminToken });
            expect([path.status, path.error.field], bad).toEqual([400, 'id']);
            const limit = await server.call(listAdminGroups, { query: { $limit: bad }, token: adminToken });
            expect([limit.status, limit.error.field], bad).toEqual([400, '$limit']);
        }
        const repeated = await server.app.inject({
            method: 'GET',
            url: `${API_BASE}/prerequisites/admins?group_id=1&group_id=2`,
            headers: { authorization: `Bearer ${adminToken}` },
        });
        expect(repeated.statusCode).toBe(400);
        expect(apiError.parse(repeated.json()).field).toBe('group_id');
    });

    it('fetches exactly the ids asked for, and refuses a malformed list', async () => {
        const all = await server.call(listAdminGroups, { query: { $limit: 3 }, token: adminToken });
        const wanted = all.body.data.slice(0, 2).map(group => group.id);
        const some = await server.call(listAdminGroups, { query: { ids: wanted.join(',') }, token: adminToken });
        expect(some.body.data.map(group => group.id).sort()).toEqual([...wanted].sort());
        expect(some.body.total).toBe(2);
        for (const bad of ['1,,2', '1;2', 'a', Array.from({ length: 101 }, (_, n) => n + 1).join(',')]) {
            const { status, error } = await server.call(listAdminGroups, { query: { ids: bad }, token: adminToken });
            expect([status, error.field], bad).toEqual([400, 'ids']);
        }
    });
});

describe('bodies', () => {
    for (const contentType of [undefined, '', 'text/plain']) {
        it(`a body sent ${contentType === undefined ? 'without a content type' : `as "${contentType}"`} is a 415 that says to send JSON`, async () => {
            const response = await server.app.inject({
                method: 'POST',
                url: `${API_BASE}/authentication`,
                payload: '{"username":"admin","password":"demo-pass-2026"}',
                headers: contentType === undefined ? {} : { 'content-type': contentType },
            });
            expect(response.statusCode).toBe(415);
            expect(apiError.parse(response.json())).toMatchObject({ code: 415, key: 'errors.unsupported_media_type' });
        });
    }
});

describe('a body that is not an object', () => {
    for (const payload of ['0', '-1', 'false', '[]', '[null]', '"text"', '1e400']) {
        it(`${payload} is a 400 naming the body`, async () => {
            const response = await server.app.inject({
                method: 'POST',
                url: `${API_BASE}/prerequisites/admin-groups`,
                payload,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
            });
            expect(response.statusCode).toBe(400);
            expect(apiError.parse(response.json())).toMatchObject({ code: 400, field: 'body' });
        });
    }
});
