/**
 * What the database keeps on a loan from its payments, whoever writes them — the seed, a call,
 * another backend writing SQL — and however they change:
 * - its first deposit (loans.deposit_paid_at and deposit_day, migration 0012_loan_deposit_day):
 *   the earliest deposit on it;
 * - its last payment (loans.last_paid_at, migration 0042_loan_last_payment, which the collections
 *   queue sorts by): the `paid_at` of the payment recorded last on it, a reversal apart;
 * - and from its phone's lock, its lock state (loans.lock_state, migration 0045_loan_lock_state,
 *   which the collections queue filters by), without a deadlock beside the writes that hold both.
 */
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLocks, loans, transactions } from '../../server/db/schema';
import { selectRows } from '../../server/domain/analytics/scope';
import { lockedDevice } from '../../server/domain/devices/commands';
import { at, makeAnalyticsLoan } from './analyticsFixtures';
import { nextSerial } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
    server = await startTestServer();
});

afterAll(async () => {
    await server.close();
});

const depositOf = async (loanId: number) => {
    const [row] = await server.db
        .select({ paidAt: loans.depositPaidAt, day: loans.depositDay })
        .from(loans)
        .where(eq(loans.id, loanId));
    return { paidAt: row?.paidAt?.toISOString() ?? null, day: row?.day ?? null };
};

const payment = (loanId: number | null, kind: 'deposit' | 'instalment' | 'reversal', paidAt: Date) => ({
    reference: `DDY-${nextSerial()}`,
    msisdn: '27820000000',
    loanId,
    amount: 100,
    channel: 'mpesa' as const,
    kind,
    paidAt,
});

/**
 * Until some session of this database waits for a lock, watched on a connection of its own (the
 * server's pool is busy with the writers). PGlite runs one transaction at a time: nobody waits.
 */
const someoneWaits = async () => {
    const url = server.settings.databaseUrl;
    if (!url) return;
    const watcher = postgres(url, { max: 1 });
    try {
        for (let tries = 0; tries < 1000; tries++) {
            const [row] = await watcher<{ waiting: number }[]>`
                SELECT count(*)::int AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`;
            if (Number(row?.waiting) > 0) return;
            await new Promise(resolve => setTimeout(resolve, 10));
        }
        throw new Error('Nobody waited for a lock');
    } finally {
        await watcher.end();
    }
};

/**
 * Two payments recorded at once: the first's transaction holds its loan (the trigger's row lock)
 * while the second is recorded beside it and waits; then the first commits and the second goes on.
 */
const recordedAtOnce = async (first: ReturnType<typeof payment>, second: ReturnType<typeof payment>) => {
    let release = () => {};
    const held = new Promise<void>(resolve => (release = resolve));
    let recorded = () => {};
    const firstRecorded = new Promise<void>(resolve => (recorded = resolve));
    const holding = server.db.transaction(async tx => {
        await tx.insert(transactions).values(first);
        recorded();
        await held;
    });
    await firstRecorded;
    // Begun now (a query is sent when awaited), it waits for the loan the first holds.
    const waiting = (async () => {
        await server.db.insert(transactions).values(second);
    })();
    await someoneWaits();
    release();
    await Promise.all([holding, waiting]);
};

const weekly = { storeId: null, status: 'active', period: 'weekly', deposit: 100, instalment: 50, term: 10 } as const;

describe("a loan's first deposit, kept on the loan", () => {
    it('matches the payments for every loan the seed wrote', async () => {
        const [row] = await selectRows<{ loans: number; wrong: number }>(
            server.db,
            sql`
            SELECT count(*)::int AS loans,
                   count(*) FILTER (WHERE l.deposit_paid_at IS DISTINCT FROM f.first_paid
                                       OR l.deposit_day IS DISTINCT FROM (f.first_paid AT TIME ZONE 'Africa/Johannesburg')::date)::int AS wrong
            FROM ${loans} l
            LEFT JOIN (SELECT loan_id, min(paid_at) AS first_paid FROM ${transactions}
                       WHERE kind = 'deposit' GROUP BY loan_id) f ON f.loan_id = l.id`,
        );
        expect(Number(row?.loans)).toBeGreaterThan(300);
        expect(Number(row?.wrong)).toBe(0);
    });

    it('follows every deposit added, moved, changed or removed, and no other payment', async () => {
        const loan = await makeAnalyticsLoan(server.db, weekly);
        const other = await makeAnalyticsLoan(server.db, weekly);
        expect(await depositOf(loan.id)).toEqual({ paidAt: null, day: null });

        // 23:30 on 2 March in Johannesburg is 21:30 UTC: the business day is the 2nd.
        const late = at('2025-03-02', '23:30');
        const [second] = await server.db
            .insert(transactions)
            .values(payment(loan.id, 'deposit', late))
            .returning();
        expect(await depositOf(loan.id)).toEqual({ paidAt: late.toISOString(), day: '2025-03-02' });

        // An instalment earlier still is not a deposit.
        await server.db.insert(transactions).values(payment(loan.id, 'instalment', at('2025-02-01')));
        expect((await depositOf(loan.id)).day).toBe('2025-03-02');

        // An earlier deposit becomes the first; moved later, the other one is first again.
        const [first] = await server.db
            .insert(transactions)
            .values(payment(loan.id, 'deposit', at('2025-02-20', '00:30')))
            .returning();
        expect((await depositOf(loan.id)).day).toBe('2025-02-20');
        await server.db
            .update(transactions)
            .set({ paidAt: at('2025-04-01') })
            .where(eq(transactions.id, first!.id));
        expect((await depositOf(loan.id)).day).toBe('2025-03-02');

        // Moved to another loan: it leaves this one and counts on that one.
        await server.db.update(transactions).set({ loanId: other.id }).where(eq(transactions.id, second!.id));
        expect((await depositOf(loan.id)).day).toBe('2025-04-01');
        expect((await depositOf(other.id)).day).toBe('2025-03-02');

        // No longer a deposit, then removed: nothing left on either loan.
        await server.db.update(transactions).set({ kind: 'instalment' }).where(eq(transactions.id, first!.id));
        expect(await depositOf(loan.id)).toEqual({ paidAt: null, day: null });
        await server.db.delete(transactions).where(eq(transactions.id, second!.id));
        expect(await depositOf(other.id)).toEqual({ paidAt: null, day: null });
    });

    it('is the earliest when two writers record deposits on one loan at once', async () => {
        const loan = await makeAnalyticsLoan(server.db, weekly);
        const early = at('2025-05-02');
        // The earlier deposit's transaction holds the loan while a later deposit is recorded beside it.
        await recordedAtOnce(payment(loan.id, 'deposit', early), payment(loan.id, 'deposit', at('2025-05-09')));
        expect(await depositOf(loan.id)).toEqual({ paidAt: early.toISOString(), day: '2025-05-02' });
    });
});

/** The `paid_at` of loan `l`'s payment recorded last, a reversal apart: the rule the trigger keeps. */
const namedLastPayment = sql`(SELECT t.paid_at FROM ${transactions} t WHERE t.loan_id = l.id AND t.kind <> 'reversal'
                              ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;

/** The loan's kept last payment, and the one its payments name. */
const lastPaymentOf = async (loanId: number) => {
    const [row] = await selectRows<{ kept: string | null; named: string | null }>(
        server.db,
        sql`SELECT l.last_paid_at::text AS kept, ${namedLastPayment}::text AS named
            FROM ${loans} l WHERE l.id = ${loanId}`,
    );
    expect(row?.kept ?? null, 'kept on the loan = named by its payments').toBe(row?.named ?? null);
    return row?.kept ? new Date(row.kept).toISOString() : null;
};

describe("a loan's last payment, kept on the loan", () => {
    it('matches the payments for every loan the seed wrote', async () => {
        const [row] = await selectRows<{ loans: number; paid: number; wrong: number }>(
            server.db,
            sql`
            SELECT count(*)::int AS loans, count(l.last_paid_at)::int AS paid,
                   count(*) FILTER (WHERE l.last_paid_at IS DISTINCT FROM ${namedLastPayment})::int AS wrong
            FROM ${loans} l`,
        );
        expect(Number(row?.paid)).toBeGreaterThan(300);
        expect(Number(row?.wrong)).toBe(0);
    });

    it('follows every payment recorded, moved, changed or removed; a reversal is not a payment', async () => {
        const loan = await makeAnalyticsLoan(server.db, weekly);
        const other = await makeAnalyticsLoan(server.db, weekly);
        expect(await lastPaymentOf(loan.id)).toBeNull();

        const deposit = at('2025-03-02');
        await server.db.insert(transactions).values(payment(loan.id, 'deposit', deposit));
        expect(await lastPaymentOf(loan.id)).toBe(deposit.toISOString());

        // Recorded last though paid earlier (a statement's line read late): the last recorded counts.
        const late = at('2025-02-25');
        const [lateLine] = await server.db
            .insert(transactions)
            .values(payment(loan.id, 'instalment', late))
            .returning();
        expect(await lastPaymentOf(loan.id)).toBe(late.toISOString());

        // A reversal recorded after it changes nothing.
        await server.db.insert(transactions).values(payment(loan.id, 'reversal', at('2025-03-10')));
        expect(await lastPaymentOf(loan.id)).toBe(late.toISOString());

        // Its day corrected; then moved to another loan, it leaves this one and counts on that one.
        const corrected = at('2025-03-05');
        await server.db.update(transactions).set({ paidAt: corrected }).where(eq(transactions.id, lateLine!.id));
        expect(await lastPaymentOf(loan.id)).toBe(corrected.toISOString());
        await server.db.update(transactions).set({ loanId: other.id }).where(eq(transactions.id, lateLine!.id));
        expect(await lastPaymentOf(loan.id)).toBe(deposit.toISOString());
        expect(await lastPaymentOf(other.id)).toBe(corrected.toISOString());

        // Turned into a reversal, then removed: nothing left on the other loan.
        await server.db.update(transactions).set({ kind: 'reversal' }).where(eq(transactions.id, lateLine!.id));
        expect(await lastPaymentOf(other.id)).toBeNull();
        await server.db.delete(transactions).where(eq(transactions.loanId, loan.id));
        expect(await lastPaymentOf(loan.id)).toBeNull();
    });

    it('names the payment recorded last when two writers record payments on one loan at once', async () => {
        const loan = await makeAnalyticsLoan(server.db, weekly);
        await recordedAtOnce(payment(loan.id, 'instalment', at('2025-05-02')), payment(loan.id, 'instalment', at('2025-05-09')));
        expect(await lastPaymentOf(loan.id)).not.toBeNull();
    });
});

/** The loan's kept lock state, and its lock's. */
const lockStateOf = async (loanId: number) => {
    const [row] = await selectRows<{ kept: string | null; named: string | null }>(
        server.db,
        sql`SELECT l.lock_state::text AS kept, (SELECT d.state::text FROM ${deviceLocks} d WHERE d.loan_id = l.id) AS named
            FROM ${loans} l WHERE l.id = ${loanId}`,
    );
    expect(row?.kept ?? null, "kept on the loan = its lock's").toBe(row?.named ?? null);
    return row?.kept ?? null;
};

/** The loan row's version (its xmin): a write to the row, even of the same values, changes it. */
const versionOf = async (loanId: number) =>
    (await selectRows<{ version: string }>(server.db, sql`SELECT xmin::text AS version FROM ${loans} WHERE id = ${loanId}`))[0]
        ?.version;

describe("a loan's lock state, kept on the loan", () => {
    it('matches the locks for every loan the seed wrote', async () => {
        const [row] = await selectRows<{ locked: number; kept: number; wrong: number }>(
            server.db,
            sql`
            SELECT count(d.id)::int AS locked, count(l.lock_state)::int AS kept,
                   count(*) FILTER (WHERE l.lock_state IS DISTINCT FROM d.state)::int AS wrong
            FROM ${loans} l LEFT JOIN ${deviceLocks} d ON d.loan_id = l.id`,
        );
        expect(Number(row?.locked)).toBeGreaterThan(300);
        expect(Number(row?.kept)).toBe(Number(row?.locked));
        expect(Number(row?.wrong)).toBe(0);
    });

    it('follows every lock added, changed, moved or removed, and leaves the loan alone when the state is not changed', async () => {
        const loan = await makeAnalyticsLoan(server.db, { ...weekly, device: 'active' });
        const other = await makeAnalyticsLoan(server.db, weekly);
        expect(await lockStateOf(loan.id)).toBe('active');

        await server.db.update(deviceLocks).set({ state: 'locking' }).where(eq(deviceLocks.loanId, loan.id));
        expect(await lockStateOf(loan.id)).toBe('locking');

        // A new challenge (or a command's reference) is not the loan's business: its row is not written.
        const before = await versionOf(loan.id);
        await server.db.update(deviceLocks).set({ challenge: '12345678' }).where(eq(deviceLocks.loanId, loan.id));
        expect(await versionOf(loan.id)).toBe(before);

        // Several locks in one statement, as a seed writes them.
        await server.db
            .update(deviceLocks)
            .set({ state: 'locked' })
            .where(sql`${deviceLocks.loanId} IN (${loan.id}, ${other.id})`);
        expect(await lockStateOf(loan.id)).toBe('locked');
        expect(await lockStateOf(other.id)).toBe('locked');

        // Removed from the other loan, then this loan's moved to it: this one has none, that one its state.
        await server.db.delete(deviceLocks).where(eq(deviceLocks.loanId, other.id));
        expect(await lockStateOf(other.id)).toBeNull();
        await server.db.update(deviceLocks).set({ loanId: other.id, state: 'released' }).where(eq(deviceLocks.loanId, loan.id));
        expect(await lockStateOf(loan.id)).toBeNull();
        expect(await lockStateOf(other.id)).toBe('released');
    });

    it('changes a lock beside the lending job without a deadlock: whoever changes a lock holds its loan first', async () => {
        const loan = await makeAnalyticsLoan(server.db, { ...weekly, device: 'active' });
        // The lending job's order (server/domain/lending/act.ts): the loan, then its lock.
        let release = () => {};
        const held = new Promise<void>(resolve => (release = resolve));
        let holding = () => {};
        const loanHeld = new Promise<void>(resolve => (holding = resolve));
        const job = server.db.transaction(async tx => {
            await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, loan.id)).for('update');
            holding();
            await held;
            await tx.update(deviceLocks).set({ state: 'locking' }).where(eq(deviceLocks.loanId, loan.id));
        });
        await loanHeld;
        // A command by hand (server/domain/devices/commands.ts sendCommand): it waits for the loan,
        // not holding the lock the job is about to change.
        const command = server.db.transaction(async tx => {
            const device = await lockedDevice(tx, loan.id);
            await tx.update(deviceLocks).set({ state: 'unlocking' }).where(eq(deviceLocks.id, device.id));
        });
        await someoneWaits();
        release();
        await Promise.all([job, command]);
        expect(await lockStateOf(loan.id)).toBe('unlocking');
    });
});
