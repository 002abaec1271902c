/**
 * The first answer to each Idempotency-Key (contract/define.ts `idempotency`, server/idempotency.ts,
 * `mount` in server/http.ts): a repeat is answered with it and does nothing again, per caller, for
 * IDEMPOTENCY_KEY_HOURS; the same key with another request is 422; concurrent repeats leave one
 * effect. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (as CI does).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldAgentRequest } from '../../contract/customers';
import { callAddress, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_HOURS, IDEMPOTENT_REPLAYED_HEADER } from '../../contract/define';
import { uploadImage } from '../../contract/kyc';
import { register } from '../../contract/registration';
import { createStore, listStores } from '../../contract/stores';
import { admins, auditEvents, fieldAgentRequests, idempotencyKeys, kycImages, stores } from '../../server/db/schema';
import { claimKey, keepAnswer, keyedRequest, sweepIdempotencyKeys } from '../../server/idempotency';
import { png } from '../e2e/fixtures/kycImages';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { freshMsisdn, nextSerial } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};
let soweto = 0;

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'shopowner', 'fieldagent', 'agent']) token[username] = await signInAs(server, username);
    const [row] = await server.db.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Soweto Central'));
    soweto = row?.id ?? 0;
}, 60_000);
afterAll(() => server?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
const place = { region: 'Gauteng', town: 'Johannesburg', latitude: -26.2, longitude: 28.04 };
const newRequest = (msisdn: string) => ({
    action: 'add' as const,
    msisdn,
    first_name: 'Mpho',
    last_name: 'Sebego',
    id_number: `88${nextSerial()}`,
    town: 'Soweto',
    note: 'Wants a Samsung, paid weekly',
});

const requestsOf = async (msisdn: string) =>
    (await server.db.select({ value: count() }).from(fieldAgentRequests).where(eq(fieldAgentRequests.msisdn, msisdn)))[0]
        ?.value ?? 0;
const storesNamed = async (name: string) =>
    (await server.db.select({ value: count() }).from(stores).where(eq(stores.name, name)))[0]?.value ?? 0;
const auditsOf = async (action: string, entityId: number | string) =>
    (
        await server.db
            .select({ value: count() })
            .from(auditEvents)
            .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))))
    )[0]?.value ?? 0;

describe('a call marked idempotency, repeated with the same Idempotency-Key', () => {
    it('answers the field-agent request the first answer again, with no second request and no second audit event', async () => {
        const msisdn = freshMsisdn();
        const options = { body: newRequest(msisdn), token: token.fieldagent, headers: keyed(randomUUID()) };
        const first = await server.call(fieldAgentRequest, options);
        expect(first.status).toBe(200);
        expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
        if (first.body.action !== 'add') throw new Error('not an add');
        const again = await server.call(fieldAgentRequest, options);
        expect(again.status).toBe(200);
        expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
        expect(again.body).toEqual(first.body);
        expect(await requestsOf(msisdn)).toBe(1);
        expect(await auditsOf('field_agent_requests.create', first.body.request.id)).toBe(1);
    });

    it('answers a create call its first 201 again, where a repeat without the key is refused as a duplicate', async () => {
        const name = `Kept Answer ${nextSerial()}`;
        const options = { body: { name, ...place }, token: token.shopowner, headers: keyed(randomUUID()) };
        const first = await server.call(createStore, options);
        expect(first.status).toBe(201);
        const again = await server.call(createStore, options);
        expect([again.status, again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]]).toEqual([201, 'true']);
        expect(again.body).toEqual(first.body);
        expect(await storesNamed(name)).toBe(1);
        expect(await auditsOf('stores.create', first.body.id)).toBe(1);

        // Without the header the call behaves as it always has: the repeat is a second attempt.
        const unkeyed = await server.call(createStore, { body: { name, ...place }, token: token.shopowner });
        expect([unkeyed.status, unkeyed.error.key]).toEqual([409, 'errors.store_name_taken']);
    });

    it('refuses the same key with another request (another body) as 422 naming the header, doing nothing', async () => {
        const key = randomUUID();
        const name = `Reused Key ${nextSerial()}`;
        const first = await server.call(createStore, { body: { name, ...place }, token: token.shopowner, headers: keyed(key) });
        expect(first.status).toBe(201);
        const other = `${name} Two`;
        const reused = await server.call(createStore, {
            body: { name: other, ...place },
            token: token.shopowner,
            headers: keyed(key),
        });
        expect([reused.status, reused.error.key, reused.error.field]).toEqual([
            422,
            'errors.idempotency_key_reused',
            IDEMPOTENCY_KEY_HEADER,
        ]);
        expect(await storesNamed(other)).toBe(0);
        // The same body with its keys in another order is the same request.
        const reordered = await server.call(createStore, {
            body: { ...place, name },
            token: token.shopowner,
            headers: keyed(key),
        });
        expect(reordered.status).toBe(201);
    });

    it("keeps each user's keys apart: another user's same key runs their own request", async () => {
        const key = randomUUID();
        const mine = `Mine ${nextSerial()}`;
        const theirs = `Theirs ${nextSerial()}`;
        const first = await server.call(createStore, {
            body: { name: mine, ...place },
            token: token.shopowner,
            headers: keyed(key),
        });
        expect(first.status).toBe(201);
        // The first user's answer is not replayed to the other for the very same request: it runs, and is refused.
        const same = await server.call(createStore, { body: { name: mine, ...place }, token: token.admin, headers: keyed(key) });
        expect([same.status, same.error.key]).toEqual([409, 'errors.store_name_taken']);
        const other = await server.call(createStore, {
            body: { name: theirs, ...place },
            token: token.admin,
            headers: keyed(key),
        });
        expect(other.status).toBe(201);
        expect(other.body.name).toBe(theirs);
    });

    it('keeps no refused answer: the repeat of a refusal runs again', async () => {
        const key = randomUUID();
        const name = `Refused First ${nextSerial()}`;
        await server.call(createStore, { body: { name, ...place }, token: token.admin });
        const refused = await server.call(createStore, { body: { name, ...place }, token: token.shopowner, headers: keyed(key) });
        expect([refused.status, refused.error.key]).toEqual([409, 'errors.store_name_taken']);
        const keptFor = await server.db
            .select()
            .from(idempotencyKeys)
            .where(eq(idempotencyKeys.keySha256, sha256(key)));
        expect(keptFor).toEqual([]);
        await server.db
            .update(stores)
            .set({ name: `${name} (renamed)` })
            .where(eq(stores.name, name));
        const retried = await server.call(createStore, { body: { name, ...place }, token: token.shopowner, headers: keyed(key) });
        expect(retried.status).toBe(201);
        expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    });

    it('refuses a malformed key with 400 naming the header; a call the contract does not mark ignores it', async () => {
        for (const bad of ['short', 'has spaces in it, sixteen+', 'x'.repeat(129)]) {
            const answer = await server.call(createStore, {
                body: { name: `Bad Key ${nextSerial()}`, ...place },
                token: token.shopowner,
                headers: keyed(bad),
            });
            expect([answer.status, answer.error.field, answer.error.errors?.[0]?.key], bad).toEqual([
                400,
                IDEMPOTENCY_KEY_HEADER,
                'errors.idempotency_key_invalid',
            ]);
        }
        const listed = await server.call(listStores, { body: {}, token: token.shopowner, headers: keyed('short') });
        expect(listed.status).toBe(200);
    });

    it('leaves one effect from concurrent repeats, each answered with the one answer', async () => {
        const msisdn = freshMsisdn();
        const outcome = await race(server, fieldAgentRequest, 6, {
            body: newRequest(msisdn),
            token: token.fieldagent,
            headers: keyed(randomUUID()),
        });
        expect(outcome.statuses).toEqual({ 200: 6 });
        expect(new Set(outcome.winners.map(winner => JSON.stringify(winner.body))).size).toBe(1);
        expect(await requestsOf(msisdn)).toBe(1);

        const name = `Raced ${nextSerial()}`;
        const created = await race(server, createStore, 6, {
            body: { name, ...place },
            token: token.shopowner,
            headers: keyed(randomUUID()),
        });
        expect(created.statuses).toEqual({ 201: 6 });
        expect(await storesNamed(name)).toBe(1);
        const first = created.winners[0];
        if (!first) throw new Error('no winner');
        expect(await auditsOf('stores.create', first.body.id)).toBe(1);
    });

    it('answers a repeat that meets its key claimed, not yet answered, with the answer once it is kept', async () => {
        // The first request's write has committed with the key claimed; its answer is still being made.
        const key = randomUUID();
        const body = { name: `Claimed ${nextSerial()}`, ...place };
        const [owner] = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'shopowner'));
        const keyedAs = keyedRequest(key, owner?.id ?? 0, { method: 'POST', url: callAddress(createStore, {}, {}), body });
        await claimKey(server.db, keyedAs, server.clock.now());
        const repeat = server.call(createStore, { body, token: token.shopowner, headers: keyed(key) });
        // What the first request answered: another store's answer stands in for it.
        const shown = await server.call(createStore, {
            body: { name: `Shown ${nextSerial()}`, ...place },
            token: token.shopowner,
        });
        await keepAnswer(server.db, keyedAs, { status: 201, text: JSON.stringify(shown.body) }, true, server.clock.now());
        const answered = await repeat;
        expect([answered.status, answered.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]]).toEqual([201, 'true']);
        expect(answered.body).toEqual(shown.body);
        // The repeat did not do the work itself.
        expect(await storesNamed(body.name)).toBe(0);
    });

    it('replays an upload, and refuses the same key with another file as 422', async () => {
        const key = randomUUID();
        const file = { name: 'selfie.png', type: 'image/png', bytes: png(320, 320) };
        const send = (bytes: Buffer) =>
            server.call(uploadImage, {
                body: { kind: 'selfie' },
                files: [{ ...file, bytes }],
                token: token.agent,
                headers: keyed(key),
            });
        const images = async () => (await server.db.select({ value: count() }).from(kycImages))[0]?.value ?? 0;
        const before = await images();
        const first = await send(file.bytes);
        expect(first.status).toBe(201);
        const again = await send(file.bytes);
        expect([again.status, again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]]).toEqual([201, 'true']);
        expect(again.body).toEqual(first.body);
        expect(await images()).toBe(before + 1);
        const other = await send(png(330, 330));
        expect([other.status, other.error.key]).toEqual([422, 'errors.idempotency_key_reused']);
        expect(await images()).toBe(before + 1);
    });

    it('scopes the public registration apart from every user, replaying only the very same registration', async () => {
        const key = randomUUID();
        const serial = nextSerial();
        const body = {
            username: `kept.agent.${serial}`,
            first_name: 'Kept',
            last_name: `Agent ${serial}`,
            msisdn: freshMsisdn(),
            store_id: soweto,
            password: 'a-long-password-1',
        };
        const first = await server.call(register, { body, headers: keyed(key), remoteAddress: '10.67.0.1' });
        expect(first.status).toBe(201);
        const again = await server.call(register, { body, headers: keyed(key), remoteAddress: '10.67.0.2' });
        expect([again.status, again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]]).toEqual([201, 'true']);
        expect(again.body).toEqual(first.body);
        const guessed = await server.call(register, {
            body: { ...body, password: 'another-password-2' },
            headers: keyed(key),
            remoteAddress: '10.67.0.3',
        });
        expect([guessed.status, guessed.error.key]).toEqual([422, 'errors.idempotency_key_reused']);
        // Nothing readable is kept: neither the key nor the answer (which holds the registration token).
        const rows = await server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.adminId, 0));
        expect(rows).toHaveLength(1);
        expect(JSON.stringify(rows)).not.toContain(key);
        expect(JSON.stringify(rows)).not.toContain(body.username);
    });

    // Last: it moves the clock a day on.
    it(`frees the key after ${IDEMPOTENCY_KEY_HOURS} hours, and the sweep removes what is past the window`, async () => {
        const key = randomUUID();
        const name = `Window ${nextSerial()}`;
        const options = { body: { name, ...place }, token: token.shopowner, headers: keyed(key) };
        expect((await server.call(createStore, options)).status).toBe(201);
        server.clock.advance((IDEMPOTENCY_KEY_HOURS - 1) * 60 * 60_000);
        // Sessions end sooner than keys: the same user signs in again.
        options.token = await signInAs(server, 'shopowner');
        expect((await server.call(createStore, options)).headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
        server.clock.advance(60 * 60_000 + 1000);
        options.token = await signInAs(server, 'shopowner');
        // Done again, not replayed: the store exists, so the work itself refuses it now.
        const later = await server.call(createStore, options);
        expect([later.status, later.error.key]).toEqual([409, 'errors.store_name_taken']);
        const fresh = await server.call(createStore, {
            body: { name: `${name} Again`, ...place },
            token: options.token,
            headers: keyed(key),
        });
        expect(fresh.status).toBe(201);

        const kept = async () => (await server.db.select({ value: count() }).from(idempotencyKeys))[0]?.value ?? 0;
        const before = await kept();
        expect(await sweepIdempotencyKeys(server.db, server.clock.now())).toBeGreaterThan(0);
        // Only the answer kept in the last window stays.
        expect(await kept()).toBeLessThan(before);
        expect(await kept()).toBeGreaterThan(0);
        const still = await server.call(createStore, {
            body: { name: `${name} Again`, ...place },
            token: options.token,
            headers: keyed(key),
        });
        expect(still.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    });
});
