/**
 * The dashboard home's headline numbers (contract/analytics/ `biDashboard`) against
 * contract-checked msw fixtures: the business for an analyst with a link to Analytics, the user's
 * own sales for an agent without one, nothing at all for a user the server gives no numbers,
 * skeletons while they load, a failure said with a Retry that works; and how the figures and their
 * change from last month are written in each language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { biDashboard, type BiKpis } from '../../contract/analytics';
import type { HandlerResult } from '../../contract/define';
import { changeOf, formatCount, formatMoney, formatMonth, formatPeriod, formatRate } from '../../src/pages/dashboard/figures';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const ANALYST_ROLES = [
    'VIEW_BI_ANALYTICS',
    'VIEW_SHOP_ANALYTICS',
    'VIEW_SHOP_OWNERS_ANALYTICS',
    'VIEW_UNBRANDED_ANALYTICS',
    'VIEW_AGENT_ANALYTICS',
];

const kpisOf = (more: Partial<BiKpis> = {}): BiKpis => ({
    loans_originated: 12,
    loan_value: 54_000,
    collected: 10_000,
    instalments_due: 10_000,
    instalments_collected: 8_000,
    repayment_rate: 0.8,
    active_loans: 40,
    active_balance: 100_000,
    par_balance: 12_500,
    par_rate: 0.125,
    devices_locked: 3,
    ...more,
});

type Dashboard = HandlerResult<typeof biDashboard>;

const PERIODS = {
    currency: 'ZAR',
    current: { from: '2026-11-01', to: '2026-11-17' },
    previous: { from: '2026-10-01', to: '2026-10-31' },
} as const;

const business: Dashboard = {
    ...PERIODS,
    scope: 'all',
    scope_label: null,
    kpis: kpisOf({ loans_originated: 15 }),
    previous_kpis: kpisOf({ loans_originated: 10, loan_value: 60_000, collected: 0, repayment_rate: 0.75 }),
    // As the server states them: nothing collected last month is no base to compare with.
    changes: {
        loans_originated: { kind: 'relative', value: 0.5 },
        loan_value: { kind: 'relative', value: -0.1 },
        collected: { kind: 'none', reason: 'no_comparable_period' },
        repayment_rate: { kind: 'points', value: 0.05 },
    },
};

const ownSales: Dashboard = {
    ...PERIODS,
    scope: 'agent',
    scope_label: 'Bongani Khumalo',
    kpis: kpisOf({
        loans_originated: 2,
        loan_value: 9_000,
        collected: 1_500,
        instalments_due: 0,
        instalments_collected: 0,
        repayment_rate: null,
        active_loans: 0,
        active_balance: 0,
        par_balance: 0,
        par_rate: null,
        devices_locked: 0,
    }),
    previous_kpis: kpisOf({ loans_originated: 2, loan_value: 9_000, collected: 1_500, repayment_rate: null }),
    // Two loans last month are too few to compare with; nothing fell due this month.
    changes: {
        loans_originated: { kind: 'none', reason: 'no_comparable_period' },
        loan_value: { kind: 'none', reason: 'no_comparable_period' },
        collected: { kind: 'none', reason: 'no_comparable_period' },
        repayment_rate: { kind: 'none', reason: 'no_rate' },
    },
};

const none: Dashboard = { ...PERIODS, scope: null, scope_label: null, kpis: null, previous_kpis: null, changes: null };

let asked = 0;
const server = contractServer(
    answer(biDashboard, () => {
        asked += 1;
        return business;
    }),
);

beforeEach(() => {
    asked = 0;
});

/** A card, by its label. */
const card = (label: string) => screen.getByRole('region', { name: label });

describe('the headline numbers on the dashboard home', () => {
    it("shows an analyst the business's month so far against last month, and leads to Analytics", async () => {
        signedInAs(ANALYST_ROLES);
        renderPortal('/dashboard');
        expect(await screen.findByRole('heading', { level: 2, name: 'The business this month' }, FIRST)).toBeTruthy();
        expect(screen.getByText(/^Nov 1\s*–\s*17, 2026, compared with October 2026$/)).toBeTruthy();

        const loans = card('Loans originated');
        expect(within(loans).getByText('15')).toBeTruthy();
        expect(within(loans).getByText('Up 50% on last month')).toBeTruthy();
        expect(within(loans).getByText('Last month: 10')).toBeTruthy();

        const value = card('Value of loans originated');
        expect(within(value).getByText('ZAR 54,000.00')).toBeTruthy();
        expect(within(value).getByText('Down 10% on last month')).toBeTruthy();
        expect(within(value).getByText('Last month: ZAR 60,000.00')).toBeTruthy();

        const collected = card('Collected');
        expect(within(collected).getByText('ZAR 10,000.00')).toBeTruthy();
        expect(within(collected).getByText('No comparable period: too few loans last month')).toBeTruthy();
        expect(within(collected).queryByText(/%/)).toBeNull();

        const repayment = card('Repayment rate');
        expect(within(repayment).getByText('80%')).toBeTruthy();
        expect(within(repayment).getByText('ZAR 8,000.00 of ZAR 10,000.00 due')).toBeTruthy();
        expect(within(repayment).getByText('Up 5 percentage points on last month')).toBeTruthy();
        expect(within(repayment).getByText('Last month: 75%')).toBeTruthy();

        // Today's figures: not compared with last month.
        const par = card('Portfolio at risk (PAR 30)');
        expect(within(par).getByText('12.5%')).toBeTruthy();
        expect(within(par).getByText('Today')).toBeTruthy();
        expect(within(par).getByText('ZAR 12,500.00 of ZAR 100,000.00 outstanding')).toBeTruthy();
        expect(within(par).queryByText(/last month/)).toBeNull();
        const locked = card('Devices locked');
        expect(within(locked).getByText('3')).toBeTruthy();
        expect(within(locked).getByText('Of 40 active loans')).toBeTruthy();

        expect(screen.getByRole('link', { name: 'Open Analytics' }).getAttribute('href')).toBe('/bi');
        // The greeting and the shortcuts are still there.
        expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Test User' })).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Your shortcuts' })).toBeTruthy();
    });

    it('shows a seller their own sales, without a link to Analytics they may not open', async () => {
        server.use(answer(biDashboard, ownSales));
        signedInAs(['FIND_CUSTOMER', 'ADD_LOAN'], { shop: { id: 1, name: 'Soweto Central' } });
        renderPortal('/dashboard');
        expect(await screen.findByRole('heading', { level: 2, name: 'Sales by Bongani Khumalo this month' }, FIRST)).toBeTruthy();
        // Two loans last month: no percentage over so small a base.
        const loans = card('Loans originated');
        expect(within(loans).getByText('No comparable period: too few loans last month')).toBeTruthy();
        expect(within(loans).queryByText(/%|on last month/)).toBeNull();
        // Nothing fell due: no rate, and no change to speak of.
        const repayment = card('Repayment rate');
        expect(within(repayment).getByText('—')).toBeTruthy();
        expect(within(repayment).getByText('Nothing fell due this month')).toBeTruthy();
        expect(within(repayment).queryByText(/on last month|comparable/)).toBeNull();
        expect(within(card('Portfolio at risk (PAR 30)')).getByText('No active loans')).toBeTruthy();
        expect(within(card('Devices locked')).getByText('Of 0 active loans')).toBeTruthy();
        expect(screen.queryByRole('link', { name: 'Open Analytics' })).toBeNull();
    });

    it('names the shops of someone attached to one', async () => {
        server.use(answer(biDashboard, { ...business, scope: 'shop', scope_label: 'Soweto Central' }));
        signedInAs(['VIEW_SHOP_OWNERS_ANALYTICS', 'VIEW_STORES'], { shop: { id: 1, name: 'Soweto Central' } });
        renderPortal('/dashboard');
        expect(await screen.findByRole('heading', { level: 2, name: 'Soweto Central this month' }, FIRST)).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Open Analytics' })).toBeTruthy();
    });

    it('shows nothing at all, not empty cards, to a user the server gives no numbers', async () => {
        server.use(
            answer(biDashboard, () => {
                asked += 1;
                return none;
            }),
        );
        signedInAs(['VIEW_USERS']);
        renderPortal('/dashboard');
        expect(await screen.findByRole('heading', { level: 2, name: 'Your shortcuts' }, FIRST)).toBeTruthy();
        await waitFor(() => expect(asked).toBe(1));
        await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading your numbers' })).toBeNull());
        expect(screen.queryByRole('heading', { name: /this month/ })).toBeNull();
        expect(screen.queryByRole('region', { name: 'Loans originated' })).toBeNull();
        expect(screen.queryByRole('alert')).toBeNull();
    });

    it('shows skeletons while the numbers load', async () => {
        let release: () => void = () => undefined;
        const released = new Promise<void>(resolve => {
            release = resolve;
        });
        server.use(
            answer(biDashboard, async () => {
                await released;
                return business;
            }),
        );
        signedInAs(ANALYST_ROLES);
        renderPortal('/dashboard');
        expect(await screen.findByRole('status', { name: 'Loading your numbers' }, FIRST)).toBeTruthy();
        expect(screen.queryByRole('region', { name: 'Loans originated' })).toBeNull();
        release();
        expect(await screen.findByRole('region', { name: 'Loans originated' })).toBeTruthy();
        expect(screen.queryByRole('status', { name: 'Loading your numbers' })).toBeNull();
    });

    it('says why the numbers could not be loaded, and a retry brings them', async () => {
        let down = true;
        server.use(
            answer(biDashboard, () =>
                down
                    ? errorAnswer(503, { code: 503, name: 'Service Unavailable', message: 'Down', key: 'errors.unavailable' })
                    : business,
            ),
        );
        signedInAs(ANALYST_ROLES);
        const user = userEvent.setup();
        renderPortal('/dashboard');
        const alert = await screen.findByRole('alert', {}, FIRST);
        expect(alert.textContent).toContain('The service is unavailable right now. Please try again shortly.');
        down = false;
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByRole('heading', { level: 2, name: 'The business this month' })).toBeTruthy();
        expect(screen.queryByRole('alert')).toBeNull();
    });
});

describe('the figures, in each language', () => {
    it('writes counts, money and rates as each language does', () => {
        expect(formatCount(12_345, 'en')).toBe('12,345');
        expect(formatMoney(1_234.5, 'en')).toMatch(/^ZAR\s1,234\.50$/);
        expect(formatRate(0.125, 'en')).toBe('12.5%');
        expect(formatRate(null, 'en')).toBeNull();
        // Portuguese: a decimal comma.
        expect(formatMoney(1_234.5, 'pt')).toMatch(/^ZAR\s1\.234,50$/);
        expect(formatRate(0.125, 'pt')).toBe('12,5%');
        expect(formatCount(12_345, 'sw')).toBe('12,345');
        expect(formatMoney(1_234.5, 'sw')).toMatch(/ZAR\s1,234\.50/);
    });

    it('writes the period and the month compared with', () => {
        expect(formatPeriod('2026-11-01', '2026-11-17', 'en')).toMatch(/^Nov 1\s*–\s*17, 2026$/);
        expect(formatPeriod('2026-11-01', '2026-11-01', 'en')).toBe('Nov 1, 2026');
        expect(formatPeriod('2026-11-01', '2026-11-17', 'sw')).toMatch(/^1\s*–\s*17 Nov 2026$/);
        expect(formatPeriod('2026-11-01', '2026-11-17', 'pt')).toMatch(/^1\s*–\s*17 de nov\. de 2026$/);
        // Across two months, each day whole: ICU's Swahili range would drop September.
        expect(formatPeriod('2026-09-22', '2026-10-21', 'sw')).toMatch(/^22 Sep 2026\s*–\s*21 Okt 2026$/);
        expect(formatMonth('2026-10-01', 'en')).toBe('October 2026');
        expect(formatMonth('2026-10-01', 'pt')).toBe('outubro de 2026');
    });

    it("writes the server's changes: relative as a whole percentage, a rate's in points, rounded as shown", () => {
        expect(changeOf({ kind: 'relative', value: 0.5 }, 'en')).toEqual({ direction: 'up', size: '50%', unit: 'relative' });
        expect(changeOf({ kind: 'relative', value: -0.1 }, 'en')).toEqual({ direction: 'down', size: '10%', unit: 'relative' });
        expect(changeOf({ kind: 'relative', value: 0.001 }, 'en')).toEqual({ direction: 'same', size: '0%', unit: 'relative' });
        expect(changeOf({ kind: 'relative', value: -1 }, 'en')).toEqual({ direction: 'down', size: '100%', unit: 'relative' });
        expect(changeOf({ kind: 'points', value: 0.05 }, 'en')).toEqual({ direction: 'up', size: '5', unit: 'points' });
        expect(changeOf({ kind: 'points', value: -0.055 }, 'pt')).toEqual({ direction: 'down', size: '5,5', unit: 'points' });
        expect(changeOf({ kind: 'points', value: -0.0004 }, 'en')).toEqual({ direction: 'same', size: '0', unit: 'points' });
        // The Soweto case: 100% (capped) then 90.8% is 9.2 points down, never 109.2.
        expect(changeOf({ kind: 'points', value: 0.908 - 1 }, 'en')).toEqual({ direction: 'down', size: '9.2', unit: 'points' });
        expect(changeOf({ kind: 'none', reason: 'no_comparable_period' }, 'en')).toEqual({
            direction: 'none',
            reason: 'no_comparable_period',
        });
    });
});
