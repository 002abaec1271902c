import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, myRoles, resendOtp } from '../../contract/auth';
import { devOutbox } from '../../contract/dev';
import { releaseAdminThrottle } from '../../contract/users';
import { admins, auditEvents, sessions, smsOutbox } from '../../server/db/schema';
import { OTP_SMS_PER_HOUR } from '../../server/domain/auth/otp';
import { PASSWORD, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());
// Each test starts an hour after the last, with the phone's hourly share of codes unused.
beforeEach(() => server.clock.advance(60 * 60_000));

const SECURE_MSISDN = '27820000008';

/** Starts a sign-in as `secure` and answers its auth_id and the code the outbox received. */
const startSignIn = async () => {
    const { status, body } = await server.call(login, { body: { username: 'secure', password: PASSWORD } });
    expect(status).toBe(200);
    if (!('otp_required' in body)) throw new Error('expected a second factor');
    return { authId: body.auth_id, sentTo: body.sent_to, code: await latestCode() };
};

const latestCode = async () => {
    const { body } = await server.call(devOutbox, { query: { msisdn: SECURE_MSISDN, $limit: 1 } });
    const code = /\b(\d{6})\b/.exec(body.data[0]?.text ?? '')?.[1];
    if (!code) throw new Error('no code in the outbox');
    return code;
};

/** Moves the clock by `ms` and answers the status of a password sign-in as `secure`. */
const startSignInAfter = async (ms: number) => {
    server.clock.advance(ms);
    return (await server.call(login, { body: { username: 'secure', password: PASSWORD } })).status;
};

const completeSignIn = (authId: string, otp: string) => server.call(login, { body: { auth_id: authId, otp } });

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the second factor', () => {
    it('asks for a code sent to the phone, then signs in with it', async () => {
        const sessionsBefore = (await server.db.select().from(sessions)).length;
        const { authId, sentTo, code } = await startSignIn();
        expect(authId).toMatch(/^[0-9a-f-]{36}$/);
        expect(sentTo).toBe('•••008');
        // No session yet: the password alone is not enough.
        expect((await server.db.select().from(sessions)).length).toBe(sessionsBefore);

        const { body: outbox } = await server.call(devOutbox, { query: { msisdn: SECURE_MSISDN } });
        expect(outbox.data[0]).toMatchObject({
            purpose: 'otp',
            text: `Your portal sign-in code is ${code}. It expires in 5 minutes.`,
        });

        const done = await completeSignIn(authId, code);
        expect(done.status).toBe(200);
        if (!('user' in done.body)) throw new Error('expected a session');
        expect(done.body.user).toMatchObject({ username: 'secure', group: { name: 'Portal Staff' } });
        expect((await server.call(myRoles, { token: done.body.user.token })).status).toBe(200);
    });

    it('refuses a wrong code, and still takes the right one afterwards', async () => {
        const { authId, code } = await startSignIn();
        const wrong = await completeSignIn(authId, otherThan(code));
        expect(wrong.status).toBe(401);
        expect(wrong.error).toMatchObject({ key: 'errors.otp_invalid', field: 'otp' });
        expect((await completeSignIn(authId, code)).status).toBe(200);
    });

    it('refuses a code once used', async () => {
        const { authId, code } = await startSignIn();
        expect((await completeSignIn(authId, code)).status).toBe(200);
        const again = await completeSignIn(authId, code);
        expect(again.status).toBe(401);
        expect(again.error.key).toBe('errors.otp_expired');
    });

    it('refuses a code after 5 minutes', async () => {
        const { authId, code } = await startSignIn();
        server.clock.advance(5 * 60_000 + 1000);
        const late = await completeSignIn(authId, code);
        expect(late.status).toBe(401);
        expect(late.error.key).toBe('errors.otp_expired');
    });

    it('allows 5 guesses: the fifth wrong one ends the sign-in, and the challenge takes no more tries, not even a new code', async () => {
        const { authId, code } = await startSignIn();
        for (let guess = 0; guess < 4; guess++) {
            expect((await completeSignIn(authId, otherThan(code))).error.key).toBe('errors.otp_invalid');
        }
        // The guess that spends the last try says so itself: the page turns to "sign in again" at once.
        const fifth = await completeSignIn(authId, otherThan(code));
        expect([fifth.status, fifth.error.key, fifth.error.field]).toEqual([401, 'errors.otp_attempts_exhausted', 'otp']);
        expect(fifth.headers['retry-after']).toBeUndefined();
        const sixth = await completeSignIn(authId, code);
        expect([sixth.status, sixth.error.key]).toEqual([401, 'errors.otp_attempts_exhausted']);

        // No SMS is spent on a code that could never be used.
        const sent = async () => (await server.db.select().from(smsOutbox).where(eq(smsOutbox.msisdn, SECURE_MSISDN))).length;
        const before = await sent();
        const resent = await server.call(resendOtp, { body: { auth_id: authId } });
        expect([resent.status, resent.error.key]).toEqual([401, 'errors.otp_attempts_exhausted']);
        expect(await sent()).toBe(before);

        // Signing in again is the way on.
        const again = await startSignIn();
        expect((await completeSignIn(again.authId, again.code)).status).toBe(200);
    });

    it('refuses an unknown auth_id and a malformed code', async () => {
        expect((await completeSignIn('00000000-0000-4000-8000-000000000000', '123456')).error.key).toBe('errors.otp_expired');
        expect((await completeSignIn('not-a-uuid', '123456')).error.key).toBe('errors.otp_expired');
        const malformed = await completeSignIn('00000000-0000-4000-8000-000000000000', '12ab');
        expect(malformed.status).toBe(400);
        expect(malformed.error.field).toBe('otp');
    });

    it('audits the code it issues without the code itself', async () => {
        const { authId, code } = await startSignIn();
        const [secure] = await server.db.select().from(admins).where(eq(admins.username, 'secure'));
        const [event] = await server.db.select().from(auditEvents).where(eq(auditEvents.entityId, authId));
        expect(event).toMatchObject({ action: 'otps.issue', entity: 'otps', actorAdminId: secure?.id });
        expect(JSON.stringify(event)).not.toContain(code);
    });
});

describe('sending a new code', () => {
    it('replaces the old code with a fresh one', async () => {
        const { authId, code: first } = await startSignIn();
        const resent = await server.call(resendOtp, { body: { auth_id: authId } });
        expect(resent.status).toBe(200);
        expect(resent.body).toEqual({ otp_required: true, auth_id: authId, sent_to: '•••008' });
        const second = await latestCode();
        if (second !== first) {
            expect((await completeSignIn(authId, first)).error.key).toBe('errors.otp_invalid');
        }
        expect((await completeSignIn(authId, second)).status).toBe(200);
    });

    it('gives the new code its own 5 minutes', async () => {
        const { authId } = await startSignIn();
        server.clock.advance(4 * 60_000);
        await server.call(resendOtp, { body: { auth_id: authId } });
        const code = await latestCode();
        server.clock.advance(4 * 60_000);
        expect((await completeSignIn(authId, code)).status).toBe(200);
    });

    it('refuses an unknown, used or expired sign-in', async () => {
        expect((await server.call(resendOtp, { body: { auth_id: '00000000-0000-4000-8000-000000000000' } })).error.key).toBe(
            'errors.otp_expired',
        );
        const used = await startSignIn();
        await completeSignIn(used.authId, used.code);
        expect((await server.call(resendOtp, { body: { auth_id: used.authId } })).status).toBe(401);
        const expired = await startSignIn();
        server.clock.advance(5 * 60_000 + 1000);
        expect((await server.call(resendOtp, { body: { auth_id: expired.authId } })).error.key).toBe('errors.otp_expired');
    });

    it('sends at most 5 codes for one sign-in', async () => {
        const { authId } = await startSignIn();
        for (let resend = 0; resend < 4; resend++) {
            expect((await server.call(resendOtp, { body: { auth_id: authId } })).status).toBe(200);
        }
        const tooMany = await server.call(resendOtp, { body: { auth_id: authId } });
        expect(tooMany.status).toBe(429);
        expect(tooMany.error.key).toBe('errors.too_many_attempts');
    });

    it('names the missing auth_id', async () => {
        const { status, error } = await server.callUnchecked(resendOtp, { body: {} });
        expect(status).toBe(400);
        expect(error).toMatchObject({ key: 'errors.field_required', field: 'auth_id' });
    });
});

describe('guessing the code', () => {
    it('counts wrong codes across resends: 5 guesses in all, however many codes were sent', async () => {
        const { authId, code } = await startSignIn();
        for (let guess = 0; guess < 3; guess++) expect((await completeSignIn(authId, otherThan(code))).status).toBe(401);
        expect((await server.call(resendOtp, { body: { auth_id: authId } })).status).toBe(200);
        const fresh = await latestCode();
        expect((await completeSignIn(authId, otherThan(fresh))).error.key).toBe('errors.otp_invalid');
        expect((await completeSignIn(authId, otherThan(fresh))).error.key).toBe('errors.otp_attempts_exhausted');
        const sixth = await completeSignIn(authId, fresh);
        expect(sixth.status).toBe(401);
        expect(sixth.error.key).toBe('errors.otp_attempts_exhausted');
    });

    it(`sends at most ${OTP_SMS_PER_HOUR} unused codes an hour to one phone, across sign-ins`, async () => {
        const sent = async () => (await server.db.select().from(smsOutbox).where(eq(smsOutbox.msisdn, SECURE_MSISDN))).length;
        for (let signIn = 0; signIn < OTP_SMS_PER_HOUR; signIn++) await startSignIn();
        const before = await sent();

        const refused = await server.call(login, { body: { username: 'secure', password: PASSWORD } });
        expect(refused.status).toBe(429);
        expect(refused.error.key).toBe('errors.too_many_codes');
        expect(refused.headers['retry-after']).toBe('3600');
        expect(await sent()).toBe(before);

        server.clock.advance(60 * 60_000);
        await startSignIn();
        expect(await sent()).toBe(before + 1);
    });

    it('three sign-ins and a resend in 90 seconds do not lock the user out: a code that signed in gives its place back', async () => {
        for (let signIn = 0; signIn < 3; signIn++) {
            const { authId, code } = await startSignIn();
            expect((await completeSignIn(authId, code)).status).toBe(200);
            server.clock.advance(20_000);
        }
        const fourth = await startSignIn();
        expect((await server.call(resendOtp, { body: { auth_id: fourth.authId } })).status).toBe(200);
        expect((await completeSignIn(fourth.authId, await latestCode())).status).toBe(200);
        server.clock.advance(20_000);
        // Five codes went out within 90 s; only the one the resend replaced was never used.
        for (let signIn = 0; signIn < 3; signIn++) {
            const { authId, code } = await startSignIn();
            expect((await completeSignIn(authId, code)).status).toBe(200);
        }
    });

    it('refuses the sixth unused code of the hour, saying when the next may be sent', async () => {
        // Five codes never used, ten minutes apart.
        for (let signIn = 0; signIn < OTP_SMS_PER_HOUR; signIn++) {
            await startSignIn();
            server.clock.advance(10 * 60_000);
        }
        // Now 50 minutes after the first: it stops counting in 10 minutes.
        const refused = await server.call(login, { body: { username: 'secure', password: PASSWORD } });
        expect([refused.status, refused.error.key]).toEqual([429, 'errors.too_many_codes']);
        expect(refused.headers['retry-after']).toBe('600');
        expect(refused.error.retry_after).toBe(600);
        expect(refused.error.message).toContain('SMS codes');

        const pending = await startSignInAfter(599_000);
        expect(pending).toBe(429);
        server.clock.advance(1000);
        const { authId, code } = await startSignIn();
        expect((await completeSignIn(authId, code)).status).toBe(200);
    });

    it('refuses a resend once the phone has had its hourly share', async () => {
        const { authId } = await startSignIn();
        for (let signIn = 1; signIn < OTP_SMS_PER_HOUR; signIn++) await startSignIn();
        const resent = await server.call(resendOtp, { body: { auth_id: authId } });
        expect(resent.status).toBe(429);
        expect(resent.error.key).toBe('errors.too_many_codes');
    });

    it("an administrator's release gives the phone its hourly share back, and the audit says what it cleared", async () => {
        for (let signIn = 0; signIn < OTP_SMS_PER_HOUR; signIn++) await startSignIn();
        const locked = await server.call(login, { body: { username: 'secure', password: PASSWORD } });
        expect(locked.error.key).toBe('errors.too_many_codes');
        server.clock.advance(60_000);

        const [secure] = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'secure'));
        if (!secure) throw new Error('no secure user seeded');
        const released = await server.call(releaseAdminThrottle, {
            params: { id: secure.id },
            token: await server.signIn('admin'),
        });
        expect(released.status).toBe(200);
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(eq(auditEvents.action, 'sign_in_attempts.release'))
            .orderBy(desc(auditEvents.id))
            .limit(1);
        expect(event).toMatchObject({ entityId: String(secure.id) });
        expect(event?.after).toMatchObject({ codes_released: OTP_SMS_PER_HOUR, phone: '•••008' });

        const { authId, code } = await startSignIn();
        expect((await completeSignIn(authId, code)).status).toBe(200);
        // A fresh share, not an unlimited one (the code used above gave its place back).
        for (let signIn = 0; signIn < OTP_SMS_PER_HOUR; signIn++) await startSignIn();
        const again = await server.call(login, { body: { username: 'secure', password: PASSWORD } });
        expect(again.error.key).toBe('errors.too_many_codes');
    });
});
