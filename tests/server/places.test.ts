/**
 * Place search for the store location picker (contract/stores.ts `placesStatus`, `searchPlaces`):
 * the development gazetteer, no provider at all, the Google Places adapter (through an injected
 * fetch, so nothing leaves the machine) and its failures, and who may search.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { apiError } from '../../contract/errors';
import { placesStatus, searchPlaces } from '../../contract/stores';
import { GOOGLE_TEXT_SEARCH_URL } from '../../server/domain/stores/places';
import type { Settings } from '../../server/settings';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let shopowner: string;
let agent: string;

beforeAll(async () => {
    server = await startTestServer();
    [shopowner, agent] = await Promise.all([server.signIn('shopowner'), server.signIn('agent')]);
});
afterAll(async () => {
    await server.close();
});

/** Another app on the same database with other settings, and a way to search on it. */
const appWith = async (overrides: Partial<Settings>) => {
    const app: FastifyInstance = await server.buildAnother({ distDir: undefined, logStream: undefined, ...overrides });
    const headers = { authorization: `Bearer ${shopowner}`, 'access-token': shopowner };
    return {
        status: async () => {
            const response = await app.inject({ method: 'GET', url: API_BASE + placesStatus.path, headers });
            return placesStatus.response.parse(response.json());
        },
        search: async (q: string) => {
            const response = await app.inject({
                method: 'POST',
                url: API_BASE + searchPlaces.path,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify({ q }),
            });
            const json: unknown = response.json();
            const ok = response.statusCode < 300;
            return {
                status: response.statusCode,
                body: ok ? searchPlaces.response.parse(json) : undefined,
                error: ok ? undefined : apiError.parse(json),
            };
        },
    };
};

interface Sent {
    url: string;
    headers: Record<string, string>;
    body: unknown;
    signal: AbortSignal | null | undefined;
}

/** A fetch that records what was sent and answers `answer` (or throws it when it is an Error). */
const fakeFetch = (answer: Response | Error, sent: Sent[]) =>
    (async (input: string | URL | Request, init?: RequestInit) => {
        sent.push({
            url: String(input),
            headers: Object.fromEntries(new Headers(init?.headers).entries()),
            body: JSON.parse(String(init?.body)),
            signal: init?.signal,
        });
        if (answer instanceof Error) throw answer;
        return answer;
    }) as typeof fetch;

describe('place search', () => {
    it('is on in development without a key: the gazetteer answers places matching every word', async () => {
        expect((await server.call(placesStatus, { token: shopowner })).body).toEqual({ enabled: true });
        const soweto = await server.call(searchPlaces, { token: shopowner, body: { q: 'soweto' } });
        expect(soweto.status).toBe(200);
        expect(soweto.body.places.map(place => place.name)).toContain('Soweto');
        const durban = await server.call(searchPlaces, { token: shopowner, body: { q: 'marine durban' } });
        expect(durban.body.places).toEqual([
            expect.objectContaining({ name: 'Durban Marine Parade', latitude: expect.closeTo(-29.85, 1) }),
        ]);
        const none = await server.call(searchPlaces, { token: shopowner, body: { q: 'nowhere at all' } });
        expect(none.body.places).toEqual([]);
        const short = await server.call(searchPlaces, { token: shopowner, body: { q: ' s ' } });
        expect([short.status, short.error.key]).toEqual([400, 'errors.invalid_input']);
    });

    it('refuses a caller who neither adds stores nor moves agents', async () => {
        const refused = await server.call(searchPlaces, { token: agent, body: { q: 'soweto' } });
        expect([refused.status, refused.error.key]).toEqual([403, 'errors.forbidden']);
        expect((await server.call(placesStatus, { token: agent })).status).toBe(403);
    });

    it('is off without a key and without the development tools: 404 places_unavailable', async () => {
        const off = await appWith({ devTools: false, placesApiKey: undefined });
        expect(await off.status()).toEqual({ enabled: false });
        const answer = await off.search('soweto');
        expect([answer.status, answer.error?.key]).toEqual([404, 'errors.places_unavailable']);
    });

    it('asks Google Places Text Search with the key and maps its answer', async () => {
        const sent: Sent[] = [];
        const google = Response.json({
            places: [
                {
                    displayName: { text: 'Maponya Mall', languageCode: 'en' },
                    formattedAddress: '2127 Chris Hani Rd, Klipspruit, Soweto, 1809, South Africa',
                    location: { latitude: -26.2669, longitude: 27.8844 },
                },
                { formattedAddress: 'Soweto, South Africa', location: { latitude: -26.2485, longitude: 27.854 } },
            ],
        });
        const on = await appWith({ devTools: false, placesApiKey: 'test-places-key', fetch: fakeFetch(google, sent) });
        expect(await on.status()).toEqual({ enabled: true });
        const answer = await on.search('maponya');
        expect(answer.status).toBe(200);
        expect(answer.body?.places).toEqual([
            {
                name: 'Maponya Mall',
                address: '2127 Chris Hani Rd, Klipspruit, Soweto, 1809, South Africa',
                latitude: -26.2669,
                longitude: 27.8844,
            },
            { name: 'Soweto, South Africa', address: 'Soweto, South Africa', latitude: -26.2485, longitude: 27.854 },
        ]);
        expect(sent).toHaveLength(1);
        const [request] = sent;
        expect(request?.url).toBe(GOOGLE_TEXT_SEARCH_URL);
        expect(request?.headers).toMatchObject({
            'x-goog-api-key': 'test-places-key',
            'x-goog-fieldmask': 'places.displayName,places.formattedAddress,places.location',
        });
        expect(request?.body).toEqual({ textQuery: 'maponya', regionCode: 'ZA', maxResultCount: 8 });
        expect(request?.signal).toBeInstanceOf(AbortSignal);
    });

    it('answers 502 unavailable when the provider fails, never its text or the key', async () => {
        for (const failure of [
            new Response('{"error":{"message":"API key not valid"}}', { status: 403 }),
            new TypeError('fetch failed'),
            Response.json({ places: [{ displayName: { text: 'No location' } }] }),
        ]) {
            const failing = await appWith({ placesApiKey: 'test-places-key', fetch: fakeFetch(failure, []) });
            const answer = await failing.search('soweto');
            expect([answer.status, answer.error?.key]).toEqual([502, 'errors.unavailable']);
            expect(JSON.stringify(answer.error)).not.toContain('test-places-key');
            expect(JSON.stringify(answer.error)).not.toContain('API key not valid');
        }
    });
});
