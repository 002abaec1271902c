/**
 * The BI page (`/bi`) against contract-checked msw answers: the key figures written for
 * the locale (English and Portuguese) with their changes in words; a new period asked for with its
 * days and its numbers shown, a wrong one said beside its field and not sent; the table behind a
 * chart and its CSV; the scopes `bi_auth` allows and no other, a shop-attached user opening on
 * their shop, a member searched as one types; a failure with its Retry, a scope refused, a period
 * with nothing in it; no access without an analytics role, sign-in without a session, and the
 * side menu's Analytics entry leading to `/bi`.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    agentAnalysis,
    BI_REPORTS,
    biAnalysis,
    biAuth,
    biDashboard,
    biScopeOptions,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
    type BiKpis,
    type BiPoint,
} from '../../contract/analytics';
import type { HandlerResult } from '../../contract/define';
import { canAccessWith } from '../../src/authProvider/permissions';
import { createI18nProvider } from '../../src/i18n';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { periodProblem, presetPeriod, previousPeriod, readChoice } from '../../src/pages/analytics/period';
import { Portal } from '../../src/Portal';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const ANALYST = [
    'VIEW_BI_ANALYTICS',
    'VIEW_SHOP_ANALYTICS',
    'VIEW_SHOP_OWNERS_ANALYTICS',
    'VIEW_UNBRANDED_ANALYTICS',
    'VIEW_AGENT_ANALYTICS',
];
const TODAY = '2026-11-20';

type Auth = HandlerResult<typeof biAuth>;
type Query = Record<string, string>;

const kpis = (more: Partial<BiKpis> = {}): BiKpis => ({
    loans_originated: 12,
    loan_value: 54_000,
    collected: 23_456.5,
    instalments_due: 10_000,
    instalments_collected: 8_000,
    repayment_rate: 0.8,
    active_loans: 40,
    active_balance: 120_000,
    par_balance: 6_000,
    par_rate: 0.05,
    devices_locked: 3,
    ...more,
});

const ZERO = kpis({
    loans_originated: 0,
    loan_value: 0,
    collected: 0,
    instalments_due: 0,
    instalments_collected: 0,
    repayment_rate: null,
});

const analystAuth: Auth = {
    scopes: ['all', 'region', 'shop', 'agent'],
    reports: [...BI_REPORTS],
    shop: null,
    today: TODAY,
    earliest: '2025-01-01',
};

const point = (date: string, loans: number, value: number, collected: number): BiPoint => ({
    date,
    loans_originated: loans,
    loan_value: value,
    collected,
});

const answered = (query: Query, bucket: 'day' | 'week' | 'month' = 'day') => ({
    from: query.from!,
    to: query.to!,
    bucket,
    scope_label: query.shop_id === '3' ? 'Soweto Central' : query.shop_id === '7' ? 'Soweto North' : (query.region ?? null),
    currency: 'ZAR' as const,
});

const queryOf = (request: Request): Query => Object.fromEntries(new URL(request.url).searchParams);

let auth: Auth = analystAuth;
/** Each call's queries, by the call's name. */
let asked: Record<string, Query[]> = {};
const record = (name: string, query: Query) => (asked[name] ??= []).push(query);
/** The overview's answer for a query: by default, 12 loans for the last 30 days and 5 for any other period. */
let overviewFor: (query: Query) => HandlerResult<typeof biAnalysis> | ReturnType<typeof errorAnswer>;

const defaultOverview = (query: Query) => ({
    period: answered(query),
    kpis: query.from === '2026-10-22' ? kpis() : kpis({ loans_originated: 5, loan_value: 21_000 }),
    previous: kpis({ loans_originated: 10, collected: 25_000, repayment_rate: 0.75 }),
    // As the server states them against that period (ten loans: enough to compare).
    changes: {
        loans_originated: { kind: 'relative' as const, value: query.from === '2026-10-22' ? 0.2 : -0.5 },
        loan_value: { kind: 'relative' as const, value: 0 },
        collected: { kind: 'relative' as const, value: (23_456.5 - 25_000) / 25_000 },
        repayment_rate: { kind: 'points' as const, value: 0.05 },
    },
    series: [point(query.from!, 7, 31_500, 10_000.25), point(query.to!, 5, 22_500, 13_456.25)],
});

const NO_COMPARABLE = { kind: 'none', reason: 'no_comparable_period' } as const;

const ranking = (query: Query) => ({ period: answered(query), total: 0, data: [] });

const server = contractServer(
    answer(biAuth, () => auth),
    answer(biAnalysis, ({ request }) => {
        const query = queryOf(request);
        record('overview', query);
        return overviewFor(query);
    }),
    answer(shopAnalysis, ({ request }) => {
        const query = queryOf(request);
        record('shops', query);
        return {
            period: answered(query),
            total: 14,
            data: [
                {
                    shop_id: 3,
                    name: 'Soweto Central',
                    region: 'Gauteng',
                    branded: true,
                    loans_originated: 9,
                    loan_value: 40_500,
                    collected: 18_000,
                    active_loans: 30,
                    par_rate: 0.04,
                    devices_locked: 2,
                },
            ],
        };
    }),
    answer(agentAnalysis, ({ request }) => {
        record('agents', queryOf(request));
        return ranking(queryOf(request));
    }),
    answer(shopOwnersAnalysis, ({ request }) => {
        record('shop_owners', queryOf(request));
        return ranking(queryOf(request));
    }),
    answer(unbrandedAnalysis, ({ request }) => {
        const query = queryOf(request);
        record('unbranded', query);
        const row = (branded: boolean, loans: number) => ({
            branded,
            shops: branded ? 4 : 10,
            loans_originated: loans,
            loan_value: loans * 4_500,
            collected: loans * 2_000,
            active_loans: loans * 3,
            par_rate: null,
            devices_locked: 0,
        });
        return {
            period: answered(query),
            data: [row(true, 8), row(false, 4)],
            series: [{ date: query.from!, branded_loans: 8, unbranded_loans: 4, branded_value: 36_000, unbranded_value: 18_000 }],
        };
    }),
    answer(biScopeOptions, ({ request, params }) => {
        const query = queryOf(request);
        record(`options:${String(params.scope)}`, query);
        const shops = [
            { id: '3', name: 'Soweto Central', detail: 'Gauteng' },
            { id: '7', name: 'Soweto North', detail: 'Gauteng' },
            { id: '9', name: 'Durban Bay', detail: 'KwaZulu-Natal' },
        ];
        const data = shops.filter(shop => !query.q || shop.name.toLowerCase().includes(query.q.toLowerCase()));
        return { data, total: data.length };
    }),
);

const reset = () => {
    auth = analystAuth;
    asked = {};
    overviewFor = defaultOverview;
};
reset();
afterEach(reset);

/** The key figure card named `label`. */
const card = (label: string) => screen.getByRole('group', { name: label });

const openAsAnalyst = async (path = '/bi') => {
    signedInAs(ANALYST);
    renderPortal(path);
    await screen.findByRole('group', { name: 'Loans originated' }, FIRST);
};

describe('the BI page', () => {
    it('opens on the last 30 days of the business, its key figures written for the locale with their changes in words', async () => {
        await openAsAnalyst();
        expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
        expect(asked.overview).toEqual([{ from: '2026-10-22', to: TODAY, scope: 'all' }]);
        expect(asked.shops).toEqual([{ from: '2026-10-22', to: TODAY, scope: 'all', limit: '10' }]);

        const loans = card('Loans originated');
        expect(within(loans).getByText('12')).toBeTruthy();
        expect(within(loans).getByText('Worth ZAR 54,000.00')).toBeTruthy();
        expect(within(loans).getByText('Up 20% on the period before')).toBeTruthy();
        const collected = card('Collected');
        expect(within(collected).getByText('ZAR 23,456.50')).toBeTruthy();
        expect(within(collected).getByText('Down 6% on the period before')).toBeTruthy();
        const rate = card('Repayment rate');
        expect(within(rate).getByText('80%')).toBeTruthy();
        expect(within(rate).getByText('ZAR 8,000.00 of ZAR 10,000.00 due')).toBeTruthy();
        expect(within(rate).getByText('Up 5 percentage points on the period before')).toBeTruthy();
        const par = card('Portfolio at risk (PAR 30)');
        expect(within(par).getByText('5%')).toBeTruthy();
        expect(within(par).getByText('As of today')).toBeTruthy();
        expect(within(card('Devices locked')).getByText('3')).toBeTruthy();
        expect(within(card('Active loans')).getByText('ZAR 120,000.00 outstanding')).toBeTruthy();
        expect(screen.getByText(/changes against Sep 22, 2026 – Oct 21, 2026$/)).toBeTruthy();
    });

    it('writes the figures and days in Portuguese for a Portuguese reader', async () => {
        signedInAs(ANALYST);
        render(
            <MemoryRouter initialEntries={['/bi']}>
                <Portal store={memoryStore()} i18n={createI18nProvider('pt', pt)} />
            </MemoryRouter>,
        );
        const loans = await screen.findByRole('group', { name: 'Empréstimos concedidos' }, FIRST);
        expect(within(loans).getByText(/^No valor de ZAR\s54\.000,00$/)).toBeTruthy();
        expect(within(loans).getByText('Subiu 20% face ao período anterior')).toBeTruthy();
        expect(within(screen.getByRole('group', { name: 'Cobrado' })).getByText(/^ZAR\s23\.456,50$/)).toBeTruthy();
        expect(screen.getByRole('heading', { level: 1, name: 'Análises' })).toBeTruthy();
        await userEvent.setup().click(screen.getByRole('button', { name: 'Tabela de Vendas e cobranças' }));
        expect(within(screen.getByRole('table', { name: 'Vendas e cobranças' })).getByText('22 de out. de 2026')).toBeTruthy();
    });

    it('asks again with the new days when the period changes, and shows the new numbers', async () => {
        const user = userEvent.setup();
        await openAsAnalyst();
        expect(within(card('Loans originated')).getByText('12')).toBeTruthy();

        await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
        await waitFor(() => expect(within(card('Loans originated')).getByText('5')).toBeTruthy());
        expect(asked.overview?.at(-1)).toEqual({ from: '2026-11-14', to: TODAY, scope: 'all' });
        expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
        expect(within(card('Loans originated')).getByText('Worth ZAR 21,000.00')).toBeTruthy();

        await user.click(screen.getByRole('button', { name: 'Last month' }));
        await waitFor(() => expect(asked.overview?.at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-31', scope: 'all' }));
        await user.click(screen.getByRole('button', { name: 'This year' }));
        await waitFor(() => expect(asked.overview?.at(-1)).toEqual({ from: '2026-01-01', to: TODAY, scope: 'all' }));
    });

    it('keeps the choices in the URL: a shared link opens on its period and scope', async () => {
        await openAsAnalyst('/bi?from=2026-11-01&to=2026-11-10&scope=shop&shop_id=7');
        expect(asked.overview).toEqual([{ from: '2026-11-01', to: '2026-11-10', scope: 'shop', shop_id: '7' }]);
        expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
        expect((screen.getByLabelText('Scope') as HTMLSelectElement).value).toBe('shop');
        // The shop goes by the name the answer gives it.
        await waitFor(() =>
            expect((screen.getByRole('combobox', { name: 'Shop' }) as HTMLInputElement).value).toBe('Soweto North'),
        );
    });

    it('says a wrong period beside its field and asks nothing for it', async () => {
        const user = userEvent.setup();
        await openAsAnalyst();
        const before = asked.overview?.length;
        const to = screen.getByLabelText('To');
        await user.clear(to);
        await user.type(to, '2026-10-01');
        expect(await screen.findByText('The end is before the start.')).toBeTruthy();
        expect(to.getAttribute('aria-invalid')).toBe('true');
        expect(screen.queryByRole('group', { name: 'Loans originated' })).toBeNull();

        const from = screen.getByLabelText('From');
        await user.clear(from);
        await user.type(from, '2020-01-01');
        await user.clear(to);
        await user.type(to, '2026-01-01');
        expect(await screen.findByText('At most 1096 days.')).toBeTruthy();
        expect(asked.overview).toHaveLength(before!);
    });

    it('shows the numbers behind a chart as a table, and exports exactly them as CSV named after the report and period', async () => {
        const user = userEvent.setup();
        await openAsAnalyst();
        await user.click(screen.getByRole('button', { name: 'Table of Sales and collections' }));
        const table = screen.getByRole('table', { name: 'Sales and collections' });
        const rows = within(table).getAllByRole('row');
        expect(
            rows.map(row =>
                within(row)
                    .queryAllByRole(row === rows[0] ? 'columnheader' : 'cell')
                    .map(cell => cell.textContent?.replace(/\s+/g, ' ')),
            ),
        ).toEqual([
            ['Day', 'Loans originated', 'Loan value', 'Collected'],
            ['7', 'ZAR 31,500.00', 'ZAR 10,000.25'],
            ['5', 'ZAR 22,500.00', 'ZAR 13,456.25'],
        ]);
        expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Oct 22, 2026');
        expect(screen.getByRole('button', { name: 'Table of Sales and collections' }).getAttribute('aria-pressed')).toBe('true');

        const blobs: Blob[] = [];
        const names: string[] = [];
        vi.stubGlobal(
            'URL',
            Object.assign(URL, {
                createObjectURL: vi.fn((blob: Blob) => {
                    blobs.push(blob);
                    return 'blob:bi';
                }),
                revokeObjectURL: vi.fn(),
            }),
        );
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            names.push(this.download);
        });
        try {
            await user.click(screen.getByRole('button', { name: 'Export CSV of Sales and collections' }));
            await waitFor(() => expect(blobs).toHaveLength(1));
            expect(await blobs[0]!.text()).toBe(
                ['Day,Loans originated,Loan value,Collected', '2026-10-22,7,31500,10000.25', '2026-11-20,5,22500,13456.25'].join(
                    '\r\n',
                ),
            );
            expect(names).toEqual(['sales-and-collections_2026-10-22_2026-11-20.csv']);

            await user.click(screen.getByRole('button', { name: 'Export CSV of Top shops' }));
            await waitFor(() => expect(blobs).toHaveLength(2));
            expect((await blobs[1]!.text()).split('\r\n')).toEqual([
                'Shop,Region,Brand,Loans originated,Loan value,Collected,Active loans,PAR 30,Devices locked',
                'Soweto Central,Gauteng,true,9,40500,18000,30,0.04,2',
            ]);
            expect(names[1]).toBe('top-shops_2026-10-22_2026-11-20.csv');
        } finally {
            click.mockRestore();
            vi.unstubAllGlobals();
        }
    });

    it('draws each chart as a figure named by its title, and says how many a ranking leaves out', async () => {
        await openAsAnalyst();
        for (const title of [
            'Sales and collections',
            'Top shops',
            'Top agents',
            'Shop owners',
            'Branded and unbranded shops',
            'Branded and unbranded sales',
        ]) {
            expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
            expect(screen.getByRole('region', { name: title })).toBeTruthy();
        }
        expect(screen.getByRole('figure', { name: 'Sales and collections' })).toBeTruthy();
        expect(screen.getByText(/the first 1 of 14/)).toBeTruthy();
        // A ranking with nobody in it says so, and has nothing to export.
        const agents = screen.getByRole('region', { name: 'Top agents' });
        expect(within(agents).getByText('Nothing in this period.')).toBeTruthy();
        expect((within(agents).getByRole('button', { name: 'Export CSV of Top agents' }) as HTMLButtonElement).disabled).toBe(
            true,
        );
    });

    it('offers only the scopes bi_auth gives, and opens a shop-attached user on their shop', async () => {
        auth = {
            scopes: ['shop', 'agent'],
            reports: ['overview', 'shops', 'agents'],
            shop: { id: 3, name: 'Soweto Central' },
            today: TODAY,
            earliest: null,
        };
        signedInAs(['VIEW_SHOP_ANALYTICS', 'VIEW_AGENT_ANALYTICS'], { shop: { id: 3, name: 'Soweto Central' } });
        // A link asking for the whole business is not followed.
        renderPortal('/bi?scope=all');
        await screen.findByRole('group', { name: 'Loans originated' }, FIRST);
        const scope = screen.getByLabelText('Scope') as HTMLSelectElement;
        expect([...scope.options].map(option => option.textContent)).toEqual(['Shop', 'Agent']);
        expect(scope.value).toBe('shop');
        expect((screen.getByRole('combobox', { name: 'Shop' }) as HTMLInputElement).value).toBe('Soweto Central');
        expect(asked.overview).toEqual([{ from: '2026-10-22', to: TODAY, scope: 'shop', shop_id: '3' }]);
        // Only the reports bi_auth lists are asked for and shown.
        expect(asked.unbranded).toBeUndefined();
        expect(asked.shop_owners).toBeUndefined();
        expect(screen.queryByRole('heading', { name: 'Shop owners' })).toBeNull();
        expect(screen.getByRole('heading', { name: 'Top agents' })).toBeTruthy();
    });

    it('searches the members of a scope as one types and asks the reports for the one picked', async () => {
        const user = userEvent.setup();
        await openAsAnalyst();
        await user.selectOptions(screen.getByLabelText('Scope'), 'shop');
        expect(await screen.findByText('Pick a shop to see its figures.')).toBeTruthy();
        expect(asked.overview).toHaveLength(1);
        const shop = screen.getByRole('combobox', { name: 'Shop' });
        await user.click(shop);
        await user.type(shop, 'north');
        await user.click(await screen.findByRole('option', { name: /Soweto North/ }));
        await waitFor(() =>
            expect(asked.overview?.at(-1)).toEqual({ from: '2026-10-22', to: TODAY, scope: 'shop', shop_id: '7' }),
        );
        expect(asked['options:shop']?.at(-1)).toEqual({ q: 'north' });
        // The key figures name the shop they are of.
        expect(
            await within(screen.getByRole('region', { name: 'Key figures' })).findByText(
                /^Oct 22, 2026 – Nov 20, 2026 · Soweto North ·/,
            ),
        ).toBeTruthy();
    });

    it('shows a failure with its Retry, which asks again', async () => {
        const user = userEvent.setup();
        let fail = true;
        overviewFor = query =>
            fail
                ? errorAnswer(503, { code: 503, name: 'Unavailable', message: 'down', key: 'errors.unavailable' })
                : defaultOverview(query);
        signedInAs(ANALYST);
        renderPortal('/bi');
        const region = await screen.findByRole('region', { name: 'Key figures' }, FIRST);
        const alert = await within(region).findByRole('alert');
        expect(alert.textContent).toMatch(/unavailable|not available/i);
        fail = false;
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByRole('group', { name: 'Loans originated' })).toBeTruthy();
    });

    it('says plainly when the scope is outside what the user may see', async () => {
        overviewFor = () =>
            errorAnswer(403, { code: 403, name: 'Forbidden', message: 'scope', key: 'errors.scope_forbidden', field: 'shop_id' });
        signedInAs(ANALYST);
        renderPortal('/bi?scope=shop&shop_id=99');
        expect(await screen.findByText('That region, shop or agent is outside what you may see.', {}, FIRST)).toBeTruthy();
        expect(screen.queryByRole('group', { name: 'Loans originated' })).toBeNull();
    });

    it('says when the period has no sales or payments, and keeps today’s figures', async () => {
        overviewFor = query => ({
            period: answered(query),
            kpis: ZERO,
            previous: ZERO,
            changes: {
                loans_originated: NO_COMPARABLE,
                loan_value: NO_COMPARABLE,
                collected: NO_COMPARABLE,
                repayment_rate: { kind: 'none', reason: 'no_rate' },
            },
            series: [point(query.from!, 0, 0, 0)],
        });
        await openAsAnalyst();
        expect(screen.getByText('No sales or payments in this period and scope. Choose another period or scope.')).toBeTruthy();
        expect(within(card('Repayment rate')).getByText('Nothing fell due')).toBeTruthy();
        expect(within(card('Repayment rate')).getByText('Nothing to compare with')).toBeTruthy();
        expect(within(card('Loans originated')).getByText('No comparable period before: too few loans then')).toBeTruthy();
        expect(within(card('Devices locked')).getByText('3')).toBeTruthy();
        expect(screen.queryByRole('heading', { name: 'Sales and collections' })).toBeNull();
    });
});

describe('the changes on the period before, as the server states them', () => {
    it('says "no comparable period" over a near-empty earlier period, and a rate\'s fall in points between two real rates', async () => {
        // Shop Soweto Central this year: one loan the year before (no percentage over it, where
        // "Up 17,680%" was), and a repayment rate from 100% (capped) to 90.8%, where "Down 109.2
        // percentage points" was.
        overviewFor = query => ({
            period: answered(query),
            kpis: kpis({ loans_originated: 178, repayment_rate: 0.908 }),
            previous: kpis({ loans_originated: 1, repayment_rate: 1 }),
            changes: {
                loans_originated: NO_COMPARABLE,
                loan_value: NO_COMPARABLE,
                collected: NO_COMPARABLE,
                repayment_rate: { kind: 'points', value: 0.908 - 1 },
            },
            series: [point(query.from!, 178, 500_000, 100_000)],
        });
        await openAsAnalyst();
        const loans = card('Loans originated');
        expect(within(loans).getByText('No comparable period before: too few loans then')).toBeTruthy();
        expect(within(loans).queryByText(/%/)).toBeNull();
        expect(within(card('Collected')).getByText('No comparable period before: too few loans then')).toBeTruthy();
        const rate = card('Repayment rate');
        expect(within(rate).getByText('90.8%')).toBeTruthy();
        expect(within(rate).getByText('Down 9.2 percentage points on the period before')).toBeTruthy();
    });

    it('says it in Swahili and Portuguese', async () => {
        overviewFor = query => ({
            period: answered(query),
            kpis: kpis(),
            previous: kpis({ loans_originated: 0 }),
            changes: {
                loans_originated: NO_COMPARABLE,
                loan_value: NO_COMPARABLE,
                collected: NO_COMPARABLE,
                repayment_rate: { kind: 'points', value: -0.092 },
            },
            series: [point(query.from!, 7, 31_500, 10_000.25)],
        });
        signedInAs(ANALYST);
        const portuguese = render(
            <MemoryRouter initialEntries={['/bi']}>
                <Portal store={memoryStore()} i18n={createI18nProvider('pt', pt)} />
            </MemoryRouter>,
        );
        const loans = await screen.findByRole('group', { name: 'Empréstimos concedidos' }, FIRST);
        expect(within(loans).getByText('Sem período comparável: poucos empréstimos no período anterior')).toBeTruthy();
        expect(screen.getByText('Desceu 9,2 pontos percentuais face ao período anterior')).toBeTruthy();
        portuguese.unmount();
        render(
            <MemoryRouter initialEntries={['/bi']}>
                <Portal store={memoryStore()} i18n={createI18nProvider('sw', sw)} />
            </MemoryRouter>,
        );
        expect(
            await screen.findAllByText(
                'Hakuna kipindi cha kulinganisha: mikopo ilikuwa michache mno kipindi kilichotangulia',
                {},
                FIRST,
            ),
        ).toHaveLength(2);
    });
});

describe('who may open the BI page', () => {
    it('tells a user without an analytics role they have no access, with the way back, and asks nothing', async () => {
        signedInAs(['VIEW_USERS']);
        renderPortal('/bi');
        expect(
            await screen.findByText('Analytics needs an analytics role, which your security group does not hold.', {}, FIRST),
        ).toBeTruthy();
        expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
        const back = screen.getAllByRole('link', { name: 'Back to the dashboard' });
        expect(back.every(link => link.getAttribute('href') === '/dashboard')).toBe(true);
        expect(asked).toEqual({});
    });

    it('sends a visitor without a session to sign in, and a password to change to /password', async () => {
        const first = renderPortal('/bi');
        expect(await screen.findByRole('heading', { name: 'Sign in to the staff portal' }, FIRST)).toBeTruthy();
        first.unmount();
        signedInAs(ANALYST, { must_change_password: true });
        renderPortal('/bi');
        expect(await screen.findByRole('heading', { name: 'Choose a new password' }, FIRST)).toBeTruthy();
        expect(asked).toEqual({});
    });

    it('lists Analytics in the side menu of a holder of an analytics role, leading to /bi (not under /dashboard)', async () => {
        server.use(
            answer(biDashboard, {
                scope: null,
                scope_label: null,
                currency: 'ZAR',
                current: { from: '2026-11-01', to: TODAY },
                previous: { from: '2026-10-01', to: '2026-10-31' },
                kpis: null,
                previous_kpis: null,
                changes: null,
            }),
        );
        signedInAs(['VIEW_AGENT_ANALYTICS']);
        renderPortal('/dashboard');
        const menu = await screen.findByRole('navigation', { name: 'Main menu' }, FIRST);
        const entry = await within(menu).findByRole('menuitem', { name: 'Analytics' });
        expect(entry.getAttribute('href')).toBe('/bi');
    });
});

describe('the period and scope the URL keeps', () => {
    it('counts the presets in calendar days, across months, leap years and the turn of a year', () => {
        expect(presetPeriod('last_7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
        expect(presetPeriod('last_30', '2024-03-15')).toEqual({ from: '2024-02-15', to: '2024-03-15' });
        expect(presetPeriod('this_month', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
        expect(presetPeriod('last_month', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
        expect(presetPeriod('last_month', '2027-01-10')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
        expect(presetPeriod('this_year', '2026-11-20')).toEqual({ from: '2026-01-01', to: '2026-11-20' });
        expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    });

    it('finds what is wrong with a period, on the field to show it beside', () => {
        expect(periodProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
        expect(periodProblem({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ field: 'from', key: 'bi.period.invalid' });
        expect(periodProblem({ from: '2026-11-01', to: '' })).toEqual({ field: 'to', key: 'bi.period.invalid' });
        expect(periodProblem({ from: '0002-11-01', to: '2026-11-01' })).toEqual({ field: 'from', key: 'bi.period.invalid' });
        expect(periodProblem({ from: '2026-11-02', to: '2026-11-01' })).toEqual({ field: 'to', key: 'bi.period.to_before_from' });
        expect(periodProblem({ from: '2023-11-20', to: '2026-11-19' })).toBeNull();
        expect(periodProblem({ from: '2023-11-20', to: '2026-11-20' })?.key).toBe('bi.period.too_long');
    });

    it('takes from a URL only a scope the caller may pick, and a member with it', () => {
        const attached = { scopes: ['shop', 'agent'] as const, shop: { id: 3, name: 'Soweto Central' }, today: TODAY };
        const read = (search: string) => readChoice(new URLSearchParams(search), { ...attached, scopes: [...attached.scopes] });
        expect(read('scope=region&region=Gauteng')).toMatchObject({ scope: 'shop', member: '3' });
        expect(read('scope=agent&agent_id=12&shop_id=9')).toMatchObject({ scope: 'agent', member: '12' });
        expect(read('scope=agent')).toMatchObject({ scope: 'agent', member: '' });
        expect(read('')).toEqual({ from: '2026-10-22', to: TODAY, scope: 'shop', member: '3' });
    });
});

describe('the gates of the reports', () => {
    it('open each report to the roles of its call, and the page to any analytics role', () => {
        const can = (roles: string[], action: string) => canAccessWith(new Set(roles), { resource: 'bi', action });
        expect(can(['VIEW_AGENT_ANALYTICS'], 'list')).toBe(true);
        expect(can(['VIEW_AGENT_ANALYTICS'], 'overview')).toBe(true);
        expect(can(['VIEW_AGENT_ANALYTICS'], 'agents')).toBe(true);
        expect(can(['VIEW_AGENT_ANALYTICS'], 'shops')).toBe(false);
        expect(can(['VIEW_UNBRANDED_ANALYTICS'], 'unbranded')).toBe(true);
        expect(can(['VIEW_UNBRANDED_ANALYTICS'], 'shop_owners')).toBe(false);
        expect(
            ['overview', 'shops', 'shop_owners', 'unbranded', 'agents'].every(report => can(['VIEW_BI_ANALYTICS'], report)),
        ).toBe(true);
        expect(can(['VIEW_USERS'], 'overview')).toBe(false);
    });

    it('shows no report the roles do not open, even when bi_auth lists it', async () => {
        signedInAs(['VIEW_AGENT_ANALYTICS']);
        renderPortal('/bi');
        await screen.findByRole('group', { name: 'Loans originated' }, FIRST);
        expect(screen.getByRole('heading', { name: 'Top agents' })).toBeTruthy();
        expect(screen.queryByRole('heading', { name: 'Top shops' })).toBeNull();
        expect(asked.shops).toBeUndefined();
    });
});
