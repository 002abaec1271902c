/**
 * Sign-in device tokens (server/domain/auth/devices.ts): a browser that signed in as a user is let
 * in by that user's own failure budget, whatever its address's other traffic did; a browser
 * without the token is throttled as before. A token is good only under the password it was issued
 * under, for an active account, and while its own budget is open.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOwnPassword, login } from '../../contract/auth';
import { devOutbox } from '../../contract/dev';
import { createAdmin, resetAdminPassword, setAdminStatus } from '../../contract/users';
import { adminGroups, auditEvents, serverSecrets } from '../../server/db/schema';
import { race } from './concurrency';
import { PASSWORD, startTestServer, type CallResult, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

const MINUTE = 60_000;

/** The `name=value` of the device cookie an answer sets, and the cookie's attributes. */
const deviceCookieOf = (answer: CallResult<typeof login>) => {
    const header = answer.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header ?? '']).find(cookie => cookie.startsWith('pfp_device_'));
    if (!line) throw new Error(`no device cookie in ${answer.status} ${JSON.stringify(header)}`);
    const [pair = '', ...attributes] = line.split(';').map(part => part.trim());
    return { pair, attributes };
};

const signIn = (username: string, password: string, from: string, cookie?: string) =>
    server.call(login, { body: { username, password }, remoteAddress: from, ...(cookie ? { headers: { cookie } } : {}) });

/** A browser at `from` that signed in as `username`: its device cookie. */
const knownBrowser = async (username: string, from: string) => {
    const answer = await signIn(username, PASSWORD, from);
    expect(answer.status).toBe(200);
    return deviceCookieOf(answer).pair;
};

/** Closes an address to everyone without a device token: failures there, spread over usernames, until the 20th. */
const closeAddress = async (from: string) => {
    for (let name = 0; name <= 20; name++) {
        if ((await signIn(`typo${name}`, 'wrong-password', from)).status === 429) return;
    }
    throw new Error(`${from} was not closed by 20 failures`);
};

describe('the device cookie', () => {
    it('is set by a successful sign-in only: HttpOnly, SameSite=Strict, sent to the sign-in calls alone', async () => {
        const failed = await signIn('maker', 'wrong-password', '198.51.100.1');
        expect(failed.headers['set-cookie']).toBeUndefined();
        const { pair, attributes } = deviceCookieOf(await signIn('maker', PASSWORD, '198.51.100.1'));
        expect(pair).toMatch(/^pfp_device_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
        expect(pair).not.toContain('maker');
        expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/portal_api/authentication']));
        // Served over plain HTTP here: a Secure cookie would never come back.
        expect(attributes).not.toContain('Secure');
    });

    it('is Secure when the portal is served over HTTPS', async () => {
        const app = await server.buildAnother({ trustProxy: true });
        const answer = await app.inject({
            method: 'POST',
            url: '/portal_api/authentication',
            headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.2' },
            payload: JSON.stringify({ username: 'maker', password: PASSWORD }),
        });
        expect(answer.statusCode).toBe(200);
        expect(String(answer.headers['set-cookie'])).toMatch(/; Secure$/);
    });

    it('is set when the SMS code completes a sign-in, not by the password step', async () => {
        const first = await signIn('secure', PASSWORD, '198.51.100.3');
        if (!('otp_required' in first.body)) throw new Error('expected a second factor');
        expect(first.headers['set-cookie']).toBeUndefined();
        const { body: outbox } = await server.call(devOutbox, { query: { msisdn: '27820000008', $limit: 1 } });
        const code = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1] ?? '';
        const done = await server.call(login, {
            body: { auth_id: first.body.auth_id, otp: code },
            remoteAddress: '198.51.100.3',
        });
        expect(done.status).toBe(200);
        const cookie = deviceCookieOf(done).pair;

        // The second step's token is as good as a password sign-in's: it lets `secure` past a closed address.
        await closeAddress('198.51.100.3');
        expect((await signIn('secure', PASSWORD, '198.51.100.3', cookie)).status).toBe(200);
    });

    it('is Secure in production even when the protocol reads http (a TLS proxy not trusted)', async () => {
        const app = await server.buildAnother({ production: true });
        const answer = await app.inject({
            method: 'POST',
            url: '/portal_api/authentication',
            headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
            payload: JSON.stringify({ username: 'maker', password: PASSWORD }),
            remoteAddress: '198.51.100.4',
        });
        expect(answer.statusCode).toBe(200);
        expect(String(answer.headers['set-cookie'])).toMatch(/^pfp_device_.*; Secure$/);
    });

    it('is good on every instance that shares DEVICE_TOKEN_SECRET, and on no other', async () => {
        const office = '203.0.113.30';
        const [one, same, other] = await Promise.all(
            ['a', 'a', 'b'].map(letter => server.buildAnother({ deviceTokenSecret: letter.repeat(32) })),
        );
        const signInAt = (app: typeof one, password: string, cookie?: string) =>
            app!.inject({
                method: 'POST',
                url: '/portal_api/authentication',
                headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
                payload: JSON.stringify({ username: 'maker', password }),
                remoteAddress: office,
            });
        const first = await signInAt(one, PASSWORD);
        const cookie = String(first.headers['set-cookie']).split(';')[0];
        await closeAddress(office);
        expect((await signInAt(same, PASSWORD, cookie)).statusCode).toBe(200);
        expect((await signInAt(other, PASSWORD, cookie)).statusCode).toBe(429);
    });

    it('keeps its signing key in the database, made once, never audited', async () => {
        const keys = await server.db.select().from(serverSecrets);
        expect(keys.map(key => key.name)).toEqual(['device_token_key']);
        const made = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'server_secrets.create'));
        expect(made).toHaveLength(1);
        expect(JSON.stringify(made)).not.toContain(keys[0]?.value);
    });
});

describe('a shared address', () => {
    it("closed by 20 failures, still lets in a browser known for the user, and only for that user's token", async () => {
        const office = '203.0.113.20';
        const adminCookie = await knownBrowser('admin', office);
        const makerCookie = await knownBrowser('maker', '198.51.100.20');
        // Five wrong passwords for admin from the office without the cookie (another device's), then the rest's typos.
        for (let attempt = 0; attempt < 5; attempt++) expect((await signIn('admin', 'wrong-password', office)).status).toBe(401);
        await closeAddress(office);

        expect((await signIn('admin', PASSWORD, office)).status).toBe(429);
        expect((await signIn('admin', PASSWORD, office, adminCookie)).status).toBe(200);
        // Another user's token, or a forged one, is no token at all.
        expect((await signIn('admin', PASSWORD, office, makerCookie)).status).toBe(429);
        const [name = '', value = ''] = adminCookie.split('=');
        const forged = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
        expect((await signIn('admin', PASSWORD, office, forged)).status).toBe(429);
        // maker's token under admin's cookie name: signed for another username.
        expect((await signIn('admin', PASSWORD, office, `${name}=${makerCookie.split('=')[1]}`)).status).toBe(429);
        // Nor does the known browser open the address to anyone else.
        expect((await signIn('maker', PASSWORD, office, adminCookie)).status).toBe(429);
    });

    it('a known browser has its own budget: its 5 failures do not count against the address, nor the address against it', async () => {
        const office = '203.0.113.21';
        const cookie = await knownBrowser('checker', office);
        for (let attempt = 1; attempt <= 5; attempt++) {
            expect((await signIn('checker', `wrong-password-${attempt}`, office, cookie)).status).toBe(401);
            server.clock.advance(MINUTE);
        }
        // Its failures are its own: not the address's, nor the username's from elsewhere.
        expect((await signIn('checker', PASSWORD, '198.51.100.21')).status).toBe(200);
        expect((await signIn('analyst', PASSWORD, office)).status).toBe(200);
    });

    it('a token whose budget is closed is no token: the attempt is counted against the address, as one without it', async () => {
        const office = '203.0.113.24';
        const cookie = await knownBrowser('checker', office);
        for (let attempt = 1; attempt <= 5; attempt++) {
            expect((await signIn('checker', `wrong-password-${attempt}`, office, cookie)).status).toBe(401);
            server.clock.advance(MINUTE);
        }
        // The token's budget is closed: 5 more guesses at most, those the username has from the address.
        for (let attempt = 6; attempt <= 10; attempt++) {
            expect((await signIn('checker', `wrong-password-${attempt}`, office, cookie)).status).toBe(401);
        }
        const refused = await signIn('checker', PASSWORD, office, cookie);
        expect(refused.status).toBe(429);
        expect(refused.error.retry_after).toBe(15 * 60);
        expect((await signIn('checker', PASSWORD, office)).status).toBe(429);
        // Its 5 guesses were the address's: 15 more failures there close it to everyone without a token.
        for (let name = 0; name < 15; name++) expect((await signIn(`typo${name}`, 'wrong-password', office)).status).toBe(401);
        expect((await signIn('typo15', 'wrong-password', office)).status).toBe(429);

        // When the window frees, the token is good again.
        server.clock.advance(15 * MINUTE);
        expect((await signIn('checker', PASSWORD, office, cookie)).status).toBe(200);
    });

    it('a token that expired is no token', async () => {
        const office = '203.0.113.22';
        const cookie = await knownBrowser('analyst', office);
        server.clock.advance(181 * 24 * 60 * MINUTE);
        await closeAddress(office);
        expect((await signIn('analyst', PASSWORD, office, cookie)).status).toBe(429);
    });

    it('parallel wrong guesses with a token: no more than its budget reach the password check', async () => {
        const cookie = await knownBrowser('agent', '203.0.113.23');
        const outcome = await race(server, login, 30, {
            body: { username: 'agent', password: 'wrong-password' },
            remoteAddress: '203.0.113.23',
            headers: { cookie },
        });
        // Its 5, then (its budget closed) at most the 5 the username has from the address: how many of
        // those the rest reach depends on timing, since attempts beyond a budget's worth waiting for
        // room are refused at once as a flood (throttle.ts). Every other one is refused, none let in.
        const { 401: checked = 0, 429: refused = 0, ...others } = outcome.statuses;
        expect(others).toEqual({});
        expect(checked).toBeGreaterThanOrEqual(5);
        expect(checked).toBeLessThanOrEqual(10);
        expect(checked + refused).toBe(30);
    });
});

describe('a token is revoked', () => {
    let adminToken = '';
    let serial = 0;
    beforeAll(async () => {
        adminToken = await server.signIn('admin');
    });

    /** A new active user (the demo ones are the other tests'), signed in nowhere yet. */
    const newUser = async () => {
        serial += 1;
        const [group] = await server.db.select({ id: adminGroups.id }).from(adminGroups).where(eq(adminGroups.name, 'Analytics'));
        const username = `device.probe.${serial}`;
        const created = await server.call(createAdmin, {
            body: {
                username,
                first_name: 'Device',
                last_name: `Probe ${serial}`,
                msisdn: `2783500${String(serial).padStart(4, '0')}`,
                group_id: group?.id ?? 0,
                password: PASSWORD,
            },
            token: adminToken,
        });
        expect(created.status).toBe(201);
        return { id: created.body.id, username };
    };

    it("by an administrator's reset of the password: the old token no longer opens a closed address", async () => {
        const office = '203.0.113.40';
        const user = await newUser();
        const cookie = await knownBrowser(user.username, office);
        const reset = await server.call(resetAdminPassword, { params: { id: user.id }, token: adminToken });
        expect(reset.status).toBe(200);
        await closeAddress(office);
        expect((await signIn(user.username, reset.body.temporary_password, office, cookie)).status).toBe(429);
        // A sign-in under the new password elsewhere gives a token that does.
        const fresh = deviceCookieOf(await signIn(user.username, reset.body.temporary_password, '198.51.100.40')).pair;
        expect((await signIn(user.username, reset.body.temporary_password, office, fresh)).status).toBe(200);
    });

    it("by one's own change of password", async () => {
        const office = '203.0.113.41';
        const user = await newUser();
        const answer = await signIn(user.username, PASSWORD, office);
        if (!('user' in answer.body)) throw new Error('expected a session');
        const cookie = deviceCookieOf(answer).pair;
        const changed = await server.call(changeOwnPassword, {
            body: { current_password: PASSWORD, new_password: `${PASSWORD}-changed` },
            token: answer.body.user.token,
        });
        expect(changed.status).toBe(200);
        await closeAddress(office);
        expect((await signIn(user.username, `${PASSWORD}-changed`, office, cookie)).status).toBe(429);
    });

    it('by disabling the account: its sign-ins from a closed address are refused there, not let through to the account check', async () => {
        const office = '203.0.113.42';
        const user = await newUser();
        const cookie = await knownBrowser(user.username, office);
        expect(
            (await server.call(setAdminStatus, { params: { id: user.id }, body: { status: 'disabled' }, token: adminToken }))
                .status,
        ).toBe(200);
        await closeAddress(office);
        expect((await signIn(user.username, PASSWORD, office, cookie)).status).toBe(429);
        // Enabled again, under the same password, the token is good again.
        expect(
            (await server.call(setAdminStatus, { params: { id: user.id }, body: { status: 'active' }, token: adminToken }))
                .status,
        ).toBe(200);
        expect((await signIn(user.username, PASSWORD, office, cookie)).status).toBe(200);
    });
});
