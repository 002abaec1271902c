/**
 * The lock policy's job (server/domain/lending/job.ts) driven by the clock: a loan sold, reminded
 * the day before its first instalment and the day after missing it, locked once it is the
 * policy's days overdue (requested, then confirmed), paid by a statement upload, and unlocked by
 * the next pass; nothing twice; a payment racing the lock decision never ends locked; a checker
 * request waiting blocks the lock; a phone staff locked stays locked. And the policy's calls.
 */
import { readFileSync } from 'node:fs';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLockCommand } from '../../contract/devices';
import { lockPolicies, updateLockPolicy } from '../../contract/lending';
import { requestLoanDeactivation } from '../../contract/approvals';
import { reconcileDeposits } from '../../contract/money';
import { auditEvents, deviceLocks, lendingMarks, lendingReminders, loans, smsOutbox, transactions } from '../../server/db/schema';
import { addDays, businessDay } from '../../server/time';
import { SIMULATED_DELAY_MS } from '../../server/domain/devices/lockProviders';
import { openDatabase, type OpenDatabase } from '../../server/db';
import { runLendingPass } from '../../server/domain/lending/job';
import { standingsOf } from '../../server/domain/lending/standing';
import { signInAs } from './contractCases';
import { makeLoan, nextSerial } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
/** A fresh session: the tests move the clock by days, past any session's life. */
const tokenOf = (username: 'admin' | 'maker' | 'agent') => signInAs(server, username);
const DAY_MS = 86_400_000;

beforeAll(async () => {
    server = await startTestServer();
    // The seed's own loans are acted on by the first pass; each test then counts its own loan's events.
    await runLendingPass(server.db, server.clock.now(), { full: true });
}, 60_000);
afterAll(() => server?.close());

const today = () => businessDay(server.clock.now());
const pass = (full = false) => runLendingPass(server.db, server.clock.now(), { full });
/** Past the simulated provider's answer for any solution. */
const pastAnswer = () => server.clock.advance(Math.max(...Object.values(SIMULATED_DELAY_MS)) + 1_000);

/**
 * An active loan sold (its deposit paid `soldDaysAgo` ago), its first instalment due on
 * `firstDue`, nothing paid towards the instalments unless `paid` says how much.
 */
const soldLoan = async (firstDue: string, options: { paid?: number; soldDaysAgo?: number } = {}) => {
    const made = await makeLoan(server.db);
    const { loan } = made;
    const paid = options.paid ?? 0;
    await server.db
        .update(loans)
        .set({ firstDueDate: firstDue, balance: loan.price - loan.deposit - paid })
        .where(eq(loans.id, loan.id));
    await server.db.insert(transactions).values({
        reference: `DEP-${nextSerial()}`,
        msisdn: made.msisdn,
        loanId: loan.id,
        amount: loan.deposit,
        channel: 'cash',
        kind: 'deposit',
        paidAt: new Date(server.clock.now().getTime() - (options.soldDaysAgo ?? 7) * DAY_MS),
    });
    await server.db.delete(lendingMarks).where(eq(lendingMarks.loanId, loan.id));
    return made;
};

const deviceOf = async (loanId: number) => {
    const [device] = await server.db.select().from(deviceLocks).where(eq(deviceLocks.loanId, loanId));
    if (!device) throw new Error('No device');
    return device;
};

const remindersOf = (loanId: number) =>
    server.db
        .select({ kind: lendingReminders.kind, instalment: lendingReminders.instalment, smsId: lendingReminders.smsId })
        .from(lendingReminders)
        .where(eq(lendingReminders.loanId, loanId))
        .orderBy(lendingReminders.sentAt, lendingReminders.kind);

const messagesTo = (msisdn: string) =>
    server.db.select({ text: smsOutbox.text, purpose: smsOutbox.purpose }).from(smsOutbox).where(eq(smsOutbox.msisdn, msisdn));

/** The device commands recorded for this device (by staff or the system). */
const commandsOf = async (deviceId: number) =>
    server.db
        .select({ action: auditEvents.action, actor: auditEvents.actorAdminId, after: auditEvents.after })
        .from(auditEvents)
        .where(
            and(
                eq(auditEvents.entity, 'device_locks'),
                eq(auditEvents.entityId, String(deviceId)),
                sql`${auditEvents.action} IN ('device_locks.lock', 'device_locks.unlock')`,
            ),
        )
        .orderBy(auditEvents.id);

/** A statement paying `amount` on the loan, uploaded by the maker as the portal does. */
const uploadPayment = async (made: { msisdn: string; loanReference: string }, amount: number) =>
    server.call(reconcileDeposits, {
        body: { channel: 'bank' },
        token: await tokenOf('maker'),
        files: [
            {
                name: 'statement.csv',
                type: 'text/csv',
                bytes: Buffer.from(
                    `date,amount,reference,msisdn,account\n${today()},${amount.toFixed(2)},PAY-${nextSerial()},${made.msisdn},${made.loanReference}\n`,
                ),
            },
        ],
    });

describe('the demo', () => {
    const loanOf = async (reference: string) => {
        const [loan] = await server.db.select().from(loans).where(eq(loans.loanReference, reference));
        if (!loan) throw new Error(`No ${reference}`);
        return loan;
    };

    it("seeds Themba Nkosi's phone locked for arrears, ZAR 158 overdue for 9 days, and leaves the up-to-date demo loans alone", async () => {
        const themba = await loanOf('LPP-000002');
        const schedule = (await standingsOf(server.db, [themba.id], today())).get(themba.id);
        expect(schedule?.standing).toMatchObject({ amount_overdue: 158, days_overdue: 9, next_due: { amount: 79 } });
        expect(await deviceOf(themba.id)).toMatchObject({ state: 'locked', lockReason: 'arrears' });
        // The first pass (beforeAll) asked for no lock of any demo customer's phone: they pay on time.
        const demo = await server.db.select({ id: loans.id }).from(loans).where(like(loans.loanReference, 'LPP-%'));
        const devices = await server.db
            .select({ id: deviceLocks.id })
            .from(deviceLocks)
            .where(
                inArray(
                    deviceLocks.loanId,
                    demo.map(row => row.id),
                ),
            );
        const commands = await server.db
            .select({ action: auditEvents.action })
            .from(auditEvents)
            .where(
                and(
                    eq(auditEvents.entity, 'device_locks'),
                    inArray(
                        auditEvents.entityId,
                        devices.map(row => String(row.id)),
                    ),
                    sql`${auditEvents.after} ->> 'by' = 'system'`,
                ),
            );
        expect(commands).toEqual([]);
    });

    it("unlocks Themba's phone once the README's demo statement clears his arrears", async () => {
        const themba = await loanOf('LPP-000002');
        const upload = await server.call(reconcileDeposits, {
            body: { channel: 'bank' },
            token: await tokenOf('maker'),
            files: [
                {
                    name: 'themba-clears-arrears.csv',
                    type: 'text/csv',
                    bytes: readFileSync(new URL('../../docs/demo/themba-clears-arrears.csv', import.meta.url)),
                },
            ],
        });
        expect(upload.status).toBe(201);
        expect(upload.body.upload.matched).toBe(1);
        expect((await pass()).unlocks).toBe(1);
        expect(await deviceOf(themba.id)).toMatchObject({ state: 'unlocking', requestedState: 'active' });
        pastAnswer();
        await pass();
        expect(await deviceOf(themba.id)).toMatchObject({ state: 'active', confirmedState: 'active', lockReason: null });
    });
});

describe('the lending job, day by day', () => {
    it('reminds, locks after the policy days, and unlocks once a statement clears the arrears', async () => {
        const made = await soldLoan(addDays(today(), 1));
        const { loan } = made;

        // The day before the first due date: one reminder, however many passes.
        await pass(true);
        await pass(true);
        expect(await remindersOf(loan.id)).toEqual([{ kind: 'before_due', instalment: 1, smsId: expect.any(Number) }]);
        const [first] = await messagesTo(made.msisdn);
        expect(first).toMatchObject({ purpose: 'notice' });
        expect(first?.text).toContain(`ZAR ${loan.instalment.toFixed(2)}`);
        expect(first?.text).toContain('tomorrow');

        // The day after the miss: the second reminder, and no lock yet (1 day overdue, the policy says 3).
        server.clock.advance(2 * DAY_MS);
        await pass(true);
        await pass(true);
        expect((await remindersOf(loan.id)).map(row => row.kind)).toEqual(['before_due', 'after_miss']);
        expect((await messagesTo(made.msisdn)).at(-1)?.text).toContain(`ZAR ${loan.instalment.toFixed(2)} is now overdue`);
        expect((await deviceOf(loan.id)).state).toBe('active');

        // Three days overdue: the lock is requested once, for arrears, by the system under its rule.
        server.clock.advance(2 * DAY_MS);
        expect((await pass(true)).ran).toBe(true);
        await pass(true);
        const locking = await deviceOf(loan.id);
        expect(locking).toMatchObject({ state: 'locking', requestedState: 'locked', lockReason: 'arrears' });
        const locks = await commandsOf(locking.id);
        expect(locks).toEqual([
            {
                action: 'device_locks.lock',
                actor: null,
                after: expect.objectContaining({
                    by: 'system',
                    rule: 'lock_after_days_overdue',
                    days_overdue: 3,
                    lock_after_days: 3,
                }),
            },
        ]);

        // The provider answers: the next pass confirms it without anyone reading the phone.
        pastAnswer();
        await pass();
        expect(await deviceOf(loan.id)).toMatchObject({ state: 'locked', confirmedState: 'locked', requestedState: null });

        // A statement pays the instalment overdue: its import marks the loan, and the next pass (not a
        // full one) asks for the unlock; the one after, past the provider's answer, sees it confirmed.
        const upload = await uploadPayment(made, loan.instalment);
        expect(upload.status).toBe(201);
        expect(upload.body.upload.matched).toBe(1);
        server.clock.advance(1_000);
        const quick = await pass();
        expect(quick).toMatchObject({ ran: true, full: false, unlocks: 1 });
        expect(await deviceOf(loan.id)).toMatchObject({ state: 'unlocking', requestedState: 'active', lockReason: 'arrears' });
        await pass();
        pastAnswer();
        await pass();
        expect(await deviceOf(loan.id)).toMatchObject({ state: 'active', confirmedState: 'active', lockReason: null });
        expect((await commandsOf(locking.id)).map(row => [row.action, (row.after as { rule?: string }).rule])).toEqual([
            ['device_locks.lock', 'lock_after_days_overdue'],
            ['device_locks.unlock', 'unlock_when_arrears_paid'],
        ]);
        // Nothing is left marked, and a full pass finds nothing more to do for this loan.
        expect(await server.db.select().from(lendingMarks).where(eq(lendingMarks.loanId, loan.id))).toEqual([]);
        await pass(true);
        expect(await commandsOf(locking.id)).toHaveLength(2);
        expect(await remindersOf(loan.id)).toHaveLength(2);
    });

    it('catches up after downtime: a pass days late sends the missed reminder once and locks', async () => {
        const made = await soldLoan(addDays(today(), -5));
        await pass(true);
        await pass(true);
        expect((await remindersOf(made.loan.id)).map(row => [row.kind, row.instalment])).toEqual([['after_miss', 1]]);
        expect(await deviceOf(made.loan.id)).toMatchObject({ state: 'locking', lockReason: 'arrears' });
        expect(await commandsOf(made.device.id)).toHaveLength(1);
    });

    it('runs one pass at a time: two at once, one runs and one command is sent', async () => {
        const made = await soldLoan(addDays(today(), -4));
        const [a, b] = await Promise.all([pass(true), pass(true)]);
        expect([a.ran, b.ran].filter(Boolean)).toHaveLength(1);
        await pass(true);
        expect(await commandsOf(made.device.id)).toHaveLength(1);
    });

    it('never ends locked when a payment clearing the arrears races the lock decision', async () => {
        for (let round = 0; round < 3; round += 1) {
            const made = await soldLoan(addDays(today(), -4));
            const [upload] = await Promise.all([uploadPayment(made, made.loan.instalment), pass(true)]);
            expect(upload.status).toBe(201);
            // Whatever came first, the passes that follow settle it: the phone is unlocked or was never locked.
            for (let step = 0; step < 3; step += 1) {
                pastAnswer();
                await pass();
            }
            const device = await deviceOf(made.loan.id);
            expect(device).toMatchObject({ state: 'active', confirmedState: 'active', requestedState: null, lockReason: null });
            const commands = (await commandsOf(made.device.id)).map(row => row.action);
            expect(commands).toHaveLength(commands.includes('device_locks.lock') ? 2 : 0);
        }
    });

    it('asks for no lock while a deregistration waits for a checker', async () => {
        const made = await soldLoan(addDays(today(), -10));
        const asked = await server.call(requestLoanDeactivation, {
            body: { loan_reference: made.loanReference, reason: 'Customer returned the phone' },
            token: await tokenOf('maker'),
        });
        expect(asked.status).toBeLessThan(300);
        await pass(true);
        expect(await deviceOf(made.loan.id)).toMatchObject({ state: 'active', requestedState: null });
        expect(await commandsOf(made.device.id)).toEqual([]);
    });

    it('leaves a phone staff locked alone, and unlocks only what it locked', async () => {
        const made = await soldLoan(addDays(today(), 20));
        const locked = await server.call(deviceLockCommand, {
            body: { loan_reference: made.loanReference, command: 'lock', reason: 'The customer asked for it' },
            token: await tokenOf('maker'),
        });
        expect(locked.status).toBe(200);
        expect(locked.body.lock_reason).toBe('staff');
        pastAnswer();
        await pass(true);
        expect(await deviceOf(made.loan.id)).toMatchObject({ state: 'locked', lockReason: 'staff' });
        expect((await commandsOf(made.device.id)).map(row => row.actor)).toEqual([expect.any(Number)]);
    });

    it('follows the policy of the lock solution: more days before a lock, reminders off', async () => {
        const made = await soldLoan(addDays(today(), -4));
        const changed = await server.call(updateLockPolicy, {
            params: { id: made.loan.lockSolution },
            body: { lock_after_days: 10, reminders: false },
            token: await tokenOf('admin'),
        });
        expect(changed.status).toBe(200);
        try {
            await pass(true);
            expect(await deviceOf(made.loan.id)).toMatchObject({ state: 'active', requestedState: null });
            expect(await remindersOf(made.loan.id)).toEqual([]);
        } finally {
            await server.call(updateLockPolicy, {
                params: { id: made.loan.lockSolution },
                body: { lock_after_days: 3, reminders: true },
                token: await tokenOf('admin'),
            });
        }
    });
});

// Two instances on one PostgreSQL (CI's second run of the server tests, TEST_DATABASE_URL): each
// with its own connections, passing at the same moments; the loan gets one command each time.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
    let other: OpenDatabase;
    beforeAll(async () => {
        other = await openDatabase(server.settings);
    });
    afterAll(() => other?.close());

    it('sends one reminder, one lock and one unlock however many passes the two run at once', async () => {
        const made = await soldLoan(addDays(today(), -4));
        const both = async () => {
            const passes = await Promise.all(
                [server.db, other.db, server.db, other.db].map(db => runLendingPass(db, server.clock.now(), { full: true })),
            );
            return passes.filter(report => report.ran).length;
        };
        expect(await both()).toBeGreaterThanOrEqual(1);
        await both();
        expect(await commandsOf(made.device.id)).toHaveLength(1);
        expect((await remindersOf(made.loan.id)).map(row => row.kind)).toEqual(['after_miss']);
        pastAnswer();
        await both();
        expect(await deviceOf(made.loan.id)).toMatchObject({ state: 'locked' });
        expect((await uploadPayment(made, made.loan.instalment)).status).toBe(201);
        await both();
        await both();
        pastAnswer();
        await both();
        expect(await deviceOf(made.loan.id)).toMatchObject({ state: 'active', lockReason: null });
        expect((await commandsOf(made.device.id)).map(row => row.action)).toEqual(['device_locks.lock', 'device_locks.unlock']);
    });
});

describe('the lock policy calls', () => {
    it('lists every lock solution with the defaults until someone changes one', async () => {
        const answer = await server.call(lockPolicies, { token: await tokenOf('maker') });
        expect(answer.status).toBe(200);
        expect(answer.body.total).toBe(8);
        expect(answer.body.data.find(row => row.lock_solution === 'oguard')).toEqual({
            id: 'oguard',
            lock_solution: 'oguard',
            lock_after_days: 3,
            reminders: true,
            updated_at: null,
            updated_by: null,
        });
    });

    it('changes one solution, audited with before and after, and says who changed it', async () => {
        const answer = await server.call(updateLockPolicy, {
            params: { id: 'rguard' },
            body: { lock_after_days: 5, reminders: false },
            token: await tokenOf('admin'),
        });
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ lock_solution: 'rguard', lock_after_days: 5, reminders: false, updated_by: 'admin' });
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'lock_policies.update'), eq(auditEvents.entityId, 'rguard')));
        expect(event).toMatchObject({
            before: { lock_after_days: 3, reminders: true },
            after: { lock_after_days: 5, reminders: false },
        });
        expect(event?.actorAdminId).not.toBeNull();
    });

    it('refuses bad values naming the field, and callers without the role', async () => {
        for (const body of [
            { lock_after_days: 0, reminders: true },
            { lock_after_days: 91, reminders: true },
            { lock_after_days: 2.5, reminders: true },
        ]) {
            const answer = await server.call(updateLockPolicy, { params: { id: 'zte' }, body, token: await tokenOf('admin') });
            expect(answer.status).toBe(400);
            expect(answer.error.errors?.map(error => error.field)).toEqual(['lock_after_days']);
        }
        const unknown = await server.callUnchecked(updateLockPolicy, {
            params: { id: 'nokia' },
            body: { lock_after_days: 3, reminders: true },
            token: await tokenOf('admin'),
        });
        expect(unknown.status).toBe(400);
        expect(unknown.error.errors?.map(error => error.field)).toEqual(['id']);
        const maker = await server.call(updateLockPolicy, {
            params: { id: 'zte' },
            body: { lock_after_days: 3, reminders: true },
            token: await tokenOf('maker'),
        });
        expect(maker.status).toBe(403);
        const agent = await server.call(lockPolicies, { token: await tokenOf('agent') });
        expect(agent.status).toBe(403);
    });
});
