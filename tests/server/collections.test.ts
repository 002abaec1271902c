/**
 * The collections queue (contract/lending.ts `listCollections`, server/domain/lending/collections.ts)
 * on the real database with the clock moved by the tests: who appears and when, the days, bucket
 * and amount overdue (the schedule's own figures), each filter and sort, paging, reach and refusals.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listCollections, type CollectionItem } from '../../contract/lending';
import { loans, smsOutbox, stores } from '../../server/db/schema';
import { businessDay } from '../../server/time';
import { collectionsQueries } from '../../server/domain/lending/collections';
import { scheduleOf } from '../../server/domain/lending/schedule';
import { adminId, makeLoan, type LoanOptions } from './customerFixtures';
import { rowsOf, startTestServer, type TestServer } from './harness';
import { makePayment } from './moneyFixtures';

let server: TestServer;
const token: Record<string, string> = {};

const DAY_MS = 86_400_000;
const INSTALMENT = 79;

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'shopowner', 'agent', 'checker']) token[username] = await server.signIn(username);
}, 120_000);
afterAll(() => server?.close());

const today = () => businessDay(server.clock.now());
const dayAfter = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const advanceDays = (days: number) => server.clock.advance(days * DAY_MS);

/** The queue as `as` reads it; signed in again when moving the clock has ended the session. */
const list = async (body: z.input<typeof listCollections.body>, as = 'maker') => {
    const call = () => server.call(listCollections, { body: { page_size: 500, ...body }, token: token[as] });
    const answer = await call();
    if (answer.status !== 401) return answer;
    token[as] = await server.signIn(as);
    return call();
};

/** The queue's rows, for this test's loans only (the seed has loans in arrears of its own). */
const rowsFor = async (references: readonly string[], body: z.input<typeof listCollections.body> = {}, as = 'maker') => {
    const answer = await list(body, as);
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    return answer.body.data.filter(row => references.includes(row.loan_reference));
};

interface DueOptions extends LoanOptions {
    firstDue: string;
    period?: 'weekly' | 'monthly';
    /** What the instalments have been paid so far. */
    paid?: number;
}

/** An active loan of 30 instalments of ZAR 79, its first due on `firstDue`, having paid `paid`. */
const loanDue = async ({ firstDue, period = 'weekly', paid = 0, ...options }: DueOptions) => {
    const made = await makeLoan(server.db, options);
    const balance = made.loan.price - made.loan.deposit - paid;
    await server.db
        .update(loans)
        .set({ firstDueDate: firstDue, instalmentPeriod: period, balance })
        .where(eq(loans.id, made.loan.id));
    return { ...made, period, balance };
};

/** A payment as every writer of one records it: the row, and the balance lowered in the same step. */
const pay = async (loan: { loan: { id: number }; msisdn: string }, amount: number) => {
    await makePayment(server.db, { id: loan.loan.id, msisdn: loan.msisdn }, { amount, paidAt: server.clock.now() });
    await server.db
        .update(loans)
        .set({ balance: sql`${loans.balance} - ${amount}` })
        .where(eq(loans.id, loan.loan.id));
};

const storeIdOf = async (name: string) => {
    const [row] = await server.db.select({ id: stores.id }).from(stores).where(eq(stores.name, name));
    if (!row) throw new Error(`No shop ${name}`);
    return row.id;
};

const only = (rows: CollectionItem[]) => {
    expect(rows).toHaveLength(1);
    return rows[0] as CollectionItem;
};

describe('who is in arrears, from the schedule', () => {
    it('lists a loan the day after a missed instalment, with its days, bucket and amount, until it is paid', async () => {
        const due = today();
        const loan = await loanDue({ firstDue: due });
        // Due today is not overdue yet.
        expect(await rowsFor([loan.loanReference])).toEqual([]);

        advanceDays(1);
        const row = only(await rowsFor([loan.loanReference]));
        expect(row).toMatchObject({
            id: loan.loan.id,
            days_overdue: 1,
            bucket: '1-7',
            amount_overdue: INSTALMENT,
            currency: 'ZAR',
            oldest_unpaid_due: due,
            lock_state: 'active',
            shop: { name: 'Soweto Central' },
            last_payment: null,
            last_message_at: null,
        });
        expect(row.customer.msisdn).toBe(`•••${loan.msisdn.slice(-3)}`);
        expect(row.customer.public_id).toMatch(/^[0-9a-f-]{36}$/);

        // A week on, the second instalment is due too (today): still one overdue, 7 days.
        advanceDays(6);
        expect(only(await rowsFor([loan.loanReference]))).toMatchObject({
            days_overdue: 7,
            bucket: '1-7',
            amount_overdue: INSTALMENT,
        });
        // The day after, both are overdue.
        advanceDays(1);
        expect(only(await rowsFor([loan.loanReference]))).toMatchObject({
            days_overdue: 8,
            bucket: '8-30',
            amount_overdue: 2 * INSTALMENT,
        });

        // A part payment pays the oldest first: the first is still not all paid.
        await pay(loan, 50);
        expect(only(await rowsFor([loan.loanReference]))).toMatchObject({
            days_overdue: 8,
            amount_overdue: 2 * INSTALMENT - 50,
            last_payment: { amount: 50, paid_at: server.clock.now().toISOString() },
        });
        // The rest of the first: the oldest unpaid is now the second, a day overdue.
        await pay(loan, INSTALMENT - 50);
        expect(only(await rowsFor([loan.loanReference]))).toMatchObject({
            days_overdue: 1,
            bucket: '1-7',
            amount_overdue: INSTALMENT,
            oldest_unpaid_due: dayAfter(due, 7),
        });
        // Paid up: it leaves the queue.
        await pay(loan, INSTALMENT);
        expect(await rowsFor([loan.loanReference])).toEqual([]);
    });

    it('gives the days and amount the schedule gives, weekly and monthly, month ends and leap days included', async () => {
        const now = today();
        const cases: { firstDue: string; period: 'weekly' | 'monthly'; paid: number }[] = [
            { firstDue: dayAfter(now, -1), period: 'weekly', paid: 0 },
            { firstDue: dayAfter(now, -40), period: 'weekly', paid: 3 * INSTALMENT + 10 },
            { firstDue: dayAfter(now, -200), period: 'weekly', paid: 0 },
            { firstDue: dayAfter(now, -95), period: 'monthly', paid: INSTALMENT },
            { firstDue: '2024-01-31', period: 'monthly', paid: 2 * INSTALMENT },
            { firstDue: '2024-02-29', period: 'monthly', paid: 5 * INSTALMENT - 1 },
            { firstDue: dayAfter(now, -400), period: 'weekly', paid: 29 * INSTALMENT },
            // Paid off early, and paid more than it owes so far: neither is listed.
            { firstDue: dayAfter(now, -10), period: 'weekly', paid: 30 * INSTALMENT },
            { firstDue: dayAfter(now, -10), period: 'weekly', paid: 6 * INSTALMENT },
        ];
        const made = [];
        for (const each of cases) made.push({ ...each, loan: await loanDue(each) });
        const references = made.map(each => each.loan.loanReference);
        const rows = await rowsFor(references);
        for (const each of made) {
            const { standing } = scheduleOf(
                { instalment: INSTALMENT, term: 30, period: each.period, firstDueDate: each.firstDue },
                each.paid,
                now,
            );
            const row = rows.find(found => found.loan_reference === each.loan.loanReference);
            const expected =
                standing.days_overdue > 0
                    ? {
                          days_overdue: standing.days_overdue,
                          amount_overdue: standing.amount_overdue,
                          oldest_unpaid_due: standing.oldest_unpaid_due,
                      }
                    : undefined;
            expect(
                row && {
                    days_overdue: row.days_overdue,
                    amount_overdue: row.amount_overdue,
                    oldest_unpaid_due: row.oldest_unpaid_due,
                },
                JSON.stringify(each),
            ).toEqual(expected);
        }
        expect(rows.length).toBe(7);
    });

    it('lists active loans only', async () => {
        const loan = await loanDue({ firstDue: dayAfter(today(), -20) });
        expect(await rowsFor([loan.loanReference])).toHaveLength(1);
        await server.db.update(loans).set({ status: 'deactivated' }).where(eq(loans.id, loan.loan.id));
        expect(await rowsFor([loan.loanReference])).toEqual([]);
    });
});

describe('filters, sorts and pages', () => {
    // Four loans behind by 3, 20, 45 and 75 days, at two shops, sold by two agents, one locked.
    let set: Awaited<ReturnType<typeof loanDue>>[] = [];
    let references: string[] = [];
    beforeAll(async () => {
        const now = today();
        const agent = await adminId(server.db, 'agent');
        const maker = await adminId(server.db, 'maker');
        set = [
            await loanDue({ firstDue: dayAfter(now, -3) }),
            await loanDue({ firstDue: dayAfter(now, -20), paid: 20, store: 'Durban Marine Parade', device: 'locked' }),
            // The sixth of its weekly instalments, 45 days ago, is the oldest unpaid.
            await loanDue({ firstDue: dayAfter(now, -80), paid: 5 * INSTALMENT }),
            // Monthly: three fell due whatever the months' lengths (75 days after the first, the
            // fourth is still two weeks away).
            await loanDue({ firstDue: dayAfter(now, -75), period: 'monthly', store: 'Durban Marine Parade' }),
        ];
        references = set.map(loan => loan.loanReference);
        for (const [index, loan] of set.entries()) {
            await server.db
                .update(loans)
                .set({ agentAdminId: index % 2 === 0 ? agent : maker })
                .where(eq(loans.id, loan.loan.id));
        }
        // Older payments on the 45-day one, a later one on the 20-day one; a notice to the first's phone.
        await makePayment(
            server.db,
            { id: set[2]!.loan.id, msisdn: set[2]!.msisdn },
            { amount: 5 * INSTALMENT, paidAt: new Date(server.clock.now().getTime() - 30 * DAY_MS) },
        );
        await makePayment(
            server.db,
            { id: set[1]!.loan.id, msisdn: set[1]!.msisdn },
            { amount: 20, paidAt: new Date(server.clock.now().getTime() - 2 * DAY_MS) },
        );
        await server.db.insert(smsOutbox).values({
            msisdn: set[0]!.msisdn,
            text: 'Your instalment is overdue',
            purpose: 'notice',
            createdAt: server.clock.now(),
        });
    });
    const referencesOf = (rows: CollectionItem[]) => rows.map(row => row.loan_reference);
    const named = (...indexes: number[]) => indexes.map(index => references[index]);

    it('shows each row whole: days, bucket, amount, lock state, shop, agent, last payment and last message', async () => {
        const rows = await rowsFor(references);
        expect(rows.map(row => [row.days_overdue, row.bucket])).toEqual([
            [75, '60+'],
            [45, '31-60'],
            [20, '8-30'],
            [3, '1-7'],
        ]);
        const byReference = new Map(rows.map(row => [row.loan_reference, row]));
        expect(byReference.get(references[1]!)).toMatchObject({
            lock_state: 'locked',
            shop: { name: 'Durban Marine Parade' },
            agent: { name: 'Sipho Ndlovu' },
            last_payment: { amount: 20 },
        });
        expect(byReference.get(references[0]!)).toMatchObject({
            agent: { name: 'Bongani Khumalo' },
            last_message_at: server.clock.now().toISOString(),
        });
    });

    it('filters by bucket, shop, agent, lock state and a search', async () => {
        const filtered = async (body: z.input<typeof listCollections.body>) => referencesOf(await rowsFor(references, body));
        expect(await filtered({ bucket: '1-7' })).toEqual(named(0));
        expect(await filtered({ bucket: '8-30' })).toEqual(named(1));
        expect(await filtered({ bucket: '31-60' })).toEqual(named(2));
        expect(await filtered({ bucket: '60+' })).toEqual(named(3));
        const durban = await storeIdOf('Durban Marine Parade');
        expect(await filtered({ store_id: durban })).toEqual(named(3, 1));
        expect(await filtered({ agent_id: await adminId(server.db, 'agent') })).toEqual(named(2, 0));
        expect(await filtered({ lock_state: 'locked' })).toEqual(named(1));
        expect(await filtered({ store_id: durban, bucket: '60+' })).toEqual(named(3));
        // The search: a loan reference (any case), the customer's name, or digits of the phone number.
        expect(await filtered({ q: references[2]!.toLowerCase() })).toEqual(named(2));
        expect(await filtered({ q: set[1]!.msisdn.slice(-7) })).toEqual(named(1));
        const [customer] = rowsOf<{ last_name: string }>(
            await server.db.execute(sql`SELECT last_name FROM customers WHERE id = ${set[3]!.customer.id}`),
        );
        expect(await filtered({ q: customer!.last_name })).toEqual(named(3));
        // The total counts every match, not the page.
        const page = await list({ q: 'TST-', bucket: '60+', page_size: 1 });
        expect(page.body.total_items).toBeGreaterThanOrEqual(1);
    });

    it('sorts by days overdue, amount overdue and last payment, either way, and pages without overlap', async () => {
        const sorted = async (body: z.input<typeof listCollections.body>) => referencesOf(await rowsFor(references, body));
        expect(await sorted({})).toEqual(named(3, 2, 1, 0));
        expect(await sorted({ sort: 'days_overdue', order: 'asc' })).toEqual(named(0, 1, 2, 3));
        // Owed: 79 (3 days), 3 × 79 − 20 (20 days), 12 × 79 − 5 × 79 (45 days), 3 monthly × 79 (75 days).
        expect((await rowsFor(references)).map(row => row.amount_overdue)).toEqual([
            3 * INSTALMENT,
            7 * INSTALMENT,
            3 * INSTALMENT - 20,
            INSTALMENT,
        ]);
        expect(await sorted({ sort: 'amount_overdue' })).toEqual(named(2, 3, 1, 0));
        expect(await sorted({ sort: 'amount_overdue', order: 'asc' })).toEqual(named(0, 1, 3, 2));
        // Paid 2 days ago, 30 days ago, never (newest loan first on a tie); never counts as longest ago.
        expect(await sorted({ sort: 'last_paid_at' })).toEqual(named(1, 2, 3, 0));
        expect(await sorted({ sort: 'last_paid_at', order: 'asc' })).toEqual(named(0, 3, 2, 1));

        // Pages of two, in the default order: together the whole list, each loan once.
        const whole = await list({ q: 'TST-' });
        const pages: string[] = [];
        for (let page = 1; (page - 1) * 2 < whole.body.total_items; page += 1) {
            const answer = await list({ q: 'TST-', page_size: 2, page_number: page });
            expect(answer.body.total_items).toBe(whole.body.total_items);
            pages.push(...referencesOf(answer.body.data));
        }
        expect(pages).toEqual(referencesOf(whole.body.data));
    });

    it("gives a shop's staff their shop's loans only", async () => {
        const own = referencesOf(await rowsFor(references, {}, 'shopowner'));
        expect(own).toEqual(named(2, 0));
        // Another shop's filter finds nothing for them, rather than the other shop's loans.
        expect(await rowsFor(references, { store_id: await storeIdOf('Durban Marine Parade') }, 'shopowner')).toEqual([]);
        // Staff without a shop see every shop's.
        expect(referencesOf(await rowsFor(references, {}, 'admin'))).toEqual(named(3, 2, 1, 0));
    });
});

describe('how it is read', () => {
    const planOf = async (body: z.input<typeof listCollections.body>, reach?: SQL) => {
        const { rows, counted } = await collectionsQueries(server.db, listCollections.body.parse(body), today(), reach);
        const plan = async (query: { getSQL(): SQL }) =>
            rowsOf<{ 'QUERY PLAN': string }>(await server.db.execute(sql`EXPLAIN ${query.getSQL()}`))
                .map(row => row['QUERY PLAN'])
                .join('\n');
        return { page: await plan(rows), count: await plan(counted) };
    };

    it('reads the loans in arrears along their index: the default order, a bucket, and a shop', async () => {
        const byDays = await planOf({});
        expect(byDays.page).toContain('loans_arrears_idx');
        expect(byDays.count).toContain('loans_arrears_idx');
        // The count reads no customer and no device unless a filter asks for them.
        expect(byDays.count).not.toContain('customers');
        expect(byDays.count).not.toContain('device_locks');
        expect((await planOf({ bucket: '31-60', order: 'asc' })).page).toContain('loans_arrears_idx');
        const shop = await planOf({}, eq(loans.storeId, await storeIdOf('Soweto Central')));
        expect(shop.page).toContain('loans_store_arrears_idx');
    });
});

describe('refusals', () => {
    it('refuses a caller without the role (403) and one not signed in (401)', async () => {
        for (const username of ['agent', 'checker']) {
            const answer = await list({}, username);
            expect([answer.status, answer.error.key], username).toEqual([403, 'errors.forbidden']);
        }
        const signedOut = await server.call(listCollections, { body: {} });
        expect(signedOut.status).toBe(401);
    });

    it('refuses bad filter values with a 400 naming the field', async () => {
        for (const [body, field] of [
            [{ bucket: '0-1' }, 'bucket'],
            [{ bucket: 60 }, 'bucket'],
            [{ store_id: 0 }, 'store_id'],
            [{ agent_id: '2' }, 'agent_id'],
            [{ lock_state: 'stuck' }, 'lock_state'],
            [{ sort: 'name' }, 'sort'],
            [{ order: 'up' }, 'order'],
            [{ page_size: 501 }, 'page_size'],
            [{ page_number: 0 }, 'page_number'],
            [{ q: 'x'.repeat(65) }, 'q'],
        ] as const) {
            const answer = await list(body as z.input<typeof listCollections.body>);
            expect([answer.status, answer.error.field], JSON.stringify(body)).toEqual([400, field]);
        }
    });
});
