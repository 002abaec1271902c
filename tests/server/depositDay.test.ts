/**
 * A loan's first deposit, kept on the loan by the database (loans.deposit_paid_at and deposit_day,
 * migration 0012_loan_deposit_day): whoever writes the payments — the seed, a call, another
 * backend writing SQL — and however a deposit changes, the loan names the earliest deposit on it.
 */
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans, transactions } from '../../server/db/schema';
import { selectRows } from '../../server/domain/analytics/scope';
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

const payment = (loanId: number | null, kind: 'deposit' | 'instalment', paidAt: Date) => ({
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
        let release = () => {};
        const held = new Promise<void>(resolve => (release = resolve));
        let recorded = () => {};
        const firstRecorded = new Promise<void>(resolve => (recorded = resolve));
        // The earlier deposit's transaction holds the loan while a later deposit is recorded beside it.
        const first = server.db.transaction(async tx => {
            await tx.insert(transactions).values(payment(loan.id, 'deposit', early));
            recorded();
            await held;
        });
        await firstRecorded;
        const second = (async () => {
            await server.db.insert(transactions).values(payment(loan.id, 'deposit', at('2025-05-09')));
        })();
        await someoneWaits();
        release();
        await Promise.all([first, second]);
        expect(await depositOf(loan.id)).toEqual({ paidAt: early.toISOString(), day: '2025-05-02' });
    });
});
