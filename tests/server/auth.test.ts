import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_VERSION } from '../../contract';
import { health, login, logout, myRoles } from '../../contract/auth';
import { register, registrationOptions } from '../../contract/registration';
import { admins, auditEvents, signInAttempts } from '../../server/db/schema';
import { DEMO_GROUPS } from '../../server/seed';
import { race } from './concurrency';
import { PASSWORD, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

const signIn = (username: string, password: string, remoteAddress?: string) =>
    server.call(login, { body: { username, password }, ...(remoteAddress ? { remoteAddress } : {}) });
const MINUTE = 60_000;

describe('signing in with a password', () => {
    it('answers the session user, with an expiry in the future', async () => {
        const before = server.clock.now().getTime();
        const { status, body } = await signIn('admin', PASSWORD);
        expect(status).toBe(200);
        if (!('user' in body)) throw new Error('expected a session');
        expect(body.user).toMatchObject({
            username: 'admin',
            name: 'Thandi Mokoena',
            group: { name: 'Super Admin' },
            shop: null,
        });
        expect(body.user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(body.user.exp).toBeGreaterThan(before);
        expect(Math.abs(body.user.exp - (before + 8 * 3600 * 1000))).toBeLessThan(60_000);
    });

    it("carries the admin's shop", async () => {
        const { body } = await signIn('agent', PASSWORD);
        if (!('user' in body)) throw new Error('expected a session');
        expect(body.user.shop).toMatchObject({ name: 'Soweto Central' });
        expect(body.user.group.name).toBe('Sales Agent');
    });

    it('takes the username in any case and with stray spaces', async () => {
        const { status } = await signIn('  Maker ', PASSWORD);
        expect(status).toBe(200);
    });

    it('answers a wrong password and an unknown user the same way', async () => {
        const wrongPassword = await signIn('maker', 'not-the-password');
        const unknownUser = await signIn('nobody-here', PASSWORD);
        expect(wrongPassword.status).toBe(401);
        expect(unknownUser.status).toBe(401);
        expect(wrongPassword.error).toEqual(unknownUser.error);
        expect(wrongPassword.error.key).toBe('errors.invalid_credentials');
    });

    it('refuses an agent awaiting approval, even with the right password', async () => {
        const { body: options } = await server.call(registrationOptions);
        const store = options.stores[0];
        if (!store) throw new Error('no stores seeded');
        const registered = await server.call(register, {
            body: {
                username: 'pending.agent',
                first_name: 'Pending',
                last_name: 'Agent',
                msisdn: '27829990001',
                store_id: store.id,
                password: 'a-long-password-1',
            },
        });
        expect(registered.status).toBe(201);
        const refused = await signIn('pending.agent', 'a-long-password-1');
        expect(refused.status).toBe(403);
        expect(refused.error.key).toBe('errors.account_not_active');
        // A wrong password still gets the ordinary answer: the status shows only to the password's holder.
        expect((await signIn('pending.agent', 'wrong-password-1')).error.key).toBe('errors.invalid_credentials');
    });

    it('names the missing field', async () => {
        const { status, error } = await server.callUnchecked(login, { body: { username: 'admin' } });
        expect(status).toBe(400);
        expect(error).toMatchObject({ code: 400, name: 'BadRequest', key: 'errors.field_required', field: 'password' });
    });

    it('records every attempt and audits success and failure', async () => {
        const attempts = await server.db.select().from(signInAttempts).where(eq(signInAttempts.username, 'maker'));
        expect(attempts.map(attempt => attempt.outcome).sort()).toEqual(['bad_credentials', 'ok']);
        const events = await server.db.select().from(auditEvents).where(eq(auditEvents.entity, 'sessions'));
        const actions = events.map(event => event.action);
        expect(actions).toContain('sessions.sign_in');
        expect(actions).toContain('sessions.sign_in_failed');
        const [maker] = await server.db.select().from(admins).where(eq(admins.username, 'maker'));
        expect(events.find(event => event.action === 'sessions.sign_in' && event.actorAdminId === maker?.id)).toBeTruthy();
        expect(JSON.stringify(events)).not.toContain(PASSWORD);
    });
});

describe('throttling', () => {
    it('closes a username to a source after 5 failures from it in 15 minutes, even for the right password, until the window frees', async () => {
        const from = '203.0.113.1';
        for (let attempt = 1; attempt <= 5; attempt++) {
            expect((await signIn('checker', `wrong-password-${attempt}`, from)).status).toBe(401);
            server.clock.advance(MINUTE);
        }
        const throttled = await signIn('checker', 'wrong-password-6', from);
        expect(throttled.status).toBe(429);
        expect(throttled.error.key).toBe('errors.too_many_attempts');
        // The first failure was 5 minutes ago: it leaves the window in 10 minutes.
        expect(throttled.error.retry_after).toBe(10 * 60);
        expect(throttled.headers['retry-after']).toBe(String(10 * 60));

        const rightButThrottled = await signIn('checker', PASSWORD, from);
        expect(rightButThrottled.status).toBe(429);

        server.clock.advance(10 * MINUTE - 1000);
        expect((await signIn('checker', PASSWORD, from)).status).toBe(429);
        server.clock.advance(1000);
        expect((await signIn('checker', PASSWORD, from)).status).toBe(200);
    });

    it('a stranger cannot lock an account for its owner: failures from one source do not close it to another', async () => {
        for (let attempt = 0; attempt < 10; attempt++) await signIn('admin', 'wrong-password', '203.0.113.66');
        expect((await signIn('admin', PASSWORD, '203.0.113.66')).status).toBe(429);
        expect((await signIn('admin', PASSWORD, '198.51.100.7')).status).toBe(200);
    });

    it('closes a source that tries many usernames: 100 names from one address meet 429s after 20 failures', async () => {
        const from = '203.0.113.2';
        const statuses: number[] = [];
        for (let name = 0; name < 100; name++) statuses.push((await signIn(`spray${name}`, 'wrong-password', from)).status);
        expect(statuses.slice(0, 20).every(status => status === 401)).toBe(true);
        expect(statuses.slice(20).every(status => status === 429)).toBe(true);
        // Another source is not affected.
        expect((await signIn('maker', PASSWORD, '203.0.113.3')).status).toBe(200);
    });

    it('counts parallel guesses: of 30 at once from one source, at most 5 reach the password check', async () => {
        const from = '203.0.113.4';
        const answers = await Promise.all(Array.from({ length: 30 }, () => signIn('agent', 'wrong-password', from)));
        expect(answers.filter(answer => answer.status === 401).length).toBe(5);
        expect(answers.filter(answer => answer.status === 429).length).toBe(25);
    });

    it('counts only failures: 6 right passwords at once from one source all sign in, and 25 of 5 users', async () => {
        const from = '203.0.113.8';
        const one = await race(server, login, 6, { body: { username: 'shopowner', password: PASSWORD }, remoteAddress: from });
        expect(one.statuses).toEqual({ 200: 6 });
        // More than the source's 20 at once: the last wait for the first to settle, then sign in too.
        const users = ['admin', 'maker', 'checker', 'agent', 'shopowner'];
        const many = await race(server, login, 25, index => ({
            body: { username: users[index % users.length], password: PASSWORD },
            remoteAddress: from,
        }));
        expect(many.statuses).toEqual({ 200: 25 });
    });

    it('after 4 failures, parallel right passwords still all sign in: each success forgives what came before', async () => {
        const from = '203.0.113.9';
        for (let attempt = 0; attempt < 4; attempt++) expect((await signIn('maker', 'wrong-password', from)).status).toBe(401);
        const outcome = await race(server, login, 6, { body: { username: 'maker', password: PASSWORD }, remoteAddress: from });
        expect(outcome.statuses).toEqual({ 200: 6 });
    });

    it('50 parallel wrong guesses: no more than 5 reach the password check; at most 20 wait for them, the rest are refused at once', async () => {
        const outcome = await race(server, login, 50, {
            body: { username: 'checker', password: 'wrong-password' },
            remoteAddress: '203.0.113.10',
        });
        expect(outcome.statuses).toEqual({ 401: 5, 429: 45 });
        const waits = outcome.losers.filter(loser => loser.status === 429).map(loser => loser.error.retry_after);
        // Those that waited learn the window once the 5 failed; a flood beyond the source's budget waits
        // for nothing and is told to try again shortly (when the window is closed to it too).
        expect(waits.filter(wait => wait === 15 * 60).length).toBeLessThanOrEqual(20);
        expect(waits.filter(wait => wait === 15 * 60).length).toBeGreaterThanOrEqual(1);
        expect(waits.every(wait => wait === 15 * 60 || wait === 1)).toBe(true);
        const again = await signIn('checker', 'wrong-password', '203.0.113.10');
        expect([again.status, again.error.retry_after]).toEqual([429, 15 * 60]);
    });

    it('an attempt cut off before it settled (its server stopped) counts as a failure after a minute', async () => {
        const from = '203.0.113.11';
        const cutOff = new Date(server.clock.now().getTime() - 61_000);
        await server.db.insert(signInAttempts).values(
            Array.from({ length: 5 }, () => ({
                username: 'analyst',
                source: from,
                succeeded: false,
                outcome: 'pending',
                at: cutOff,
            })),
        );
        const throttled = await signIn('analyst', PASSWORD, from);
        expect(throttled.status).toBe(429);
        expect(throttled.error.retry_after).toBe(15 * 60 - 61);
    });

    it('forgets failures before a success from the same source', async () => {
        const from = '203.0.113.5';
        for (let attempt = 0; attempt < 4; attempt++)
            expect((await signIn('fieldagent', 'wrong-password', from)).status).toBe(401);
        expect((await signIn('fieldagent', PASSWORD, from)).status).toBe(200);
        for (let attempt = 0; attempt < 4; attempt++)
            expect((await signIn('fieldagent', 'wrong-password', from)).status).toBe(401);
        expect((await signIn('fieldagent', PASSWORD, from)).status).toBe(200);
    });

    it('forgets failures older than 15 minutes', async () => {
        const from = '203.0.113.6';
        for (let attempt = 0; attempt < 4; attempt++) expect((await signIn('analyst', 'wrong-password', from)).status).toBe(401);
        server.clock.advance(16 * MINUTE);
        for (let attempt = 0; attempt < 4; attempt++) expect((await signIn('analyst', 'wrong-password', from)).status).toBe(401);
        expect((await signIn('analyst', PASSWORD, from)).status).toBe(200);
    });

    it('throttles unknown usernames like known ones', async () => {
        const from = '203.0.113.7';
        for (let attempt = 0; attempt < 5; attempt++) expect((await signIn('ghost', 'wrong-password', from)).status).toBe(401);
        const throttled = await signIn('ghost', 'wrong-password', from);
        expect(throttled.status).toBe(429);
        expect(throttled.error.retry_after).toBeGreaterThan(0);
    });
});

describe('sessions', () => {
    it('signing out revokes the token', async () => {
        const token = await server.signIn('shopowner');
        expect((await server.call(myRoles, { token })).status).toBe(200);
        const out = await server.call(logout, { token });
        expect(out.status).toBe(200);
        expect(out.body).toEqual({ ok: true });
        const after = await server.call(myRoles, { token });
        expect(after.status).toBe(401);
        expect(after.error.key).toBe('errors.not_signed_in');
        expect((await server.call(logout, { token })).status).toBe(401);
    });

    it('an expired session is refused', async () => {
        const token = await server.signIn('shopowner');
        server.clock.advance(8 * 3600 * 1000 - 5000);
        expect((await server.call(myRoles, { token })).status).toBe(200);
        server.clock.advance(10_000);
        const expired = await server.call(myRoles, { token });
        expect(expired.status).toBe(401);
        expect(expired.error.key).toBe('errors.not_signed_in');
    });

    it('takes the token from the access-token header too, and refuses an unknown one', async () => {
        const token = await server.signIn('maker');
        expect((await server.call(myRoles, { headers: { 'access-token': token } })).status).toBe(200);
        expect((await server.call(myRoles, { token: 'not-a-token' })).status).toBe(401);
        expect((await server.call(myRoles)).status).toBe(401);
    });

    it("a disabled admin's session stops working", async () => {
        const token = await server.signIn('analyst');
        await server.db.update(admins).set({ status: 'disabled' }).where(eq(admins.username, 'analyst'));
        try {
            expect((await server.call(myRoles, { token })).status).toBe(401);
            expect((await signIn('analyst', PASSWORD)).error.key).toBe('errors.account_not_active');
        } finally {
            await server.db.update(admins).set({ status: 'active' }).where(eq(admins.username, 'analyst'));
        }
    });
});

describe('my roles', () => {
    it("answers the session group's roles with their codes", async () => {
        const token = await server.signIn('maker');
        const { status, body } = await server.call(myRoles, { token });
        expect(status).toBe(200);
        expect(body.group_id).toBeGreaterThan(0);
        expect(body.data.every(row => row.group_id === body.group_id && row.admin_role.id === row.role_id)).toBe(true);
        expect(body.data.map(row => row.admin_role.code).sort()).toEqual([...DEMO_GROUPS['Portal Staff']].sort());
    });
});

describe('health', () => {
    it('answers ok and the portal version after checking the database', async () => {
        const { status, body } = await server.call(health);
        expect(status).toBe(200);
        expect(body).toEqual({ status: 'ok', version: PORTAL_VERSION });
    });
});
