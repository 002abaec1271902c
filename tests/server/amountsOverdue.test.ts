/**
 * Each loan's stored amount overdue (server/domain/lending/amounts.ts, migration 0046), on the real
 * database with the clock moved by the tests: the database's function is the queue's own figure
 * day by day; the lending job makes every active loan's figure today's and marks the day ready; a
 * write afterwards keeps its loan's; the queue sorted by it answers what it answers from the figures
 * worked out; and (on PostgreSQL) a writer holding a loan's row with the old day holds the day back.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCollections } from '../../contract/lending';
import { loans } from '../../server/db/schema';
import { rowsOf as dbRows } from '../../server/db';
import { businessDay } from '../../server/time';
import { keepAmountsDay } from '../../server/domain/lending/amounts';
import { amountOverdueSql, oldestUnpaidDue } from '../../server/domain/lending/arrearsSql';
import { runLendingPass } from '../../server/domain/lending/job';
import { makeLoan } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token = '';

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const today = () => businessDay(server.clock.now());

beforeAll(async () => {
    server = await startTestServer();
    token = await server.signIn('maker');
}, 120_000);
afterAll(() => server?.close());

const count = async (condition: ReturnType<typeof sql>): Promise<number> => {
    const [row] = dbRows<{ n: number | string }>(
        await server.db.execute(sql`SELECT count(*) AS n FROM loans WHERE ${condition}`),
    );
    return Number(row?.n);
};

/** The stored figure's function on each loan's row, for `day`. */
const stored = (day: string) =>
    sql`loan_amount_overdue(instalment, price, deposit, balance, term, instalment_period, first_due_date, ${day}::date)`;

/** Active loans whose stored figure is not `day`'s. */
const behind = (day: string) => count(sql`status = 'active' AND amount_overdue IS DISTINCT FROM ${stored(day)}`);

const amountsDays = async () => {
    const [row] = dbRows<{ day: string | null; ready: string | null }>(
        await server.db.execute(
            sql`SELECT amounts_day::text AS day, amounts_ready_day::text AS ready FROM lending_job WHERE id = 1`,
        ),
    );
    return row;
};

/** The whole queue by amount overdue (the seed's loans and these tests'), as the maker reads it. */
const byAmount = async (order: 'asc' | 'desc') => {
    const call = () => server.call(listCollections, { body: { page_size: 500, sort: 'amount_overdue', order }, token });
    let answer = await call();
    if (answer.status === 401) {
        token = await server.signIn('maker');
        answer = await call();
    }
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    return answer.body.data.map(row => ({ id: row.id, amount: row.amount_overdue }));
};

describe('the stored amount overdue', () => {
    it('is, day by day, the figure the queue works out, and owes something exactly when the loan is in arrears', async () => {
        // Loans whose schedules meet every edge of the monthly arithmetic (a first due date on the
        // 28th to 31st, through February and months of 30 days), weekly ones, and some paid in part.
        const made = [];
        for (const [firstDue, period, paid] of [
            ['2027-01-28', 'monthly', 0],
            ['2027-01-29', 'monthly', 100],
            ['2027-01-30', 'monthly', 0],
            ['2027-01-31', 'monthly', 250],
            ['2027-03-31', 'monthly', 0],
            ['2027-01-31', 'weekly', 0],
            ['2027-02-03', 'weekly', 130],
        ] as const) {
            const { loan } = await makeLoan(server.db);
            await server.db
                .update(loans)
                .set({ firstDueDate: firstDue, instalmentPeriod: period, balance: loan.price - loan.deposit - paid })
                .where(eq(loans.id, loan.id));
            made.push(loan.id);
        }
        expect(made).toHaveLength(7);
        const mismatches: string[] = [];
        for (let day = '2027-01-20'; day <= '2027-06-05'; day = dayAfter(day, 1)) {
            const differ = await count(sql`status = 'active' AND ${stored(day)} <> ${amountOverdueSql(loans, day)}`);
            const arrears = await count(
                sql`status = 'active' AND (${stored(day)} > 0) IS DISTINCT FROM coalesce(${oldestUnpaidDue(loans)} < ${day}::date, false)`,
            );
            if (differ + arrears > 0) mismatches.push(`${day}: ${differ} amounts, ${arrears} in arrears or not`);
        }
        expect(mismatches).toEqual([]);
    }, 120_000);

    it('is made today’s for every active loan by the lending job, which then marks the day ready; a write keeps its loan’s', async () => {
        // A day the job has not begun: nothing is ready for it.
        server.clock.advance(9 * DAY_MS);
        const day = today();
        expect((await amountsDays())?.ready).not.toBe(day);
        expect(await behind(day)).toBeGreaterThan(0);

        const report = await runLendingPass(server.db, server.clock.now());
        expect(report.amounts).toBeGreaterThan(0);
        expect(await amountsDays()).toEqual({ day, ready: day });
        expect(await behind(day)).toBe(0);
        // A second pass finds nothing to do.
        expect((await runLendingPass(server.db, server.clock.now())).amounts).toBe(0);

        // Written after the day began: a payment lowering a balance, a loan added, a loan's terms changed.
        const [owing] = dbRows<{ id: number }>(
            await server.db.execute(
                sql`SELECT id FROM loans WHERE status = 'active' AND amount_overdue > 100 ORDER BY id LIMIT 1`,
            ),
        );
        if (!owing) throw new Error('No loan owing more than 100');
        await server.db
            .update(loans)
            .set({ balance: sql`${loans.balance} - 100` })
            .where(eq(loans.id, owing.id));
        const { loan } = await makeLoan(server.db);
        await server.db
            .update(loans)
            .set({ firstDueDate: dayAfter(day, -40), instalmentPeriod: 'weekly' })
            .where(eq(loans.id, loan.id));
        expect(await behind(day)).toBe(0);
        expect(await count(sql`id = ${loan.id} AND amount_overdue > 0`)).toBe(1);
    });

    it('orders the queue as the figures worked out do, before the day is ready and once it is', async () => {
        server.clock.advance(5 * DAY_MS);
        const day = today();
        expect((await amountsDays())?.ready).not.toBe(day);
        const worked = { desc: await byAmount('desc'), asc: await byAmount('asc') };
        expect(worked.desc.length).toBeGreaterThan(10);
        // Most owed first, ties by the newest loan; the reverse ascending.
        const expected = [...worked.desc].sort((a, b) => b.amount - a.amount || b.id - a.id);
        expect(worked.desc).toEqual(expected);
        expect(worked.asc).toEqual([...expected].reverse());

        await runLendingPass(server.db, server.clock.now());
        expect((await amountsDays())?.ready).toBe(day);
        expect(await byAmount('desc')).toEqual(worked.desc);
        expect(await byAmount('asc')).toEqual(worked.asc);
    });

    it.runIf(process.env.TEST_DATABASE_URL)(
        'does not begin a day while a writer holds a loan written with the old one, and begins it at the next try',
        async () => {
            server.clock.advance(2 * DAY_MS);
            const day = today();
            const [loan] = dbRows<{ id: number }>(
                await server.db.execute(sql`SELECT id FROM loans WHERE status = 'active' ORDER BY id LIMIT 1`),
            );
            if (!loan) throw new Error('No active loan');
            let release = () => undefined as void;
            const held = new Promise<void>(resolve => {
                release = resolve;
            });
            let written = () => undefined as void;
            const writing = new Promise<void>(resolve => {
                written = resolve;
            });
            const writer = server.db.transaction(async tx => {
                await tx
                    .update(loans)
                    .set({ balance: sql`${loans.balance} - 1` })
                    .where(eq(loans.id, loan.id));
                written();
                await held;
            });
            await writing;
            // The writer read the old day and has not committed: the day does not move.
            expect(await keepAmountsDay(server.db, day)).toBeNull();
            expect((await amountsDays())?.day).not.toBe(day);
            release();
            await writer;
            expect(await keepAmountsDay(server.db, day)).toBeGreaterThan(0);
            expect(await amountsDays()).toEqual({ day, ready: day });
            expect(await behind(day)).toBe(0);
        },
    );
});
