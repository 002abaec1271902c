/**
 * The system check (/dashboard/test), its beta page (/dashboard/test-beta) and the tab lock's
 * take-over, as journeys both widths run (systemCheck.spec.ts, systemCheck.phone.spec.ts).
 */
import { expect, type Browser, type Page } from './test';
import { expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn } from './support';

/** src/lib/singleTabLock.ts LOCK_KEY (that module reads the build's settings, which Node has not). */
const LOCK_KEY = 'pfp.tab-lock';

const check = (page: Page, title: string) => page.getByTestId('system-check').filter({ hasText: `${title}:` });

/** Each check's heading says its state in words ("Reaching the server: OK"), beside an icon. */
const expectState = async (page: Page, title: string, state: 'OK' | 'Warning' | 'Failed') =>
    expect(check(page, title).getByRole('heading')).toHaveText(`${title}: ${state}`);

export const systemCheckJourney = async (page: Page) => {
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/test');
    await expect(page.getByRole('heading', { name: 'System check', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run again' })).toBeEnabled();
    await expectState(page, 'Reaching the server', 'OK');
    await expect(check(page, 'Reaching the server')).toContainText(/All 5 calls answered: typically in \d+ ms/);
    await expectState(page, 'Portal and server versions', 'OK');
    await expectState(page, "The phone's clock", 'OK');
    await expectState(page, 'Storage in this browser', 'OK');
    await expectState(page, 'One tab at a time', 'OK');
    await expect(check(page, 'SMS gateway')).toContainText('No gateway is connected');
    await expect(check(page, 'Lock provider Samsung')).toContainText('Simulated: no outside service is connected.');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/dashboard/test');

    await page.getByRole('button', { name: 'Run again' }).click();
    await expect(page.getByRole('button', { name: 'Run again' })).toBeEnabled();
    await expectState(page, 'Reaching the server', 'OK');
};

/**
 * The beta page: the check, and a switch that changes only how tables look, kept for this user.
 * `tables`: check a list's rows (the users list is a table at desktop width, cards on a phone).
 */
export const betaJourney = async (page: Page, { tables }: { tables: boolean }) => {
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/test-beta');
    await expect(page.getByRole('heading', { name: 'System check and beta features', level: 1 })).toBeVisible();
    await expectState(page, 'One tab at a time', 'OK');
    const compact = page.getByRole('switch', { name: 'Compact tables' });
    await expect(compact).not.toBeChecked();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, '/dashboard/test-beta');

    const cellPadding = async () => {
        await page.goto('/dashboard/users');
        const cell = page.locator('td.MuiTableCell-sizeSmall').first();
        await expect(cell).toBeVisible();
        return cell.evaluate(element => getComputedStyle(element).paddingTop);
    };
    const before = tables ? await cellPadding() : null;
    await page.goto('/dashboard/test-beta');
    await compact.check();
    await expect(compact).toBeChecked();
    if (tables) {
        expect(await cellPadding()).toBe('2px');
        expect(before).not.toBe('2px');
    }
    // Kept for this user: the switch is on when the page opens again.
    await page.goto('/dashboard/test-beta');
    await expect(compact).toBeChecked();
    await compact.uncheck();
    await expect(compact).not.toBeChecked();
    if (tables) expect(await cellPadding()).toBe(before);
};

/** A user without RUN_SYSTEM_CHECK meets access denied, and no menu entry. */
export const refusedJourney = async (page: Page) => {
    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    for (const path of ['/dashboard/test', '/dashboard/test-beta']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    }
};

/**
 * Two tabs of one browser: the second is blocked, "Use here" takes the lock over, and the first
 * then shows "Page blocked" (and can take it back).
 */
export const takeOverJourney = async (browser: Browser, viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport });
    const first = await context.newPage();
    await signIn(first, 'maker');
    await expectDashboard(first, /Welcome, /);
    const second = await context.newPage();
    await second.goto('/dashboard');
    await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Use here' })).toBeVisible();
    await expectNoSidewaysScroll(second);
    await expectAccessible(second, 'Page blocked');

    await second.getByRole('button', { name: 'Use here' }).click();
    await expectDashboard(second, /Welcome, /);
    await expect(first.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
    await first.getByRole('button', { name: 'Use here' }).click();
    await expectDashboard(first, /Welcome, /);
    await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
    await context.close();
};

/**
 * After a crash: the lock names a tab that stopped beating 12 s ago and no tab is open. The page
 * counts down to its own take-over, and "Use here" takes over at once.
 */
export const afterCrashJourney = async (browser: Browser, viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    // The holder's record left behind by a crash: its last heartbeat 12 s ago. This tab sees a
    // live holder, so it is blocked and writes nothing; closing it releases nothing (not its lock).
    await page.evaluate(
        ([key]) => localStorage.setItem(key!, JSON.stringify({ id: 'crashed-tab', beat: Date.now() - 12_000 })),
        [LOCK_KEY],
    );
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/dashboard');
    await expect(reopened.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
    await expect(reopened.getByText(/^The other tab has not answered for 1\d s; this tab takes over in 1\d s\.$/)).toBeVisible();
    await reopened.getByRole('button', { name: 'Use here' }).click();
    await expectDashboard(reopened, /Welcome, /);
    await context.close();
};
