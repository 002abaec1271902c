/**
 * A financed phone's lock: commands requested at once and confirmed by the provider later (the
 * simulator answers when the test moves the clock), failures, offline PINs used once for the
 * challenge they answer, the Vivo code valid 5 minutes, and releasing a paid-off phone.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    confirmLockActivation,
    deviceLockCommand,
    deviceLockType,
    offlineUnlockPin,
    releaseDevice,
    sendVivoAuthCode,
    verifyVivoAuthCode,
} from '../../contract/devices';
import { devPhoneOfflineUnlock, devPhoneScreen } from '../../contract/dev';
import { customerLoans } from '../../contract/customers';
import { auditEvents, deviceLocks, loans, offlinePins, smsOutbox } from '../../server/db/schema';
import { OTP } from '../../server/domain/auth/otp';
import { OFFLINE_PIN, redeemOfflinePin } from '../../server/domain/devices/offlinePins';
import { SIMULATED_DELAY_MS, SIMULATED_FAILURE_TAC } from '../../server/domain/devices/lockProviders';
import { withCheckDigit } from '../../server/seed/customers';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { makeLoan, makeVivoCode, nextSerial, VIVO_TEST_CODE } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};

const signInEveryone = async () => {
    for (const username of ['admin', 'maker', 'agent']) token[username] = await signInAs(server, username);
};

beforeAll(async () => {
    server = await startTestServer();
    await signInEveryone();
}, 60_000);
afterAll(() => server?.close());

/** The loans' default model (OPPO A18) uses Trustonic. */
const TRUSTONIC_DELAY = SIMULATED_DELAY_MS.trustonic;

const lock = (loanReference: string, command: 'lock' | 'unlock' = 'lock') =>
    server.call(deviceLockCommand, {
        body: { loan_reference: loanReference, command, reason: 'Two instalments missed' },
        token: token.maker,
    });

const deviceOf = async (msisdn: string, loanReference: string) => {
    const { body } = await server.call(deviceLockType, { body: { msisdn }, token: token.maker });
    return body.devices.find(device => device.loan_reference === loanReference);
};

describe('lock and unlock', () => {
    it('is requested at once and confirmed when the provider answers', async () => {
        const made = await makeLoan(server.db);
        const requested = await lock(made.loanReference);
        expect(requested.status).toBe(200);
        expect(requested.body).toMatchObject({
            state: 'locking',
            requested_state: 'locked',
            confirmed_state: 'active',
            lock_solution: 'trustonic',
        });

        server.clock.advance(TRUSTONIC_DELAY - 1);
        expect(await deviceOf(made.msisdn, made.loanReference)).toMatchObject({ state: 'locking', requested_state: 'locked' });
        server.clock.advance(1);
        expect(await deviceOf(made.msisdn, made.loanReference)).toMatchObject({
            state: 'locked',
            requested_state: null,
            confirmed_state: 'locked',
        });

        expect((await lock(made.loanReference, 'unlock')).body).toMatchObject({ state: 'unlocking', requested_state: 'active' });
        server.clock.advance(TRUSTONIC_DELAY);
        const loansList = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.maker });
        expect(loansList.body.data[0]?.device).toMatchObject({ state: 'active', confirmed_state: 'active' });
    });

    it('refuses a command the device state does not allow, with 409 and nothing changed', async () => {
        const made = await makeLoan(server.db);
        const unlockActive = await lock(made.loanReference, 'unlock');
        expect([unlockActive.status, unlockActive.error.key]).toEqual([409, 'errors.device_state']);
        await lock(made.loanReference);
        const again = await lock(made.loanReference);
        expect([again.status, again.error.key]).toEqual([409, 'errors.device_state']);
        const [row] = await server.db.select().from(deviceLocks).where(eq(deviceLocks.id, made.device.id));
        expect(row?.state).toBe('locking');
    });

    it('refuses a command on a loan that is not active', async () => {
        for (const status of ['awaiting_deposit', 'completed', 'cancelled'] as const) {
            const made = await makeLoan(server.db, { status, device: status === 'completed' ? 'released' : 'pending' });
            const { status: code, error } = await lock(made.loanReference);
            expect([status, code, error.key]).toEqual([status, 409, 'errors.loan_state']);
        }
    });

    it('shows a failure with its reason, and the command may be given again', async () => {
        const made = await makeLoan(server.db, { imei: withCheckDigit(`${SIMULATED_FAILURE_TAC}${nextSerial().slice(-6)}`) });
        await lock(made.loanReference);
        server.clock.advance(TRUSTONIC_DELAY);
        const failed = await deviceOf(made.msisdn, made.loanReference);
        expect(failed).toMatchObject({ state: 'failed', confirmed_state: 'active', requested_state: null });
        expect(failed?.failure_reason).toMatch(/refused/);
        expect((await lock(made.loanReference)).body).toMatchObject({ state: 'locking', failure_reason: null });
    });

    it('takes one command when many arrive at once', async () => {
        const made = await makeLoan(server.db);
        const outcome = await race(server, deviceLockCommand, 8, {
            body: { loan_reference: made.loanReference, command: 'lock', reason: 'Arrears' },
            token: token.maker,
        });
        expect(outcome.statuses).toEqual({ 200: 1, 409: 7 });
    });

    it('applies a provider answer once when two callers poll at the same moment', async () => {
        const made = await makeLoan(server.db);
        await lock(made.loanReference);
        server.clock.advance(TRUSTONIC_DELAY);
        const outcome = await race(server, deviceLockType, 6, { body: { msisdn: made.msisdn }, token: token.maker });
        expect(outcome.statuses).toEqual({ 200: 6 });
        const confirmations = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'device_locks.confirm'), eq(auditEvents.entityId, String(made.device.id))));
        expect(confirmations).toHaveLength(1);
    });
});

describe('offline unlock PINs', () => {
    const ask = (loanReference: string, challenge: string) =>
        server.call(offlineUnlockPin, { body: { loan_reference: loanReference, challenge }, token: token.maker });

    it('answers a PIN for the challenge the phone shows, and keeps only its hash', async () => {
        const made = await makeLoan(server.db, { device: 'locked' });
        const { status, body } = await ask(made.loanReference, made.challenge);
        expect(status).toBe(201);
        expect(body.pin).toMatch(/^\d{8}$/);
        expect(body.expires_at).toBe(new Date(server.clock.now().getTime() + OFFLINE_PIN.ttlMs).toISOString());
        const stored = await server.db.select().from(offlinePins).where(eq(offlinePins.deviceLockId, made.device.id));
        expect(stored).toHaveLength(1);
        expect(JSON.stringify(stored)).not.toContain(body.pin);
        const audit = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'offline_pins.issue'));
        expect(JSON.stringify(audit)).not.toContain(body.pin);
    });

    it('refuses a challenge the phone does not show, a second PIN for a challenge, and a phone that is not locked', async () => {
        const made = await makeLoan(server.db, { device: 'locked' });
        const wrong = await ask(made.loanReference, made.challenge === '00000000' ? '11111111' : '00000000');
        expect([wrong.status, wrong.error.key]).toEqual([409, 'errors.challenge_mismatch']);
        expect((await ask(made.loanReference, made.challenge)).status).toBe(201);
        const second = await ask(made.loanReference, made.challenge);
        expect([second.status, second.error.key]).toEqual([409, 'errors.offline_pin_used']);
        const active = await makeLoan(server.db);
        const notLocked = await ask(active.loanReference, active.challenge);
        expect([notLocked.status, notLocked.error.key]).toEqual([409, 'errors.device_state']);
        const malformed = await ask(made.loanReference, '1234');
        expect([malformed.status, malformed.error.field]).toEqual([400, 'challenge']);
    });

    it('issues one PIN for a challenge when many ask at once', async () => {
        const made = await makeLoan(server.db, { device: 'locked' });
        const outcome = await race(server, offlineUnlockPin, 6, {
            body: { loan_reference: made.loanReference, challenge: made.challenge },
            token: token.maker,
        });
        expect(outcome.statuses).toEqual({ 201: 1, 409: 5 });
    });

    const redeem = (imei: string, pin: string) =>
        server.db.transaction(async tx => (await redeemOfflinePin(tx, imei, pin, server.clock.now())).result);

    it('unlocks the phone once: the phone then shows a new challenge and the PIN never works again', async () => {
        const made = await makeLoan(server.db, { device: 'locked' });
        const { body } = await ask(made.loanReference, made.challenge);
        expect(await redeem(made.imei, '00000000' === body.pin ? '11111111' : '00000000')).toBe('wrong');
        expect(await redeem(made.imei, body.pin)).toBe('unlocked');
        const [device] = await server.db.select().from(deviceLocks).where(eq(deviceLocks.id, made.device.id));
        expect(device).toMatchObject({ state: 'active', confirmedState: 'active' });
        expect(device?.challenge).not.toBe(made.challenge);
        expect(await redeem(made.imei, body.pin)).toBe('not_locked');

        // Locked again, the old PIN answers an old challenge: refused.
        await lock(made.loanReference);
        server.clock.advance(TRUSTONIC_DELAY);
        await deviceOf(made.msisdn, made.loanReference);
        expect(await redeem(made.imei, body.pin)).toBe('wrong');
        // And the old challenge cannot be asked for again.
        const reused = await ask(made.loanReference, made.challenge);
        expect(reused.status).toBe(409);
    });

    it("is taken once by the phone (the development stand-in for the phone's side)", async () => {
        const made = await makeLoan(server.db, { device: 'locked' });
        const screen = await server.call(devPhoneScreen, { query: { imei: made.imei } });
        expect(screen.body).toMatchObject({ state: 'locked', challenge: made.challenge });
        const { body } = await ask(made.loanReference, screen.body.challenge ?? '');
        const typed = await server.call(devPhoneOfflineUnlock, { body: { imei: made.imei, pin: body.pin } });
        expect(typed.body).toMatchObject({ outcome: 'unlocked', state: 'active', challenge: null });
        const again = await server.call(devPhoneOfflineUnlock, { body: { imei: made.imei, pin: body.pin } });
        expect(again.body.outcome).toBe('not_locked');
        const list = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.maker });
        expect(list.body.data[0]?.device).toMatchObject({ state: 'active', confirmed_state: 'active' });
    });

    it('expires after its time', async () => {
        const made = await makeLoan(server.db, { device: 'locked' });
        const { body } = await ask(made.loanReference, made.challenge);
        server.clock.advance(OFFLINE_PIN.ttlMs);
        expect(await redeem(made.imei, body.pin)).toBe('expired');
        // A day later the sessions have expired too.
        await signInEveryone();
    });
});

describe('the Vivo authorisation code', () => {
    const vivoLoan = () => makeLoan(server.db, { status: 'awaiting_lock', lockSolution: 'vivo' });
    const send = (loanReference: string) =>
        server.call(sendVivoAuthCode, { body: { loan_reference: loanReference }, token: token.agent });
    const verify = (loanReference: string, code: string) =>
        server.call(verifyVivoAuthCode, { body: { loan_reference: loanReference, code }, token: token.agent });
    const codeSentTo = async (msisdn: string) => {
        const [message] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.msisdn, msisdn)).orderBy(smsOutbox.id);
        return /(\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
    };

    it('is sent by SMS, valid 5 minutes, and authorises the lock, which is then requested', async () => {
        const made = await vivoLoan();
        const sent = await send(made.loanReference);
        expect(sent.status).toBe(200);
        expect(sent.body.sent_to).toBe(`•••${made.msisdn.slice(-3)}`);
        expect(sent.body.expires_at).toBe(new Date(server.clock.now().getTime() + OTP.ttlMs).toISOString());
        const code = await codeSentTo(made.msisdn);
        expect(code).toMatch(/^\d{6}$/);

        const wrong = await verify(made.loanReference, code === '000000' ? '111111' : '000000');
        expect([wrong.status, wrong.error.key, wrong.error.field]).toEqual([400, 'errors.otp_invalid', 'code']);
        server.clock.advance(OTP.ttlMs - 1000);
        const right = await verify(made.loanReference, code);
        expect(right.status).toBe(200);
        expect(right.body.device).toMatchObject({ vivo_authorized: true, state: 'activating', requested_state: 'active' });

        const reused = await verify(made.loanReference, code);
        expect([reused.status, reused.error.key, reused.error.field]).toEqual([400, 'errors.otp_expired', 'code']);
    });

    it('expires at 5 minutes', async () => {
        const made = await vivoLoan();
        await makeVivoCode(server.db, made.loan.id, new Date(server.clock.now().getTime() + OTP.ttlMs));
        server.clock.advance(OTP.ttlMs);
        const late = await verify(made.loanReference, VIVO_TEST_CODE);
        expect([late.status, late.error.key, late.error.field]).toEqual([400, 'errors.otp_expired', 'code']);
        const [device] = await server.db.select().from(deviceLocks).where(eq(deviceLocks.id, made.device.id));
        expect(device?.vivoAuthorizedAt).toBeNull();
    });

    it('takes 5 guesses at most, even the right code after them', async () => {
        const made = await vivoLoan();
        await makeVivoCode(server.db, made.loan.id, new Date(server.clock.now().getTime() + OTP.ttlMs));
        for (let guess = 0; guess < OTP.maxAttempts; guess++)
            expect((await verify(made.loanReference, '999999')).status).toBe(400);
        expect((await verify(made.loanReference, VIVO_TEST_CODE)).status).toBe(429);
    });

    it('sends at most 5 codes an hour to one phone', async () => {
        const made = await vivoLoan();
        for (let sent = 0; sent < 5; sent++) expect((await send(made.loanReference)).status).toBe(200);
        const sixth = await send(made.loanReference);
        expect(sixth.status).toBe(429);
    });

    it('is refused for a phone that does not use the Vivo lock, and once authorised', async () => {
        const trustonic = await makeLoan(server.db, { status: 'awaiting_lock' });
        const notVivo = await send(trustonic.loanReference);
        expect([notVivo.status, notVivo.error.key]).toEqual([409, 'errors.not_vivo']);
        const made = await vivoLoan();
        await makeVivoCode(server.db, made.loan.id, new Date(server.clock.now().getTime() + OTP.ttlMs));
        expect((await verify(made.loanReference, VIVO_TEST_CODE)).status).toBe(200);
        const again = await send(made.loanReference);
        expect([again.status, again.error.key]).toEqual([409, 'errors.device_state']);
    });
});

describe('confirming the lock activation', () => {
    const confirm = (loanReference: string, as = 'agent') =>
        server.call(confirmLockActivation, { body: { loan_reference: loanReference }, token: token[as] });

    it('requests the activation, answers "not yet" until the provider confirms, then makes the loan active', async () => {
        const made = await makeLoan(server.db, { status: 'awaiting_lock' });
        const first = await confirm(made.loanReference);
        expect(first.body).toMatchObject({ confirmed: false, loan_status: 'awaiting_lock', device: { state: 'activating' } });
        expect((await confirm(made.loanReference)).body.confirmed).toBe(false);
        server.clock.advance(TRUSTONIC_DELAY);
        const done = await confirm(made.loanReference);
        expect(done.body).toMatchObject({
            confirmed: true,
            loan_status: 'active',
            device: { state: 'active', confirmed_state: 'active' },
        });
        const [loan] = await server.db.select().from(loans).where(eq(loans.id, made.loan.id));
        expect(loan?.status).toBe('active');
    });

    it("asks a Vivo phone for the customer's code first", async () => {
        const made = await makeLoan(server.db, { status: 'awaiting_lock', lockSolution: 'vivo' });
        const refused = await confirm(made.loanReference);
        expect([refused.status, refused.error.key]).toEqual([409, 'errors.vivo_auth_required']);
    });

    it('refuses a loan still awaiting its deposit, and a loan of another shop', async () => {
        const early = await makeLoan(server.db, { status: 'awaiting_deposit' });
        expect((await confirm(early.loanReference)).error.key).toBe('errors.loan_state');
        const soweto = await makeLoan(server.db, { status: 'active' });
        const elsewhere = await makeLoan(server.db, {
            status: 'awaiting_lock',
            store: 'Cape Town Bellville',
            customerId: soweto.customer.id,
            msisdn: soweto.msisdn,
        });
        const other = await confirm(elsewhere.loanReference);
        expect([other.status, other.error.key]).toEqual([403, 'errors.store_not_allowed']);
    });

    it('shows a failed activation, and a second confirmation asks again', async () => {
        const made = await makeLoan(server.db, {
            status: 'awaiting_lock',
            imei: withCheckDigit(`${SIMULATED_FAILURE_TAC}${nextSerial().slice(-6)}`),
        });
        await confirm(made.loanReference);
        server.clock.advance(TRUSTONIC_DELAY);
        const failed = await confirm(made.loanReference);
        expect(failed.body).toMatchObject({ confirmed: false, device: { state: 'activating' } });
        const [audit] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'device_locks.fail'), eq(auditEvents.entityId, String(made.device.id))));
        expect(audit).toBeDefined();
    });
});

describe('releasing a paid-off phone', () => {
    const release = (loanReference: string) =>
        server.call(releaseDevice, { body: { loan_reference: loanReference }, token: token.maker });

    it('releases the phone once the provider confirms, and completes the loan', async () => {
        const made = await makeLoan(server.db, { balance: 0 });
        const requested = await release(made.loanReference);
        expect(requested.body).toMatchObject({ balance: 0, device: { state: 'completing', requested_state: 'released' } });
        server.clock.advance(TRUSTONIC_DELAY);
        const list = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.maker });
        expect(list.body.data[0]).toMatchObject({
            status: 'completed',
            device: { state: 'released', confirmed_state: 'released' },
        });
        const again = await release(made.loanReference);
        expect([again.status, again.error.key]).toEqual([409, 'errors.device_state']);
    });

    it('refuses a loan with a balance to pay', async () => {
        const made = await makeLoan(server.db);
        const refused = await release(made.loanReference);
        expect([refused.status, refused.error.key]).toEqual([409, 'errors.balance_outstanding']);
    });

    it('releases the demo customer who paid off (LPP-000008)', async () => {
        expect((await release('LPP-000008')).status).toBe(200);
    });
});
