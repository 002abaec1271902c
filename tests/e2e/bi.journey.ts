/**
 * The Analytics journeys, run at desktop width (bi.spec.ts) and phone width
 * (bi.phone.spec.ts): `analyst` reads the business's headline numbers on the dashboard home,
 * opens Analytics from the side menu, changes the period and sees loans originated change, reads
 * a chart's numbers as a table, exports them as CSV and looks at one shop; `agent` has no
 * Analytics, sees their own sales on the dashboard and is told so at `/bi`. axe checks every
 * screen, the BI page in light and dark.
 *
 * The figures the screens must show are asked of the server first (as the same user, through the
 * API): the seeded history (server/seed/analytics.ts) grows with the days, and other journeys of
 * the same run sell and collect, so no figure is written down here.
 */
import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Locator, type Page } from './test';
import { API_BASE } from '../../contract';
import { biAnalysis, biAuth, biDashboard, biScopeOptions } from '../../contract/analytics';
import { fillPath, type CallResponse } from '../../contract/define';
import { expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn, tokenOf } from './support';

/** A call's path with its query, as the portal sends it. */
const urlOf = (path: string, query: Record<string, string> = {}) => `${API_BASE}${path}?${new URLSearchParams(query).toString()}`;

/** Asks the server as `username` what a screen should show. */
const askAs = async (request: APIRequestContext, username: string) => {
    const headers = { authorization: `Bearer ${await tokenOf(request, username)}` };
    const get = async <T>(url: string): Promise<T> => {
        const response = await request.get(url, { headers });
        expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
        return (await response.json()) as T;
    };
    return {
        auth: () => get<CallResponse<typeof biAuth>>(urlOf(biAuth.path)),
        dashboard: () => get<CallResponse<typeof biDashboard>>(urlOf(biDashboard.path)),
        analysis: (query: Record<string, string>) => get<CallResponse<typeof biAnalysis>>(urlOf(biAnalysis.path, query)),
        shops: (q: string) =>
            get<CallResponse<typeof biScopeOptions>>(urlOf(fillPath(biScopeOptions.path, { scope: 'shop' }), { q })),
    };
};

/** A count as the English portal writes it. */
const count = (value: number) => new Intl.NumberFormat('en').format(value);

/** A card shows this count as its figure (the whole text of an element: 29 is not found in 129). */
const expectFigure = (card: Locator, value: number) => expect(card.getByText(count(value), { exact: true })).toBeVisible();

const addDays = (day: string, days: number) => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
};

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The side menu, opened as a drawer on a phone. */
const openMenu = async (page: Page) => {
    if (isPhone(page)) {
        await page
            .getByRole('button', { name: /open menu|menu/i })
            .first()
            .click();
    }
    await expect(mainMenu(page)).toBeVisible();
    return mainMenu(page);
};

/** A headline card of the dashboard home (a region named by its label). */
const dashboardCard = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

/** A key figure of the BI page (a group named by its label). */
const biFigure = (page: Page, label: string) =>
    page.getByRole('region', { name: 'Key figures' }).getByRole('group', { name: label, exact: true });

/** On a phone the cards are one column: each below the one before, at the same left edge. */
const expectStacked = async (page: Page, labels: string[]) => {
    if (!isPhone(page)) return;
    const boxes = await Promise.all(labels.map(label => dashboardCard(page, label).boundingBox()));
    for (let index = 1; index < boxes.length; index++) {
        const [above, below] = [boxes[index - 1], boxes[index]];
        expect(below?.x).toBe(above?.x);
        expect(below!.y).toBeGreaterThan(above!.y + above!.height - 1);
    }
    await expectNoSidewaysScroll(page);
};

export const analystJourney = async (page: Page, request: APIRequestContext) => {
    const server = await askAs(request, 'analyst');
    const { today } = await server.auth();
    const headline = await server.dashboard();
    expect(headline.scope).toBe('all');

    // The business's month so far on the dashboard home.
    await signIn(page, 'analyst');
    await expectDashboard(page, /Welcome, /);
    await expect(page.getByRole('heading', { level: 2, name: 'The business this month' })).toBeVisible();
    await expectFigure(dashboardCard(page, 'Loans originated'), headline.kpis!.loans_originated);
    await expectFigure(dashboardCard(page, 'Devices locked'), headline.kpis!.devices_locked);
    await expectStacked(page, ['Loans originated', 'Value of loans originated', 'Collected']);
    await expectAccessible(page, 'dashboard with the headline numbers');

    // Analytics, from the side menu.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/bi(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

    // It opens on the last 30 days of the whole business.
    const last30 = { from: addDays(today, -29), to: today, scope: 'all' };
    const month = await server.analysis(last30);
    await expectFigure(biFigure(page, 'Loans originated'), month.kpis.loans_originated);
    await expectAccessible(page, 'analytics, the last 30 days');

    // Another period: the last 7 days, with fewer loans.
    const last7 = { from: addDays(today, -6), to: today, scope: 'all' };
    const week = await server.analysis(last7);
    expect(week.kpis.loans_originated, 'the seeded history sells more in 30 days than in 7').not.toBe(
        month.kpis.loans_originated,
    );
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page).toHaveURL(new RegExp(`from=${last7.from}&to=${last7.to}`));
    await expectFigure(biFigure(page, 'Loans originated'), week.kpis.loans_originated);
    await expect(biFigure(page, 'Loans originated').getByText(count(month.kpis.loans_originated), { exact: true })).toHaveCount(
        0,
    );

    // The numbers behind the sales chart, as a table and as CSV.
    const series = page.getByRole('region', { name: 'Sales and collections' });
    await series.getByRole('button', { name: 'Table of Sales and collections' }).click();
    const table = page.getByRole('region', { name: 'Table of Sales and collections' });
    await expect(table.getByRole('row')).toHaveCount(1 + week.series.length);
    await expectAccessible(page, 'analytics, a table view');
    const downloading = page.waitForEvent('download');
    await series.getByRole('button', { name: 'Export CSV of Sales and collections' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`sales-and-collections_${last7.from}_${last7.to}.csv`);
    const lines = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe('Day,Loans originated,Loan value,Collected');
    expect(lines.slice(1).map(line => line.split(',')[0])).toEqual(week.series.map(point => point.date));
    const sold = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    expect(sold).toBe(week.kpis.loans_originated);

    // One shop, picked by name.
    const [soweto] = (await server.shops('Soweto Central')).data;
    if (!soweto) throw new Error('Soweto Central is not among the shops the analyst may pick');
    const shopWeek = await server.analysis({ ...last7, scope: 'shop', shop_id: soweto.id });
    await page.getByRole('combobox', { name: 'Scope' }).selectOption('shop');
    const picker = page.getByRole('combobox', { name: 'Shop' });
    await picker.click();
    await picker.fill('Soweto');
    await page.getByRole('option', { name: /Soweto Central/ }).click();
    await expect(page).toHaveURL(new RegExp(`scope=shop&shop_id=${soweto.id}`));
    await expect(page.getByRole('region', { name: 'Key figures' })).toContainText('Soweto Central');
    await expectFigure(biFigure(page, 'Loans originated'), shopWeek.kpis.loans_originated);
    await expectAccessible(page, 'analytics, one shop');

    // Dark mode: axe again.
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page, 'analytics, one shop, in dark mode');

    // The way back, still dark: the headline numbers in dark mode.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expectDashboard(page, /Welcome, /);
    await expectFigure(dashboardCard(page, 'Loans originated'), headline.kpis!.loans_originated);
    await expectAccessible(page, 'dashboard with the headline numbers, in dark mode');
};

export const agentJourney = async (page: Page, request: APIRequestContext) => {
    const server = await askAs(request, 'agent');
    const own = await server.dashboard();
    expect(own.scope).toBe('agent');

    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    // Their own sales, named, and no way to Analytics.
    await expect(page.getByRole('heading', { level: 2, name: `Sales by ${own.scope_label} this month` })).toBeVisible();
    await expectFigure(dashboardCard(page, 'Loans originated'), own.kpis!.loans_originated);
    await expect(page.getByRole('link', { name: 'Open Analytics' })).toHaveCount(0);
    await expectStacked(page, ['Loans originated', 'Value of loans originated', 'Collected']);
    await expectAccessible(page, "dashboard with an agent's own numbers");
    const menu = await openMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Find customer' }).first()).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Analytics' })).toHaveCount(0);

    // Typed in, /bi says it is not for them.
    await page.goto('/bi');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('Analytics needs an analytics role, which your security group does not hold.')).toBeVisible();
    await expectAccessible(page, 'analytics without an analytics role');
};
