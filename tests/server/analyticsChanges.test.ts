/**
 * The changes the BI page and the dashboard state (contract/analytics/ "Changes"): a rate moves
 * in percentage points between two rates from 0 to 1, and a change over an earlier period of
 * fewer than MIN_COMPARABLE_LOANS loans, or none, is "no comparable period", never a percentage.
 *
 * Each case is a shop of its own, in March 2025 against 29 January – 28 February 2025 (the same
 * length just before). Loans pay weekly: 100 down, then 10 × 50, the first a week after the deposit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biAnalysis, biDashboard, MIN_COMPARABLE_LOANS, type BiChanges } from '../../contract/analytics';
import { at, makeAnalyticsLoan, makeShop, type FixturePayment } from './analyticsFixtures';
import { nextSerial } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let analyst = '';

const MARCH = { from: '2025-03-01', to: '2025-03-31' } as const;
const weekly = { period: 'weekly', deposit: 100, instalment: 50, term: 10, status: 'active' } as const;

const deposit = (day: string): FixturePayment => ({ kind: 'deposit', amount: 100, at: at(day, '10:00') });
const paid = (amount: number, day: string): FixturePayment => ({ kind: 'instalment', amount, at: at(day, '15:00') });

/** `count` loans in a new shop, each sold on `day` with `payments` after its deposit. */
const shopWith = async (loans: readonly { count: number; day: string; payments?: (index: number) => FixturePayment[] }[]) => {
    const storeId = await makeShop(server.db, { name: `Changes ${nextSerial()}`, region: 'Changes Region', branded: true });
    for (const { count, day, payments } of loans) {
        for (let index = 0; index < count; index += 1) {
            await makeAnalyticsLoan(server.db, { storeId, ...weekly, payments: [deposit(day), ...(payments?.(index) ?? [])] });
        }
    }
    return storeId;
};

const marchOf = async (storeId: number) => {
    const { status, body, error } = await server.call(biAnalysis, {
        query: { ...MARCH, scope: 'shop', shop_id: String(storeId) },
        token: analyst,
    });
    expect(status, JSON.stringify(error)).toBe(200);
    return body;
};

const NO_COMPARABLE = { kind: 'none', reason: 'no_comparable_period' } as const;

beforeAll(async () => {
    server = await startTestServer();
    analyst = await server.signIn('analyst');
}, 120_000);
afterAll(() => server?.close());

describe('changes on the period before', () => {
    it('states none against an empty earlier period', async () => {
        // Three sold on 3 March, each paying the instalments due on 10 and 17 March, not those of 24 and 31.
        const shop = await shopWith([
            { count: 3, day: '2025-03-03', payments: () => [paid(50, '2025-03-10'), paid(50, '2025-03-17')] },
        ]);
        const body = await marchOf(shop);
        expect(body.previous.loans_originated).toBe(0);
        // Four fell due each (10, 17, 24 and 31 March), two were paid.
        expect(body.kpis.repayment_rate).toBeCloseTo(0.5, 9);
        expect(body.previous.repayment_rate).toBeNull();
        expect(body.changes).toEqual<BiChanges>({
            loans_originated: NO_COMPARABLE,
            loan_value: NO_COMPARABLE,
            collected: NO_COMPARABLE,
            repayment_rate: NO_COMPARABLE,
        });
    });

    it('states none against one loan, where "Up 1,900%" was', async () => {
        const shop = await shopWith([
            { count: 1, day: '2025-02-03', payments: () => [paid(50, '2025-02-10'), paid(50, '2025-02-17')] },
            { count: 20, day: '2025-03-03' },
        ]);
        const body = await marchOf(shop);
        expect([body.previous.loans_originated, body.kpis.loans_originated]).toEqual([1, 20]);
        expect(body.changes).toEqual<BiChanges>({
            loans_originated: NO_COMPARABLE,
            loan_value: NO_COMPARABLE,
            collected: NO_COMPARABLE,
            repayment_rate: NO_COMPARABLE,
        });
    });

    it(`states the change over ${MIN_COMPARABLE_LOANS} loans: from a rate of 100% to 0% is down 100 points`, async () => {
        // Ten sold on 3 February, each paying the three instalments due in February and none of March's five.
        const shop = await shopWith([
            {
                count: MIN_COMPARABLE_LOANS,
                day: '2025-02-03',
                payments: () => [paid(50, '2025-02-10'), paid(50, '2025-02-17'), paid(50, '2025-02-24')],
            },
        ]);
        const body = await marchOf(shop);
        expect([body.previous.repayment_rate, body.kpis.repayment_rate]).toEqual([1, 0]);
        expect(body.changes).toEqual<BiChanges>({
            loans_originated: { kind: 'relative', value: -1 },
            loan_value: { kind: 'relative', value: -1 },
            collected: { kind: 'relative', value: -1 },
            repayment_rate: { kind: 'points', value: -1 },
        });
    });

    it('caps a rate at 100% when more was paid than fell due: 200% then 90.8% now was "down 109.2 points"', async () => {
        // Ten sold on 3 February paying six instalments in February (twice the three due); in March,
        // with five more due each (2,500), nine pay their five and one pays 20: 2,270, 90.8%.
        const shop = await shopWith([
            {
                count: MIN_COMPARABLE_LOANS,
                day: '2025-02-03',
                payments: index => [
                    paid(150, '2025-02-10'),
                    paid(150, '2025-02-24'),
                    ...(index === 0 ? [paid(20, '2025-03-20')] : [paid(250, '2025-03-20')]),
                ],
            },
        ]);
        const body = await marchOf(shop);
        expect(body.previous.instalments_collected).toBe(3000);
        expect(body.previous.instalments_due).toBe(1500);
        expect(body.previous.repayment_rate).toBe(1);
        expect(body.kpis.repayment_rate).toBeCloseTo(0.908, 9);
        const change = body.changes.repayment_rate;
        expect(change.kind).toBe('points');
        expect(change.kind === 'points' ? change.value : null).toBeCloseTo(-0.092, 9);
    });

    it('states a rate missing now as no rate, and the same base of fewer than ten loans as no comparable period', async () => {
        // Nine sold on 3 February paid February's three: a rate then and now, over too few loans.
        const shop = await shopWith([
            {
                count: MIN_COMPARABLE_LOANS - 1,
                day: '2025-02-03',
                payments: () => [paid(50, '2025-02-10'), paid(50, '2025-02-17'), paid(50, '2025-02-24')],
            },
        ]);
        const body = await marchOf(shop);
        expect(body.previous.loans_originated).toBe(MIN_COMPARABLE_LOANS - 1);
        expect(body.changes.repayment_rate).toEqual(NO_COMPARABLE);
        expect(body.changes.loans_originated).toEqual(NO_COMPARABLE);
        // A period in which nothing fell due has no rate to compare.
        const { body: january } = await server.call(biAnalysis, {
            query: { from: '2025-01-01', to: '2025-01-31', scope: 'shop', shop_id: String(shop) },
            token: analyst,
        });
        expect(january.kpis.repayment_rate).toBeNull();
        expect(january.changes.repayment_rate).toEqual({ kind: 'none', reason: 'no_rate' });
    });

    it('answers the dashboard its changes too, and none without a scope', async () => {
        const business = await server.call(biDashboard, { token: analyst });
        expect(business.status).toBe(200);
        expect(business.body.changes).not.toBeNull();
        const nobody = await server.call(biDashboard, { token: await server.signIn('maker') });
        expect(nobody.body).toMatchObject({ scope: null, changes: null });
    });
});
