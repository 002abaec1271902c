/**
 * A JSON body a stranger can send that costs the server more than a valid call: nesting thousands
 * deep (a recursive walk overflows its stack) or a hundred thousand keys. The body is refused by
 * one scan of its text before it is parsed (server/json.ts), and the walk that looks for forbidden
 * characters does not recurse, so nothing deep can overflow it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { forbiddenTextAt } from '../../contract/define';
import { apiError } from '../../contract/errors';
import { health } from '../../contract/auth';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../server/json';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
});
afterAll(() => server?.close());

const arrays = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const objects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
/** An object of that many keys, short ones, so that 100,000 fit in the 1 MB body limit. */
const wide = (keys: number) => `{${Array.from({ length: keys }, (_, n) => `"${n.toString(36)}":1`).join(',')}}`;

let serial = 0;
const post = (url: string, payload: string, token: string | null = null) => {
    serial += 1;
    return server.app.inject({
        method: 'POST',
        url: `${API_BASE}${url}`,
        payload,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        // A source of its own, so the sign-in throttle never answers for the body.
        remoteAddress: `10.9.${(serial >> 8) & 255}.${serial & 255}`,
    });
};

const refusedAsBody = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(400);
    expect(apiError.parse(response.json())).toMatchObject({ code: 400, key: 'errors.invalid_input', field: 'body' });
};

describe('deep bodies', () => {
    it('5,000 nested lists sent to the sign-in are a 400 naming the body, not a 500', async () => {
        refusedAsBody(await post('/authentication', arrays(5000)));
        refusedAsBody(await post('/authentication', objects(5000)));
    });

    it('a 1 MB body nested all the way down is refused as quickly as a shallow one', async () => {
        const half = 512 * 1024 - 8;
        refusedAsBody(await post('/authentication', arrays(half)));
        refusedAsBody(await post('/prerequisites/admin-groups', arrays(half), adminToken));
        refusedAsBody(await post('/prerequisites/admin-groups', objects(100_000), adminToken));
    });

    it(`refuses nesting deeper than ${MAX_JSON_DEPTH} and judges anything up to it as usual`, async () => {
        // The body object is one level: a field holding 31 lists is 32 deep, and goes on to the schema.
        const atLimit = await post('/authentication', `{"username":${arrays(MAX_JSON_DEPTH - 1)}}`);
        expect(atLimit.statusCode).toBe(400);
        expect(apiError.parse(atLimit.json()).field).toMatch(/^username/);
        refusedAsBody(await post('/authentication', `{"username":${arrays(MAX_JSON_DEPTH)}}`));
    });

    it('does not count brackets inside strings, escaped quotes included', async () => {
        const text = JSON.stringify(`\\"${'['.repeat(100)}{"\\`);
        const response = await post('/prerequisites/admin-groups', `{"name":${text},"description":"x"}`, adminToken);
        expect(apiError.safeParse(response.json()).data?.field).not.toBe('body');
        expect([200, 201, 400]).toContain(response.statusCode);
    });

    it('40 deep bodies at once are all refused, and the server answers its health check among them', async () => {
        const body = arrays(200_000);
        const [healthy, ...answers] = await Promise.all([
            server.call(health, {}),
            ...Array.from({ length: 40 }, () => post('/authentication', body)),
        ]);
        expect(answers.map(answer => answer.statusCode)).toEqual(Array.from({ length: 40 }, () => 400));
        expect(healthy.status).toBe(200);
        expect((await server.call(health, {})).status).toBe(200);
    });
});

describe('wide bodies', () => {
    it(`a body of 100,000 keys is a 400 naming the body; ${MAX_JSON_VALUES} values are the most a body may hold`, async () => {
        expect(wide(100_000).length).toBeLessThan(1024 * 1024);
        refusedAsBody(await post('/authentication', wide(100_000)));
        refusedAsBody(await post('/prerequisites/admin-groups', wide(MAX_JSON_VALUES + 1), adminToken));
        refusedAsBody(await post('/prerequisites/admin-groups', `[${'0,'.repeat(200_000)}0]`, adminToken));
    });

    it('the largest body a call takes (500 inventory rows) is well within the limit', () => {
        const rows = Array.from({ length: 500 }, (_, n) => ({ row: n + 1, sku: `SKU-${n}`, imei: `35${n}`, store_id: 1 }));
        expect(jsonShapeProblem(JSON.stringify({ items: rows }))).toBeNull();
    });
});

describe('the shape scan', () => {
    it('stops at the first level too deep, wherever it is', () => {
        expect(jsonShapeProblem(arrays(MAX_JSON_DEPTH))).toBeNull();
        expect(jsonShapeProblem(arrays(MAX_JSON_DEPTH + 1))).toMatch(/deeper than 32/);
        expect(jsonShapeProblem(`{"a":"${'['.repeat(1000)}"}`)).toBeNull();
        expect(jsonShapeProblem(`["\\\\",${arrays(MAX_JSON_DEPTH)}]`)).toMatch(/deeper/);
        expect(jsonShapeProblem(`["\\"${'['.repeat(40)}"]`)).toBeNull();
        expect(jsonShapeProblem('')).toBeNull();
    });
});

describe('the forbidden-character walk', () => {
    it('walks 100,000 levels without recursing, and names the path of the first bad string', () => {
        let deep: unknown = ['fine', { bad: 'a\u0000b' }];
        for (let level = 0; level < 100_000; level += 1) deep = [deep];
        const path = forbiddenTextAt(deep);
        expect(path?.length).toBe(100_002);
        expect(path?.slice(-2)).toEqual([1, 'bad']);
        expect(forbiddenTextAt({ a: ['x', { 'k\u202e': 1 }], b: 'a\u0007' })).toEqual(['a', 1, 'k\u202e']);
        expect(forbiddenTextAt({ a: ['x', 'y'], b: { c: 'a\u0007' } })).toEqual(['b', 'c']);
        expect(forbiddenTextAt('a\ud800')).toEqual([]);
        expect(forbiddenTextAt({ a: [1, null, true, 'ok'] })).toBeNull();
    });
});
