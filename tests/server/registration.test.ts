/**
 * Agent self-registration with its liveness step (contract/registration.ts `register`,
 * `registerLiveness`, `registrationCapture`; server/domain/registration): the photo binds to
 * the registration whose token it carries and no other, the step closes, and the checker of the
 * registration sees the photo.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideServiceTransaction, listServiceTransactions } from '../../contract/approvals';
import {
    REGISTRATION_CAPTURES,
    REGISTRATION_LIVENESS_MINUTES,
    register,
    registerLiveness,
    registrationCapture,
} from '../../contract/registration';
import { admins, auditEvents, registrationLiveness, stores } from '../../server/db/schema';
import {
    PENDING_REGISTRATION_PHOTO_DAYS,
    REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR,
    registrationStoreOf,
    sweepRegistrationPhotos,
} from '../../server/domain/registration';
import { png } from '../e2e/fixtures/kycImages';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let checker: string;
const storeIds: Record<string, number> = {};

beforeAll(async () => {
    server = await startTestServer();
    checker = await server.signIn('checker');
    for (const row of await server.db.select({ id: stores.id, name: stores.name }).from(stores)) storeIds[row.name] = row.id;
});
afterAll(() => server?.close());

let serial = 0;
/** Registers a new agent from its own source address; answers the body sent and the answer. */
const registerAgent = async (options: { msisdn?: string; store?: string } = {}) => {
    serial += 1;
    const body = {
        username: `live.agent.${serial}`,
        first_name: 'Live',
        last_name: `Agent ${serial}`,
        msisdn: options.msisdn ?? `2784600${String(serial).padStart(4, '0')}`,
        store_id: storeIds[options.store ?? 'Soweto Central'] ?? 0,
        password: 'a-long-password-1',
    };
    const answer = await server.call(register, { body, remoteAddress: `10.66.0.${serial}` });
    expect(answer.status).toBe(201);
    return { body, answer: answer.body };
};

const photo = (width = 480, height = 640) => [{ name: 'liveness.png', type: 'image/png', bytes: png(width, height) }];

let photoSource = 0;
/** Each photo from its own source, clear of the rate per source (tested on its own below). */
const takePhoto = (token: string, files = photo(), remoteAddress = `10.66.1.${(photoSource = (photoSource % 250) + 1)}`) =>
    server.call(registerLiveness, { body: { registration_token: token }, files, remoteAddress });

/** The registration request of `username`, as the checker's queue lists it. */
const requestOf = async (username: string) => {
    const listed = await server.call(listServiceTransactions, { query: { q: username, $limit: 5 }, token: checker });
    const request = listed.body[0];
    if (!request) throw new Error(`No registration request for ${username}`);
    return request;
};

describe('self-registration with liveness', () => {
    it('answers a token for the photo step, and the photo it takes is the one its checker sees', async () => {
        const { body, answer } = await registerAgent();
        expect(answer).toMatchObject({ username: body.username, status: 'pending_approval' });
        expect(answer.registration_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(Date.parse(answer.liveness_until) - server.clock.now().getTime()).toBe(REGISTRATION_LIVENESS_MINUTES * 60_000);
        // The token is kept only as its hash.
        const rows = await server.db.select().from(registrationLiveness);
        expect(JSON.stringify(rows)).not.toContain(answer.registration_token);

        const request = await requestOf(body.username);
        const none = await server.call(registrationCapture, { params: { id: String(request.id) }, token: checker });
        expect(none.status).toBe(200);
        expect(none.body.capture).toBeNull();

        const taken = await takePhoto(answer.registration_token);
        expect(taken.status).toBe(201);
        expect(taken.body).toMatchObject({ liveness: { passed: true, score: 1 }, captures_left: REGISTRATION_CAPTURES - 1 });

        const seen = await server.call(registrationCapture, { params: { id: String(request.id) }, token: checker });
        expect(seen.body.capture).toMatchObject({
            content_type: 'image/png',
            liveness: { passed: true, score: 1 },
            captured_at: taken.body.captured_at,
        });
        expect(seen.body.capture?.data_url).toBe(`data:image/png;base64,${png(480, 640).toString('base64')}`);

        const [agent] = await server.db.select().from(admins).where(eq(admins.username, body.username));
        const audited = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'admins.register_liveness'));
        expect(audited).toContainEqual(expect.objectContaining({ actorAdminId: agent?.id, entityId: String(agent?.id) }));
    });

    it("binds a photo to its own registration: another registration's request shows its own, or none", async () => {
        const first = await registerAgent();
        const second = await registerAgent();
        await takePhoto(first.answer.registration_token, photo(300, 400));
        const secondRequest = await requestOf(second.body.username);
        const firstRequest = await requestOf(first.body.username);
        const ofSecond = await server.call(registrationCapture, { params: { id: String(secondRequest.id) }, token: checker });
        expect(ofSecond.body.capture).toBeNull();
        const ofFirst = await server.call(registrationCapture, { params: { id: String(firstRequest.id) }, token: checker });
        expect(ofFirst.body.capture?.data_url).toBe(`data:image/png;base64,${png(300, 400).toString('base64')}`);
    });

    it('refuses a made-up token, an expired one, a spent one and one whose registration was decided, alike', async () => {
        const closed = (result: Awaited<ReturnType<typeof takePhoto>>) => {
            expect(result.status).toBe(409);
            expect(result.error).toMatchObject({ key: 'errors.registration_step_closed', field: 'registration_token' });
        };
        closed(await takePhoto('A'.repeat(43)));

        const spent = await registerAgent();
        for (let taken = 0; taken < REGISTRATION_CAPTURES; taken += 1) {
            expect((await takePhoto(spent.answer.registration_token)).status).toBe(201);
        }
        closed(await takePhoto(spent.answer.registration_token));

        const late = await registerAgent();
        server.clock.advance(REGISTRATION_LIVENESS_MINUTES * 60_000);
        closed(await takePhoto(late.answer.registration_token));

        const decided = await registerAgent();
        await server.db.update(admins).set({ status: 'disabled' }).where(eq(admins.username, decided.body.username));
        closed(await takePhoto(decided.answer.registration_token));
    });

    it('keeps the latest of the retakes, and refuses a picture too small to hold a face, naming the file', async () => {
        const { body, answer } = await registerAgent();
        const small = await takePhoto(answer.registration_token, photo(120, 160));
        expect(small.status).toBe(400);
        expect(small.error).toMatchObject({ key: 'errors.liveness_too_small', field: 'file' });
        await takePhoto(answer.registration_token, photo(480, 640));
        const retake = await takePhoto(answer.registration_token, photo(600, 800));
        expect(retake.body.captures_left).toBe(REGISTRATION_CAPTURES - 2);
        const request = await requestOf(body.username);
        const seen = await server.call(registrationCapture, { params: { id: String(request.id) }, token: checker });
        expect(seen.body.capture?.data_url).toBe(`data:image/png;base64,${png(600, 800).toString('base64')}`);
    });

    it('keeps the photo in the image store, removes the one a retake replaces, and says none when its file is gone', async () => {
        const { body, answer } = await registerAgent();
        const fileOf = async () => {
            const [agent] = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, body.username));
            const [step] = await server.db
                .select({ storedAs: registrationLiveness.storedAs })
                .from(registrationLiveness)
                .where(eq(registrationLiveness.adminId, agent?.id ?? 0));
            return step?.storedAs ?? '';
        };
        // The test server's store is a throwaway folder (memory://); a file's random name finds it.
        const located = (name: string) =>
            readdirSync(tmpdir())
                .filter(folder => folder.startsWith('portal-kyc-images-'))
                .map(folder => path.join(tmpdir(), folder, name))
                .find(file => existsSync(file));
        await takePhoto(answer.registration_token);
        const first = await fileOf();
        expect(located(first)).toBeDefined();
        await takePhoto(answer.registration_token, photo(600, 800));
        const second = await fileOf();
        expect(second).not.toBe(first);
        expect(located(first)).toBeUndefined();
        rmSync(located(second) ?? '');
        const request = await requestOf(body.username);
        const gone = await server.call(registrationCapture, { params: { id: String(request.id) }, token: checker });
        expect(gone.status).toBe(200);
        expect(gone.body.capture).toBeNull();
    });

    it('answers a registration refused unseen (a known number) the same, and keeps none of its photos', async () => {
        const known = await registerAgent({ msisdn: '27820000002' });
        expect(Object.keys(known.answer).sort()).toEqual(['liveness_until', 'registration_token', 'status', 'username']);
        const taken = await takePhoto(known.answer.registration_token);
        expect(taken.status).toBe(201);
        expect(taken.body.captures_left).toBe(REGISTRATION_CAPTURES - 1);
        const unseen = (await server.db.select().from(registrationLiveness)).filter(row => row.adminId === null);
        expect(unseen).toHaveLength(1);
        expect(unseen[0]).toMatchObject({ captures: 1, storedAs: null });
    });

    it('writes the photo of a registration refused unseen to the store as any other, then removes it: its timing is the same', async () => {
        const store = registrationStoreOf(server.app);
        const { put, remove } = store;
        const written: string[] = [];
        const removed: string[] = [];
        store.put = async bytes => {
            const name = await put(bytes);
            written.push(name);
            return name;
        };
        store.remove = async name => {
            removed.push(name);
            await remove(name);
        };
        try {
            const known = await registerAgent({ msisdn: '27820000002' });
            expect((await takePhoto(known.answer.registration_token)).status).toBe(201);
            expect(written).toHaveLength(1);
            expect(removed).toEqual(written);
            await expect(store.get(written[0] ?? '')).rejects.toMatchObject({ code: 'ENOENT' });
        } finally {
            store.put = put;
            store.remove = remove;
        }
    });

    it('a replaced photo that cannot be removed is logged, and the photo just saved stays', async () => {
        const store = registrationStoreOf(server.app);
        const { remove } = store;
        const { body, answer } = await registerAgent();
        await takePhoto(answer.registration_token);
        const [agent] = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, body.username));
        const storedAs = async () =>
            (
                await server.db
                    .select({ storedAs: registrationLiveness.storedAs })
                    .from(registrationLiveness)
                    .where(eq(registrationLiveness.adminId, agent?.id ?? 0))
            )[0]?.storedAs ?? '';
        const first = await storedAs();
        store.remove = async name => {
            if (name === first) throw Object.assign(new Error('the disk refused'), { code: 'EIO' });
            await remove(name);
        };
        try {
            const retake = await takePhoto(answer.registration_token, photo(600, 800));
            expect(retake.status).toBe(201);
            const second = await storedAs();
            expect(second).not.toBe(first);
            expect((await store.get(second)).length).toBeGreaterThan(0);
        } finally {
            store.remove = remove;
        }
    });

    it("shows the photo to checkers in the registration's reach only; not for other kinds of request", async () => {
        const { body, answer } = await registerAgent({ store: 'Durban Marine Parade' });
        await takePhoto(answer.registration_token);
        const request = await requestOf(body.username);
        await server.db.update(admins).set({ storeId: storeIds['Soweto Central'] }).where(eq(admins.username, 'checker'));
        try {
            const outOfReach = await server.call(registrationCapture, { params: { id: String(request.id) }, token: checker });
            expect(outOfReach.status).toBe(404);
            expect(outOfReach.error).toMatchObject({ key: 'errors.request_not_found' });
        } finally {
            await server.db.update(admins).set({ storeId: null }).where(eq(admins.username, 'checker'));
        }
        const missing = await server.call(registrationCapture, { params: { id: '999999' }, token: checker });
        expect(missing.status).toBe(404);
        const agentToken = await server.signIn('agent');
        const agent = await server.call(registrationCapture, { params: { id: String(request.id) }, token: agentToken });
        expect(agent.status).toBe(403);
    });

    it('holds one source to REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR photos, refused tokens included (429 with Retry-After)', async () => {
        for (let sent = 0; sent < REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR; sent += 1) {
            expect((await takePhoto('B'.repeat(43), photo(), '10.66.2.1')).status).toBe(409);
        }
        const past = await takePhoto('B'.repeat(43), photo(), '10.66.2.1');
        expect(past.status).toBe(429);
        expect(past.error).toMatchObject({ key: 'errors.too_many_attempts' });
        expect(past.headers['retry-after']).toBeDefined();
        const { answer } = await registerAgent();
        expect((await takePhoto(answer.registration_token, photo(), '10.66.2.2')).status).toBe(201);
    });

    // Last: it moves the clock a month on.
    it("removes a rejected registration's photo and a pending one's after PENDING_REGISTRATION_PHOTO_DAYS; an approved agent's stays", async () => {
        const store = registrationStoreOf(server.app);
        const sweep = () => sweepRegistrationPhotos(server.db, store, server.clock.now());
        const registered = async () => {
            const { body, answer } = await registerAgent();
            expect((await takePhoto(answer.registration_token)).status).toBe(201);
            const [row] = await server.db
                .select({ storedAs: registrationLiveness.storedAs })
                .from(registrationLiveness)
                .innerJoin(admins, eq(admins.id, registrationLiveness.adminId))
                .where(eq(admins.username, body.username));
            const request = await requestOf(body.username);
            const held = async () =>
                (
                    await server.db
                        .select({ storedAs: registrationLiveness.storedAs })
                        .from(registrationLiveness)
                        .innerJoin(admins, eq(admins.id, registrationLiveness.adminId))
                        .where(eq(admins.username, body.username))
                )[0]?.storedAs ?? null;
            return { request, file: row?.storedAs ?? '', held };
        };
        const decide = async (requestId: number, decision: 'approve' | 'reject') => {
            const answer = await server.call(decideServiceTransaction, {
                body: { request_id: requestId, decision, ...(decision === 'reject' ? { note: 'not one of ours' } : {}) },
                token: checker,
            });
            expect(answer.status).toBe(200);
        };
        const fileExists = (name: string) =>
            store.get(name).then(
                () => true,
                (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
            );

        const rejected = await registered();
        const approved = await registered();
        const pending = await registered();
        await decide(rejected.request.id, 'reject');
        await decide(approved.request.id, 'approve');
        expect(await sweep()).toBe(1);
        expect(await rejected.held()).toBeNull();
        expect(await fileExists(rejected.file)).toBe(false);
        const shown = await server.call(registrationCapture, { params: { id: String(rejected.request.id) }, token: checker });
        expect(shown.body.capture).toBeNull();
        expect(await approved.held()).toBe(approved.file);
        expect(await pending.held()).toBe(pending.file);
        const [audit] = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'registration_photos.expire'));
        expect(audit).toBeDefined();
        expect(await sweep()).toBe(0);

        server.clock.advance(PENDING_REGISTRATION_PHOTO_DAYS * 24 * 60 * 60_000 - 60_000);
        await sweep();
        expect(await pending.held()).toBe(pending.file);
        server.clock.advance(2 * 60_000);
        await sweep();
        expect(await pending.held()).toBeNull();
        expect(await fileExists(pending.file)).toBe(false);
        expect(await approved.held()).toBe(approved.file);
        expect(await fileExists(approved.file)).toBe(true);
    });
});
