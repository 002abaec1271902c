/**
 * Analytics (contract/analytics/, server/domain/analytics/): every figure against a history
 * worked out by hand, the same figures for the business and a region against a reduction over the
 * raw rows written here (its own days, schedules and sums, not the server's SQL), who may see which
 * scope, and the demo's sales history.
 *
 * The hand-worked history lives in a region of its own with two new shops (one branded), in
 * 2024–2025, before anything the seed writes; its "today" figures come from loans dated back from
 * the test clock. Nothing else in this file makes loans.
 */
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateOf } from '../../server/domain/lending/schedule';
import {
    agentAnalysis,
    biAnalysis,
    biAuth,
    biDashboard,
    biScopeOptions,
    MAX_PERIOD_DAYS,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
    type BiKpis,
    type BiReportQuery,
} from '../../contract/analytics';
import { admins, deviceLocks, loans, stores, transactions } from '../../server/db/schema';
import { HISTORY } from '../../server/seed/analytics';
import { adminId, nextSerial } from './customerFixtures';
import { at, makeAnalyticsLoan, makeSalesAgent, makeShop, makeSuspensePayment } from './analyticsFixtures';
import { startTestServer, type TestServer } from './harness';
import { userWithRoles } from './users';

let server: TestServer;
const token: Record<string, string> = {};
/** Users holding exactly some analytics roles, made once. */
const made: Record<string, { id: number; token: string }> = {};

/** The hand-worked history's shops, agents and region. */
const fixture = {
    region: '',
    branded: { id: 0, name: '' },
    dealer: { id: 0, name: '' },
    agentX: 0,
    shopowner: 0,
    checker: 0,
    demoAgent: 0,
    soweto: 0,
    today: '',
};

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Days, as the reference below counts them (written here, not taken from the server)

const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
});
const dayOf = (instant: Date) => dayFormat.format(instant);
const plusDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['admin', 'analyst', 'shopowner', 'agent', 'maker', 'checker']) token[name] = await server.signIn(name);
    const db = server.db;
    const serial = nextSerial();
    fixture.today = dayOf(server.clock.now());
    fixture.shopowner = await adminId(db, 'shopowner');
    fixture.checker = await adminId(db, 'checker');
    fixture.demoAgent = await adminId(db, 'agent');
    const [soweto] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Soweto Central'));
    fixture.soweto = soweto?.id ?? 0;
    fixture.region = `Analytics Region ${serial}`;
    fixture.branded.name = `Analytics Branded ${serial}`;
    fixture.dealer.name = `Analytics Dealer ${serial}`;
    // The shop owner owns the branded shop too: it is in their reach beside Soweto Central.
    fixture.branded.id = await makeShop(db, {
        name: fixture.branded.name,
        region: fixture.region,
        branded: true,
        ownerAdminId: fixture.shopowner,
    });
    fixture.dealer.id = await makeShop(db, { name: fixture.dealer.name, region: fixture.region, branded: false });
    fixture.agentX = await makeSalesAgent(db, fixture.branded.id, 'Xolani');
    const A = fixture.branded.id;
    const B = fixture.dealer.id;
    const X = fixture.agentX;
    // Weekly: 100 down, 10 × 50 (price 600); monthly: 200 down, 6 × 100 (price 800).
    const weekly = { period: 'weekly', deposit: 100, instalment: 50, term: 10 } as const;
    const monthly = { period: 'monthly', deposit: 200, instalment: 100, term: 6 } as const;
    const deposit = (amount: number, when: Date) => ({ kind: 'deposit' as const, amount, at: when });
    const instalment = (amount: number, when: Date) => ({ kind: 'instalment' as const, amount, at: when });

    // L1: sold 3 March 2025, two instalments paid (10 and 18 March), none since: at risk, 400 owed.
    await makeAnalyticsLoan(db, {
        storeId: A,
        agentId: X,
        status: 'active',
        ...weekly,
        device: 'active',
        payments: [deposit(100, at('2025-03-03', '10:00')), instalment(50, at('2025-03-10')), instalment(50, at('2025-03-18'))],
    });
    // L2: sold 31 January (schedule 28 Feb, 28 Mar, 28 Apr…); an insurer's 100 on 5 March reversed on
    // 20 March; 100 paid at 23:30 on 31 March, 50 at 00:30 on 1 April. Owes 350, two and a half
    // instalments covered (the third, due 30 April, unpaid: at risk), locked.
    await makeAnalyticsLoan(db, {
        storeId: A,
        agentId: X,
        status: 'active',
        ...monthly,
        device: 'locked',
        payments: [
            deposit(200, at('2025-01-31')),
            instalment(100, at('2025-02-28')),
            instalment(100, at('2025-03-05')),
            { kind: 'reversal', amount: 100, at: at('2025-03-20') },
            instalment(100, at('2025-03-31', '23:30')),
            instalment(50, at('2025-04-01', '00:30')),
        ],
    });
    // L3: its deposit paid at 23:00 on 31 March, awaiting its lock; sold by the checker (no agent group).
    await makeAnalyticsLoan(db, {
        storeId: B,
        agentId: fixture.checker,
        status: 'awaiting_lock',
        period: 'weekly',
        deposit: 150,
        instalment: 75,
        term: 8,
        payments: [deposit(150, at('2025-03-31', '23:00'))],
    });
    // L4: deposit at 00:30 on 1 March (still 28 February in UTC), the first instalment on 8 March and
    // the rest (450) on 12 March: completed, so only the one due by then fell due.
    await makeAnalyticsLoan(db, {
        storeId: B,
        status: 'completed',
        ...weekly,
        device: 'released',
        payments: [deposit(100, at('2025-03-01', '00:30')), instalment(50, at('2025-03-08')), instalment(450, at('2025-03-12'))],
    });
    // L5: sold 10 February, three instalments paid (the third on 4 March), deregistered on 20 March.
    await makeAnalyticsLoan(db, {
        storeId: A,
        agentId: X,
        status: 'deactivated',
        ...weekly,
        device: 'released',
        updatedAt: at('2025-03-20'),
        payments: [
            deposit(100, at('2025-02-10')),
            instalment(50, at('2025-02-17')),
            instalment(50, at('2025-02-24')),
            instalment(50, at('2025-03-04')),
        ],
    });
    // A draft and a cancelled sale, and a payment in suspense: they count nowhere.
    await makeAnalyticsLoan(db, { storeId: B, status: 'draft', ...weekly, updatedAt: at('2025-03-15') });
    await makeAnalyticsLoan(db, { storeId: B, status: 'cancelled', ...weekly, updatedAt: at('2025-03-16') });
    await makeSuspensePayment(db, 999, at('2025-03-15'));

    // Today's figures: T1 72 days in, five paid (the sixth 30 days late: not yet at risk); T2 the
    // same with four paid (37 days late: at risk, locked); T3 a monthly sale 20 days ago.
    const today = fixture.today;
    const weeksPaid = (count: number, start: string) =>
        Array.from({ length: count }, (_, index) => instalment(50, at(plusDays(start, 7 * (index + 1)), '15:00')));
    const t0 = plusDays(today, -72);
    await makeAnalyticsLoan(db, {
        storeId: A,
        agentId: X,
        status: 'active',
        ...weekly,
        device: 'active',
        payments: [deposit(100, at(t0, '10:00')), ...weeksPaid(5, t0)],
    });
    await makeAnalyticsLoan(db, {
        storeId: B,
        status: 'active',
        ...weekly,
        device: 'locked',
        payments: [deposit(100, at(t0, '10:00')), ...weeksPaid(4, t0)],
    });
    await makeAnalyticsLoan(db, {
        storeId: A,
        status: 'active',
        ...monthly,
        device: 'active',
        payments: [deposit(200, at(plusDays(today, -20), '10:00'))],
    });
    // T4: the demo agent's sale in the dealer's shop in June 2024, paid off in June.
    await makeAnalyticsLoan(db, {
        storeId: B,
        agentId: fixture.demoAgent,
        status: 'completed',
        ...weekly,
        device: 'released',
        payments: [deposit(100, at('2024-06-01', '09:00')), instalment(500, at('2024-06-10'))],
    });

    const user = async (key: string, roles: readonly string[], storeId?: number) => {
        made[key] = await userWithRoles(server, token.admin, { roles, storeId, label: 'Analytics', msisdnPrefix: '27843' });
    };
    await user('shopBi', ['VIEW_BI_ANALYTICS'], fixture.soweto);
    await user('shopOnly', ['VIEW_SHOP_ANALYTICS']);
    await user('agentOnly', ['VIEW_AGENT_ANALYTICS']);
    await user('unbrandedOnly', ['VIEW_UNBRANDED_ANALYTICS']);
    await user('seller', ['ADD_LOAN']);
}, 180_000);
afterAll(() => server?.close());

const asUser = (name: string) => token[name] ?? made[name]?.token;

const analysis = (query: BiReportQuery, as = 'analyst') => server.call(biAnalysis, { query, token: asUser(as) });

const P = { from: '2025-03-01', to: '2025-03-31' } as const;
const region = () => ({ ...P, scope: 'region' as const, region: fixture.region });

/** Today's figures of the region's loans, worked by hand (see the fixtures above). */
const REGION_TODAY = { active_loans: 5, active_balance: 1900, par_balance: 1050, par_rate: 1050 / 1900, devices_locked: 2 };

const near = (value: number) => Math.round(value * 100);
/** Figures compared to the cent (sums in SQL numeric and in JS floats may differ in the last bits). */
const inCents = (kpis: BiKpis) =>
    Object.fromEntries(
        Object.entries(kpis).map(([key, value]) => [
            key,
            value === null ? null : key.endsWith('rate') ? value.toFixed(9) : near(value),
        ]),
    );

// ---------------------------------------------------------------------------------------------

describe('the figures of a history worked by hand', () => {
    it('bi_analysis: a region in March 2025, its previous month and its days', async () => {
        const { status, body, error } = await analysis(region());
        expect(status, JSON.stringify(error)).toBe(200);
        expect(body.period).toEqual({ ...P, bucket: 'day', scope_label: fixture.region, currency: 'ZAR' });
        expect(body.kpis).toEqual({
            loans_originated: 3,
            loan_value: 1950,
            collected: 1100,
            instalments_due: 500,
            instalments_collected: 750,
            // L4's 450 paid ahead repays what fell due, not more: at most 100%.
            repayment_rate: 1,
            ...REGION_TODAY,
        });
        // 29 January to 28 February: L2 and L5 sold; their deposits and first instalments paid, all that fell due.
        expect(body.previous).toEqual({
            loans_originated: 2,
            loan_value: 1400,
            collected: 500,
            instalments_due: 200,
            instalments_collected: 200,
            repayment_rate: 1,
            ...REGION_TODAY,
        });
        expect(body.series).toHaveLength(31);
        expect(body.series[0]?.date).toBe('2025-03-01');
        expect(body.series.at(-1)?.date).toBe('2025-03-31');
        const byDay = Object.fromEntries(body.series.map(point => [point.date, point]));
        const collectedOn: Record<string, number> = {
            '2025-03-01': 100,
            '2025-03-03': 100,
            '2025-03-04': 50,
            '2025-03-05': 100,
            '2025-03-08': 50,
            '2025-03-10': 50,
            '2025-03-12': 450,
            '2025-03-18': 50,
            '2025-03-20': -100,
            '2025-03-31': 250,
        };
        const soldOn: Record<string, [number, number]> = {
            '2025-03-01': [1, 600],
            '2025-03-03': [1, 600],
            '2025-03-31': [1, 750],
        };
        for (const point of body.series) {
            expect(point, point.date).toEqual({
                date: point.date,
                loans_originated: soldOn[point.date]?.[0] ?? 0,
                loan_value: soldOn[point.date]?.[1] ?? 0,
                collected: collectedOn[point.date] ?? 0,
            });
        }
        expect(byDay['2025-03-20']?.collected).toBe(-100);
    });

    it('buckets by ISO week (the first clipped to the period) and by month, every bucket present', async () => {
        const weeks = await analysis({ ...region(), from: '2025-03-01', to: '2025-05-15' });
        expect(weeks.body.period.bucket).toBe('week');
        expect(weeks.body.series).toEqual(
            [
                ['2025-03-01', 1, 600, 100],
                ['2025-03-03', 1, 600, 300],
                ['2025-03-10', 0, 0, 500],
                ['2025-03-17', 0, 0, -50],
                ['2025-03-24', 0, 0, 0],
                ['2025-03-31', 1, 750, 300],
                ['2025-04-07', 0, 0, 0],
                ['2025-04-14', 0, 0, 0],
                ['2025-04-21', 0, 0, 0],
                ['2025-04-28', 0, 0, 0],
                ['2025-05-05', 0, 0, 0],
                ['2025-05-12', 0, 0, 0],
            ].map(([date, loans, value, collected]) => ({ date, loans_originated: loans, loan_value: value, collected })),
        );
        const months = await analysis({ ...region(), from: '2024-12-15', to: '2025-06-30' });
        expect(months.body.period.bucket).toBe('month');
        expect(months.body.series).toEqual(
            [
                ['2024-12-15', 0, 0, 0],
                ['2025-01-01', 1, 800, 200],
                ['2025-02-01', 1, 600, 300],
                ['2025-03-01', 3, 1950, 1100],
                ['2025-04-01', 0, 0, 50],
                ['2025-05-01', 0, 0, 0],
                ['2025-06-01', 0, 0, 0],
            ].map(([date, loans, value, collected]) => ({ date, loans_originated: loans, loan_value: value, collected })),
        );
    });

    it('bi_analysis for one shop and one agent', async () => {
        const shop = await analysis({ ...P, scope: 'shop', shop_id: fixture.branded.id });
        expect(shop.body.period.scope_label).toBe(fixture.branded.name);
        // L1, L2 and L5; today L1, L2, T1 and T3.
        expect(shop.body.kpis).toEqual({
            loans_originated: 1,
            loan_value: 600,
            collected: 350,
            instalments_due: 450,
            instalments_collected: 250,
            repayment_rate: 250 / 450,
            active_loans: 4,
            active_balance: 1600,
            par_balance: 750,
            par_rate: 750 / 1600,
            devices_locked: 1,
        });
        const agent = await analysis({ ...P, scope: 'agent', agent_id: fixture.agentX });
        expect(agent.body.period.scope_label).toMatch(/^Xolani Seller /);
        expect(agent.body.kpis).toEqual({ ...shop.body.kpis, active_loans: 3, active_balance: 1000, par_rate: 750 / 1000 });
    });

    it('ranks the shops, their owners and the agents, best first, with how many there are', async () => {
        const branded = {
            loans_originated: 1,
            loan_value: 600,
            collected: 350,
            active_loans: 4,
            par_rate: 750 / 1600,
            devices_locked: 1,
        };
        const dealer = { loans_originated: 2, loan_value: 1350, collected: 750, active_loans: 1, par_rate: 1, devices_locked: 1 };
        const shops = await server.call(shopAnalysis, { query: region(), token: token.analyst });
        expect(shops.body.total).toBe(2);
        expect(shops.body.data).toEqual([
            { shop_id: fixture.dealer.id, name: fixture.dealer.name, region: fixture.region, branded: false, ...dealer },
            { shop_id: fixture.branded.id, name: fixture.branded.name, region: fixture.region, branded: true, ...branded },
        ]);
        const first = await server.call(shopAnalysis, { query: { ...region(), limit: 1 }, token: token.analyst });
        expect([first.body.total, first.body.data.map(row => row.shop_id)]).toEqual([2, [fixture.dealer.id]]);

        const owners = await server.call(shopOwnersAnalysis, { query: region(), token: token.analyst });
        expect(owners.body).toMatchObject({ total: 2 });
        expect(owners.body.data).toEqual([
            { owner_id: null, name: null, shops: 1, ...dealer },
            { owner_id: fixture.shopowner, name: 'Pieter van Wyk', shops: 1, ...branded },
        ]);

        const agents = await server.call(agentAnalysis, { query: region(), token: token.analyst });
        expect(agents.body.total).toBe(3);
        expect(agents.body.data).toEqual([
            {
                agent_id: fixture.checker,
                name: 'Lerato Dlamini',
                shop: null,
                loans_originated: 1,
                loan_value: 750,
                collected: 150,
                active_loans: 0,
                par_rate: null,
                devices_locked: 0,
            },
            {
                agent_id: fixture.agentX,
                name: expect.stringMatching(/^Xolani Seller /) as string,
                shop: fixture.branded.name,
                loans_originated: 1,
                loan_value: 600,
                collected: 350,
                active_loans: 3,
                par_rate: 750 / 1000,
                devices_locked: 1,
            },
            {
                agent_id: fixture.demoAgent,
                name: 'Bongani Khumalo',
                shop: 'Soweto Central',
                loans_originated: 0,
                loan_value: 0,
                collected: 0,
                active_loans: 0,
                par_rate: null,
                devices_locked: 0,
            },
        ]);
    });

    it('splits branded from unbranded shops, with their sales by bucket', async () => {
        const { body } = await server.call(unbrandedAnalysis, { query: region(), token: token.analyst });
        expect(body.data).toEqual([
            {
                branded: true,
                shops: 1,
                loans_originated: 1,
                loan_value: 600,
                collected: 350,
                active_loans: 4,
                par_rate: 750 / 1600,
                devices_locked: 1,
            },
            {
                branded: false,
                shops: 1,
                loans_originated: 2,
                loan_value: 1350,
                collected: 750,
                active_loans: 1,
                par_rate: 1,
                devices_locked: 1,
            },
        ]);
        expect(body.series).toHaveLength(31);
        const sold = body.series.filter(point => point.branded_loans + point.unbranded_loans > 0);
        expect(sold).toEqual([
            { date: '2025-03-01', branded_loans: 0, unbranded_loans: 1, branded_value: 0, unbranded_value: 600 },
            { date: '2025-03-03', branded_loans: 1, unbranded_loans: 0, branded_value: 600, unbranded_value: 0 },
            { date: '2025-03-31', branded_loans: 0, unbranded_loans: 1, branded_value: 0, unbranded_value: 750 },
        ]);
    });

    it('answers nothing due as a null rate, and a period with no sales as zeros', async () => {
        const quiet = await analysis({ ...region(), from: '2024-01-01', to: '2024-01-31' });
        expect(quiet.body.kpis).toEqual({
            loans_originated: 0,
            loan_value: 0,
            collected: 0,
            instalments_due: 0,
            instalments_collected: 0,
            repayment_rate: null,
            ...REGION_TODAY,
        });
        expect(quiet.body.series.every(point => point.loans_originated === 0 && point.collected === 0)).toBe(true);
    });
});

// ---------------------------------------------------------------------------------------------
// The same figures, reduced from the raw rows

interface RawLoan {
    id: number;
    storeId: number | null;
    agentAdminId: number | null;
    status: string;
    price: number;
    deposit: number;
    balance: number;
    instalment: number;
    instalmentPeriod: 'weekly' | 'monthly';
    term: number;
    firstDueDate: string;
    updatedAt: Date;
}

interface RawPayment {
    id: number;
    loanId: number | null;
    kind: string;
    amount: number;
    paidAt: Date;
    createdAt: Date;
}

const readRaw = async () => {
    const loanRows: RawLoan[] = await server.db
        .select({
            id: loans.id,
            storeId: loans.storeId,
            agentAdminId: loans.agentAdminId,
            status: loans.status,
            price: loans.price,
            deposit: loans.deposit,
            balance: loans.balance,
            instalment: loans.instalment,
            instalmentPeriod: loans.instalmentPeriod,
            term: loans.term,
            firstDueDate: loans.firstDueDate,
            updatedAt: loans.updatedAt,
        })
        .from(loans);
    const payments: RawPayment[] = await server.db
        .select({
            id: transactions.id,
            loanId: transactions.loanId,
            kind: transactions.kind,
            amount: transactions.amount,
            paidAt: transactions.paidAt,
            createdAt: transactions.createdAt,
        })
        .from(transactions)
        .where(isNotNull(transactions.loanId));
    const locks = new Map(
        (await server.db.select({ loanId: deviceLocks.loanId, state: deviceLocks.confirmedState }).from(deviceLocks)).map(row => [
            row.loanId,
            row.state,
        ]),
    );
    const shops = new Map(
        (await server.db.select({ id: stores.id, region: stores.region, branded: stores.branded }).from(stores)).map(row => [
            row.id,
            row,
        ]),
    );
    const paymentsOf = new Map<number, RawPayment[]>();
    for (const payment of payments)
        paymentsOf.set(payment.loanId ?? 0, [...(paymentsOf.get(payment.loanId ?? 0) ?? []), payment]);
    return { loans: loanRows, paymentsOf, locks, shops };
};

type Raw = Awaited<ReturnType<typeof readRaw>>;

const DEPOSIT_PAID = new Set(['awaiting_lock', 'active', 'completed', 'deactivated']);

/** What one loan adds to a period's figures and today's, worked out on its own rows. */
const loanFigures = (raw: Raw, loan: RawLoan, period: { from: string; to: string }, today: string) => {
    const payments = raw.paymentsOf.get(loan.id) ?? [];
    const deposits = payments.filter(payment => payment.kind === 'deposit').map(payment => payment.paidAt.getTime());
    const startDay = deposits.length > 0 ? dayOf(new Date(Math.min(...deposits))) : null;
    const inPeriod = (day: string) => day >= period.from && day <= period.to;
    // The schedule's rule (server/domain/lending/schedule.ts): k − 1 periods after the first due date.
    const dueDay = (k: number) =>
        startDay === null ? '' : dueDateOf({ period: loan.instalmentPeriod, firstDueDate: loan.firstDueDate }, k);
    // A completed loan's last payment: the last recorded (the one that paid it off).
    const lastPaid = payments
        .filter(payment => payment.kind !== 'reversal')
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
        .at(-1);
    const cap =
        loan.status === 'completed' && lastPaid
            ? dayOf(lastPaid.paidAt)
            : loan.status === 'deactivated'
              ? dayOf(loan.updatedAt)
              : '9999-12-31';
    const dueUntil = [period.to, today, cap].sort()[0] ?? '';
    let due = 0;
    if (startDay !== null) {
        for (let k = 1; k <= loan.term; k++) if (dueDay(k) >= period.from && dueDay(k) <= dueUntil) due += 1;
    }
    const paidIn = payments.filter(payment => inPeriod(dayOf(payment.paidAt)));
    const signed = (payment: RawPayment) => (payment.kind === 'reversal' ? -payment.amount : payment.amount);
    const covered = Math.max(0, Math.floor((loan.price - loan.deposit - loan.balance) / loan.instalment));
    const active = loan.status === 'active';
    const atRisk = active && startDay !== null && covered < loan.term && daysFrom(dueDay(covered + 1), today) > 30;
    const originated = DEPOSIT_PAID.has(loan.status) && startDay !== null && inPeriod(startDay);
    return {
        originated,
        startDay,
        value: originated ? loan.price : 0,
        collected: paidIn.reduce((sum, payment) => sum + signed(payment), 0),
        instalments: paidIn.filter(payment => payment.kind !== 'deposit').reduce((sum, payment) => sum + signed(payment), 0),
        due: due * loan.instalment,
        active,
        balance: active ? loan.balance : 0,
        atRisk: atRisk ? loan.balance : 0,
        locked: active && raw.locks.get(loan.id) === 'locked',
    };
};

const referenceKpis = (
    raw: Raw,
    inScope: (loan: RawLoan) => boolean,
    period: { from: string; to: string },
    today: string,
): BiKpis => {
    const rows = raw.loans.filter(inScope).map(loan => loanFigures(raw, loan, period, today));
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    const due = sum(row => row.due);
    const instalments = sum(row => row.instalments);
    const activeBalance = sum(row => row.balance);
    const par = sum(row => row.atRisk);
    return {
        loans_originated: rows.filter(row => row.originated).length,
        loan_value: sum(row => row.value),
        collected: sum(row => row.collected),
        instalments_due: due,
        instalments_collected: instalments,
        repayment_rate: due > 0 ? Math.min(1, Math.max(0, instalments) / due) : null,
        active_loans: rows.filter(row => row.active).length,
        active_balance: activeBalance,
        par_balance: par,
        par_rate: activeBalance > 0 ? par / activeBalance : null,
        devices_locked: rows.filter(row => row.locked).length,
    };
};

/** The day a bucket starts, clipped to the period. */
const bucketStart = (day: string, bucket: string, from: string) => {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const start = bucket === 'day' ? day : bucket === 'week' ? plusDays(day, -weekday) : `${day.slice(0, 7)}-01`;
    return start < from ? from : start;
};

const referenceSeries = (raw: Raw, inScope: (loan: RawLoan) => boolean, period: { from: string; to: string }, bucket: string) => {
    const points = new Map<string, { date: string; loans_originated: number; loan_value: number; collected: number }>();
    for (let day = period.from; day <= period.to; day = plusDays(day, 1)) {
        const date = bucketStart(day, bucket, period.from);
        if (!points.has(date)) points.set(date, { date, loans_originated: 0, loan_value: 0, collected: 0 });
    }
    for (const loan of raw.loans.filter(inScope)) {
        const figures = loanFigures(raw, loan, period, fixture.today);
        if (figures.originated && figures.startDay) {
            const point = points.get(bucketStart(figures.startDay, bucket, period.from));
            if (point) {
                point.loans_originated += 1;
                point.loan_value += loan.price;
            }
        }
        for (const payment of raw.paymentsOf.get(loan.id) ?? []) {
            const day = dayOf(payment.paidAt);
            if (day < period.from || day > period.to) continue;
            const point = points.get(bucketStart(day, bucket, period.from));
            if (point) point.collected += payment.kind === 'reversal' ? -payment.amount : payment.amount;
        }
    }
    return [...points.values()].map(point => ({
        ...point,
        loan_value: near(point.loan_value),
        collected: near(point.collected),
    }));
};

const centsSeries = (series: readonly { date: string; loans_originated: number; loan_value: number; collected: number }[]) =>
    series.map(point => ({ ...point, loan_value: near(point.loan_value), collected: near(point.collected) }));

describe('the same figures against the raw rows', () => {
    it('the business over the last 120 days (by week) and the 120 before', async () => {
        const raw = await readRaw();
        const period = { from: plusDays(fixture.today, -120), to: fixture.today };
        const previous = { from: plusDays(fixture.today, -241), to: plusDays(fixture.today, -121) };
        const { body } = await analysis({ ...period, scope: 'all' });
        expect(body.period.bucket).toBe('week');
        const everything = () => true;
        expect(inCents(body.kpis)).toEqual(inCents(referenceKpis(raw, everything, period, fixture.today)));
        expect(inCents(body.previous)).toEqual(inCents(referenceKpis(raw, everything, previous, fixture.today)));
        expect(centsSeries(body.series)).toEqual(referenceSeries(raw, everything, period, 'week'));
        // The demo's history makes every figure something.
        expect(body.kpis.loans_originated).toBeGreaterThan(50);
        expect(body.kpis.par_balance).toBeGreaterThan(0);
        expect(body.kpis.devices_locked).toBeGreaterThan(0);
        expect(body.kpis.repayment_rate).toBeGreaterThan(0);
    });

    it('a region over a year, by month', async () => {
        const raw = await readRaw();
        const period = { from: plusDays(fixture.today, -364), to: fixture.today };
        const { body } = await analysis({ ...period, scope: 'region', region: 'Gauteng' });
        expect(body.period.bucket).toBe('month');
        const gauteng = (loan: RawLoan) => raw.shops.get(loan.storeId ?? 0)?.region === 'Gauteng';
        expect(inCents(body.kpis)).toEqual(inCents(referenceKpis(raw, gauteng, period, fixture.today)));
        expect(centsSeries(body.series)).toEqual(referenceSeries(raw, gauteng, period, 'month'));
        expect(body.kpis.loans_originated).toBeGreaterThan(0);
    });

    it('every shop, agent and brand of the business over 90 days', async () => {
        const raw = await readRaw();
        const period = { from: plusDays(fixture.today, -89), to: fixture.today };
        const query = { ...period, scope: 'all' as const, limit: 500 };
        const ranked = (
            row: Pick<BiKpis, 'loans_originated' | 'loan_value' | 'collected' | 'active_loans' | 'par_rate' | 'devices_locked'>,
        ) => ({
            loans_originated: row.loans_originated,
            loan_value: near(row.loan_value),
            collected: near(row.collected),
            active_loans: row.active_loans,
            par_rate: row.par_rate === null ? null : row.par_rate.toFixed(9),
            devices_locked: row.devices_locked,
        });
        const shops = await server.call(shopAnalysis, { query, token: token.analyst });
        expect(shops.body.total).toBe(raw.shops.size);
        for (const row of shops.body.data) {
            expect(ranked(row), row.name).toEqual(
                ranked(referenceKpis(raw, loan => loan.storeId === row.shop_id, period, fixture.today)),
            );
        }
        const order = shops.body.data.map(row => [row.loans_originated, row.loan_value]);
        expect(order).toEqual([...order].sort((a, b) => (b[0] ?? 0) - (a[0] ?? 0) || (b[1] ?? 0) - (a[1] ?? 0)));

        const agents = await server.call(agentAnalysis, { query, token: token.analyst });
        const sellers = new Set(raw.loans.map(loan => loan.agentAdminId).filter(id => id !== null));
        expect(agents.body.data.map(row => row.agent_id)).toEqual(expect.arrayContaining([...sellers]));
        for (const row of agents.body.data) {
            expect(ranked(row), row.name).toEqual(
                ranked(referenceKpis(raw, loan => loan.agentAdminId === row.agent_id, period, fixture.today)),
            );
        }

        const brands = await server.call(unbrandedAnalysis, { query: { ...period, scope: 'all' }, token: token.analyst });
        for (const row of brands.body.data) {
            const ofBrand = (loan: RawLoan) => raw.shops.get(loan.storeId ?? 0)?.branded === row.branded;
            expect(ranked(row)).toEqual(ranked(referenceKpis(raw, ofBrand, period, fixture.today)));
            expect(row.shops).toBe([...raw.shops.values()].filter(shop => shop.branded === row.branded).length);
        }
    });

    it('the dashboard: this month and last month, as bi_analysis answers them', async () => {
        const monthStart = `${fixture.today.slice(0, 7)}-01`;
        const lastMonthEnd = plusDays(monthStart, -1);
        const lastMonth = { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
        const { body } = await server.call(biDashboard, { token: token.analyst });
        expect(body).toMatchObject({
            scope: 'all',
            scope_label: null,
            currency: 'ZAR',
            current: { from: monthStart, to: fixture.today },
            previous: lastMonth,
        });
        const current = await analysis({ from: monthStart, to: fixture.today, scope: 'all' });
        const previous = await analysis({ ...lastMonth, scope: 'all' });
        expect(body.kpis).toEqual(current.body.kpis);
        expect(body.previous_kpis).toEqual(previous.body.kpis);

        // The demo agent's own sales: what an analyst sees of that agent.
        const own = await server.call(biDashboard, { token: token.agent });
        expect(own.body).toMatchObject({ scope: 'agent', scope_label: 'Bongani Khumalo' });
        const asAnalyst = await analysis({ from: monthStart, to: fixture.today, scope: 'agent', agent_id: fixture.demoAgent });
        expect(own.body.kpis).toEqual(asAnalyst.body.kpis);
    });
});

// ---------------------------------------------------------------------------------------------

describe('who sees which scope', () => {
    const refused = async (query: BiReportQuery, as: string, field: string) => {
        const result = await analysis(query, as);
        expect([result.status, result.error?.key, result.error?.field], `${as} ${JSON.stringify(query)}`).toEqual([
            403,
            'errors.scope_forbidden',
            field,
        ]);
    };

    it('keeps a caller attached to a shop to their shops and their agents, whether the rest exists or not', async () => {
        await refused({ ...P, scope: 'all' }, 'shopBi', 'scope');
        await refused({ ...P, scope: 'region', region: 'Gauteng' }, 'shopBi', 'scope');
        await refused({ ...P, scope: 'region', region: 'Nowhere at all' }, 'shopBi', 'scope');
        await refused({ ...P, scope: 'shop', shop_id: fixture.dealer.id }, 'shopBi', 'shop_id');
        await refused({ ...P, scope: 'shop', shop_id: 2_000_000_000 }, 'shopBi', 'shop_id');
        await refused({ ...P, scope: 'agent', agent_id: fixture.agentX }, 'shopBi', 'agent_id');
        await refused({ ...P, scope: 'agent', agent_id: 2_000_000_000 }, 'shopBi', 'agent_id');
        // The checker sold a loan (an agent) but belongs to no shop; the maker is no agent at all.
        await refused({ ...P, scope: 'agent', agent_id: fixture.checker }, 'shopBi', 'agent_id');
        await refused({ ...P, scope: 'agent', agent_id: await adminId(server.db, 'maker') }, 'shopBi', 'agent_id');
        for (const call of [shopAnalysis, shopOwnersAnalysis, agentAnalysis, unbrandedAnalysis]) {
            const other = await server.call(call, {
                query: { ...P, scope: 'shop', shop_id: fixture.dealer.id },
                token: asUser('shopBi'),
            });
            expect([other.status, other.error?.key, other.error?.field]).toEqual([403, 'errors.scope_forbidden', 'shop_id']);
        }
        // Their own shop and its agent are theirs.
        expect((await analysis({ ...P, scope: 'shop', shop_id: fixture.soweto }, 'shopBi')).status).toBe(200);
        expect((await analysis({ ...P, scope: 'agent', agent_id: fixture.demoAgent }, 'shopBi')).status).toBe(200);
    });

    it("adds up none of another shop's loans, even an agent of theirs sold there", async () => {
        // The demo agent's June 2024 sale was in the dealer's shop, outside Soweto Central.
        const june = { from: '2024-06-01', to: '2024-06-30', scope: 'agent' as const, agent_id: fixture.demoAgent };
        expect((await analysis(june)).body.kpis).toMatchObject({ loans_originated: 1, loan_value: 600, collected: 600 });
        expect((await analysis(june, 'shopBi')).body.kpis).toMatchObject({ loans_originated: 0, loan_value: 0, collected: 0 });
        const ranking = await server.call(shopAnalysis, { query: { ...june, limit: 50 }, token: asUser('shopBi') });
        expect(ranking.body.data.map(row => row.name)).toEqual(['Soweto Central']);
        const staff = await server.call(shopAnalysis, { query: { ...june, limit: 50 }, token: token.analyst });
        // The demo agent also sold the demo's Durban loan (LPP-000004), long after June 2024.
        expect(staff.body.data.map(row => row.name)).toEqual([fixture.dealer.name, 'Durban Marine Parade', 'Soweto Central']);
    });

    it('reaches the shops a shop owner owns beside their own', async () => {
        const owned = await analysis({ ...P, scope: 'shop', shop_id: fixture.branded.id }, 'shopowner');
        expect(owned.status).toBe(200);
        expect(owned.body.kpis.loans_originated).toBe(1);
        await refused({ ...P, scope: 'shop', shop_id: fixture.dealer.id }, 'shopowner', 'shop_id');
        // VIEW_SHOP_OWNERS_ANALYTICS gives shops, not agents.
        await refused({ ...P, scope: 'agent', agent_id: fixture.agentX }, 'shopowner', 'scope');
        const owners = await server.call(shopOwnersAnalysis, {
            query: { ...P, scope: 'shop', shop_id: fixture.soweto },
            token: token.shopowner,
        });
        expect(owners.body.data.map(row => [row.name, row.shops])).toEqual([['Pieter van Wyk', 1]]);
    });

    it('gives each analytics role its kinds of scope and its reports', async () => {
        await refused({ ...P, scope: 'agent', agent_id: fixture.agentX }, 'shopOnly', 'scope');
        await refused({ ...P, scope: 'all' }, 'shopOnly', 'scope');
        expect((await analysis({ ...P, scope: 'shop', shop_id: fixture.dealer.id }, 'shopOnly')).status).toBe(200);
        await refused({ ...P, scope: 'shop', shop_id: fixture.dealer.id }, 'agentOnly', 'scope');
        expect((await analysis({ ...P, scope: 'agent', agent_id: fixture.agentX }, 'agentOnly')).status).toBe(200);
        await refused({ ...P, scope: 'region', region: 'Gauteng' }, 'unbrandedOnly', 'scope');
        expect((await analysis({ ...P, scope: 'all' }, 'unbrandedOnly')).status).toBe(200);

        const report = async (call: typeof shopAnalysis | typeof agentAnalysis | typeof unbrandedAnalysis, as: string) => {
            const query = { ...P, scope: 'all' as const };
            const result = await server.call(call, { query, token: asUser(as) });
            return [result.status, result.error?.key ?? null];
        };
        expect(await report(shopAnalysis, 'agentOnly')).toEqual([403, 'errors.forbidden']);
        expect(await report(agentAnalysis, 'shopOnly')).toEqual([403, 'errors.forbidden']);
        expect(await report(unbrandedAnalysis, 'unbrandedOnly')).toEqual([200, null]);
        expect(await report(unbrandedAnalysis, 'shopOnly')).toEqual([403, 'errors.forbidden']);
    });

    it('answers 404 on the field for a member that does not exist to staff who reach everything', async () => {
        const missing = async (query: BiReportQuery, field: string) => {
            const result = await analysis(query);
            expect([result.status, result.error?.key, result.error?.field]).toEqual([404, 'errors.not_found', field]);
        };
        await missing({ ...P, scope: 'shop', shop_id: 2_000_000_000 }, 'shop_id');
        await missing({ ...P, scope: 'agent', agent_id: 2_000_000_000 }, 'agent_id');
        await missing({ ...P, scope: 'agent', agent_id: await adminId(server.db, 'maker') }, 'agent_id');
        await missing({ ...P, scope: 'region', region: 'Nowhere at all' }, 'region');
    });

    it('refuses a period or a scope that does not hold together with 400 on its field', async () => {
        const invalid = async (query: Record<string, unknown>, field: string) => {
            const result = await server.call(biAnalysis, { query: query as BiReportQuery, token: token.analyst });
            expect([result.status, result.error?.field], JSON.stringify(query)).toEqual([400, field]);
        };
        await invalid({ ...P, scope: 'shop' }, 'shop_id');
        await invalid({ ...P, scope: 'agent' }, 'agent_id');
        await invalid({ ...P, scope: 'region' }, 'region');
        await invalid({ ...P, scope: 'all', agent_id: fixture.agentX }, 'agent_id');
        await invalid({ ...P, scope: 'shop', shop_id: fixture.soweto, region: 'Gauteng' }, 'region');
        await invalid({ from: '2025-03-31', to: '2025-03-01', scope: 'all' }, 'to');
        await invalid({ from: '2022-01-01', to: plusDays('2022-01-01', MAX_PERIOD_DAYS), scope: 'all' }, 'to');
        await invalid({ from: '0000-01-01', to: '2025-03-01', scope: 'all' }, 'from');
        await invalid({ from: '2025-02-30', to: '2025-03-01', scope: 'all' }, 'from');
        await invalid({ ...P, scope: 'everything' }, 'scope');
        const longest = await analysis({ from: '2022-01-01', to: plusDays('2022-01-01', MAX_PERIOD_DAYS - 1), scope: 'all' });
        expect([longest.status, longest.body.period.bucket]).toEqual([200, 'month']);
        const ranking = await server.call(shopAnalysis, { query: { ...P, scope: 'all', limit: 0 }, token: token.analyst });
        expect([ranking.status, ranking.error?.field]).toEqual([400, 'limit']);
    });

    it('lists only the regions, shops and agents in reach, filtered by q', async () => {
        const options = async (scope: 'region' | 'shop' | 'agent', as: string, q?: string) =>
            server.call(biScopeOptions, { params: { scope }, query: { q, limit: 100 }, token: asUser(as) });
        const shopsOf = await options('shop', 'shopBi');
        expect(shopsOf.body).toEqual({
            total: 1,
            data: [{ id: String(fixture.soweto), name: 'Soweto Central', detail: 'Gauteng' }],
        });
        const ownerShops = await options('shop', 'shopowner');
        expect(ownerShops.body.data.map(row => row.name)).toEqual([fixture.branded.name, 'Soweto Central']);
        // Soweto Central's agents (the demo agent, and the one whose registration waits), not another shop's.
        const agentsOf = await options('agent', 'shopBi');
        expect(agentsOf.body.data).toContainEqual({
            id: String(fixture.demoAgent),
            name: 'Bongani Khumalo',
            detail: 'Soweto Central',
        });
        expect(new Set(agentsOf.body.data.map(row => row.detail))).toEqual(new Set(['Soweto Central']));
        expect(agentsOf.body.total).toBe(agentsOf.body.data.length);
        const region = await options('region', 'shopBi');
        expect([region.status, region.error?.key, region.error?.field]).toEqual([403, 'errors.scope_forbidden', 'scope']);
        const agents = await options('agent', 'shopowner');
        expect([agents.status, agents.error?.key]).toEqual([403, 'errors.scope_forbidden']);

        const regions = await options('region', 'analyst');
        expect(regions.body.data.map(row => row.id)).toEqual(
            expect.arrayContaining(['Gauteng', 'KwaZulu-Natal', 'Western Cape', fixture.region]),
        );
        const gauteng = await options('shop', 'analyst', 'gauteng');
        expect(gauteng.body.data.map(row => row.name)).toEqual(['Pretoria Sunnyside', 'Soweto Central']);
        expect(gauteng.body.total).toBe(2);
        const durban = await options('shop', 'analyst', 'Durban');
        expect(durban.body.data.map(row => row.name)).toEqual(['Durban Marine Parade']);
        // Agents: the agent groups' members and whoever sold a loan (the checker sold L3).
        const everyAgent = await options('agent', 'analyst');
        const ids = everyAgent.body.data.map(row => Number(row.id));
        expect(ids).toEqual(
            expect.arrayContaining([fixture.demoAgent, fixture.agentX, fixture.checker, await adminId(server.db, 'fieldagent')]),
        );
        expect(ids).not.toContain(await adminId(server.db, 'maker'));
        const xolani = await options('agent', 'analyst', 'xolani');
        expect(xolani.body.data).toEqual([
            { id: String(fixture.agentX), name: expect.stringMatching(/^Xolani/) as string, detail: fixture.branded.name },
        ]);
        // LIKE's wildcards are taken literally.
        expect((await options('shop', 'analyst', '%')).body).toEqual({ total: 0, data: [] });
        const few = await server.call(biScopeOptions, { params: { scope: 'shop' }, query: { limit: 2 }, token: token.analyst });
        expect([few.body.data.length, few.body.total]).toEqual([2, 6]);
    });

    it('bi_auth: the kinds, reports, own shop and days of each caller', async () => {
        const auth = async (as: string) => (await server.call(biAuth, { token: asUser(as) })).body;
        expect(await auth('analyst')).toEqual({
            scopes: ['all', 'region', 'shop', 'agent'],
            reports: ['overview', 'shops', 'shop_owners', 'unbranded', 'agents'],
            shop: null,
            today: fixture.today,
            earliest: '2024-06-01',
        });
        expect(await auth('shopowner')).toEqual({
            scopes: ['shop'],
            reports: ['overview', 'shop_owners'],
            shop: { id: fixture.soweto, name: 'Soweto Central' },
            today: fixture.today,
            // L2's deposit, in the branded shop they own; Soweto's sales are all later.
            earliest: '2025-01-31',
        });
        expect(await auth('shopBi')).toMatchObject({ scopes: ['shop', 'agent'], shop: { id: fixture.soweto } });
        expect(await auth('shopOnly')).toMatchObject({ scopes: ['shop'], reports: ['overview', 'shops'], shop: null });
        expect(await auth('agentOnly')).toMatchObject({ scopes: ['agent'], reports: ['overview', 'agents'] });
        expect(await auth('unbrandedOnly')).toMatchObject({ scopes: ['all'], reports: ['overview', 'unbranded'] });
        const agent = await server.call(biAuth, { token: token.agent });
        expect([agent.status, agent.error?.key]).toEqual([403, 'errors.forbidden']);
    });

    it('bi_dashboard: the business, the shops, the own sales, or nothing, by role', async () => {
        const dashboard = async (as: string) => (await server.call(biDashboard, { token: asUser(as) })).body;
        expect(await dashboard('analyst')).toMatchObject({ scope: 'all', scope_label: null });
        expect(await dashboard('admin')).toMatchObject({ scope: 'all' });
        const owner = await dashboard('shopowner');
        expect(owner).toMatchObject({ scope: 'shop', scope_label: `${fixture.branded.name}, Soweto Central` });
        expect(owner.kpis).not.toBeNull();
        expect(await dashboard('agent')).toMatchObject({ scope: 'agent', scope_label: 'Bongani Khumalo' });
        // The maker may sell (ADD_LOAN) but is no agent and sold nothing; the checker holds neither.
        for (const as of ['maker', 'checker', 'seller']) {
            expect(await dashboard(as), as).toMatchObject({ scope: null, scope_label: null, kpis: null, previous_kpis: null });
        }
        // An analytics role without VIEW_BI_ANALYTICS and without a shop has no headline scope either.
        expect(await dashboard('shopOnly')).toMatchObject({ scope: null, kpis: null });
        const unsigned = await server.call(biDashboard, {});
        expect(unsigned.status).toBe(401);
    });
});

// ---------------------------------------------------------------------------------------------

describe("the demo's sales history", () => {
    it('holds a year of sales in the four shops, some behind, some paid off, Soweto Central sold by the demo agent', async () => {
        const history = await server.db
            .select({ loan: loans, shop: stores.name, branded: stores.branded })
            .from(loans)
            .innerJoin(stores, eq(stores.id, loans.storeId))
            .where(like(loans.loanReference, `${HISTORY.referencePrefix}%`));
        expect(history).toHaveLength(HISTORY.loans);
        const shops = new Set(history.map(row => row.shop));
        expect([...shops].sort()).toEqual([
            'Cape Town Bellville',
            'Durban Marine Parade',
            'Pretoria Sunnyside',
            'Soweto Central',
        ]);
        for (const row of history) {
            expect(row.loan.agentAdminId, row.loan.loanReference).toBe(row.shop === 'Soweto Central' ? fixture.demoAgent : null);
            expect(row.branded).toBe(row.shop === 'Durban Marine Parade' || row.shop === 'Cape Town Bellville');
        }
        const statuses = new Set(history.map(row => row.loan.status));
        expect([...statuses].sort()).toEqual(['active', 'completed', 'deactivated']);

        const payments = await server.db
            .select({ paidAt: transactions.paidAt, reference: transactions.reference })
            .from(transactions)
            .where(like(transactions.reference, `${HISTORY.paymentPrefix}%`));
        const days = payments.map(payment => dayOf(payment.paidAt)).sort();
        expect((days[0] ?? '') >= plusDays(fixture.today, -HISTORY.days), days[0]).toBe(true);
        expect((days.at(-1) ?? '9') < fixture.today, days.at(-1)).toBe(true);

        const locked = await server.db
            .select({ id: deviceLocks.id })
            .from(deviceLocks)
            .innerJoin(loans, eq(loans.id, deviceLocks.loanId))
            .where(and(like(loans.loanReference, `${HISTORY.referencePrefix}%`), eq(deviceLocks.confirmedState, 'locked')));
        expect(locked.length).toBeGreaterThan(10);
        // Each balance is what its payments leave of the price.
        const raw = await readRaw();
        for (const row of history) {
            const paid = (raw.paymentsOf.get(row.loan.id) ?? []).reduce((sum, payment) => sum + payment.amount, 0);
            expect(near(row.loan.price - paid), row.loan.loanReference).toBe(near(row.loan.balance));
        }
        // No sign-in account was added for it.
        const [agentRow] = await server.db.select().from(admins).where(eq(admins.username, 'agent'));
        expect(agentRow?.storeId).toBe(fixture.soweto);
    });

    it('shows something in every shop over the last year', async () => {
        const { body } = await server.call(shopAnalysis, {
            query: { from: plusDays(fixture.today, -364), to: fixture.today, scope: 'all', limit: 50 },
            token: token.analyst,
        });
        for (const name of ['Soweto Central', 'Durban Marine Parade', 'Cape Town Bellville', 'Pretoria Sunnyside']) {
            const row = body.data.find(shop => shop.name === name);
            expect(row?.loans_originated, name).toBeGreaterThan(20);
            expect(row?.collected, name).toBeGreaterThan(0);
        }
    });
});
