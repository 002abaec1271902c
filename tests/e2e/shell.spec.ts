import { expect, test, type Page } from './test';
import { en, pt, sw } from './catalogs';
import { DEMO_PASSWORD, expectAccessible, expectDashboard, signIn } from './support';

type Catalog = typeof en;
const menuLabel = (catalog: Catalog, key: string) => (catalog.menu as Record<string, string>)[key]!;

/** The side menu, by its accessible name in the page's language. */
const mainMenu = (page: Page, catalog: Catalog = en) =>
    page.getByRole('navigation', { name: (catalog.shell as Record<string, string>).main_menu });

/** The labels the side menu shows, top level, in order, without the pending counts of the approvals queues. */
const menuLabels = async (page: Page) =>
    mainMenu(page)
        .locator(':scope > ul > *')
        .evaluateAll(items =>
            items.map(item => {
                const label = item.cloneNode(true) as HTMLElement;
                label.querySelectorAll('.menu-count').forEach(count => count.remove());
                return (label.textContent ?? '').trim();
            }),
        );

/**
 * What each demo account (README) sees of the screens that have landed: written out, not derived
 * from the menu table (src/layout/menu.ts, which runs only inside the portal's build).
 */
const MENUS: Record<string, string[]> = {
    admin: [
        'dashboard',
        'users',
        'agents',
        'find_customer',
        'find_assisted_customer',
        'find_transaction',
        'collections',
        'lock_policy',
        'stores',
        'shop',
        'shop_agents',
        'inventory',
        'deregistrations',
        'field_agent',
        'analytics',
        'approvals',
        'kyc',
        'suspense',
        'tpi',
        'security',
        'audit',
        'system_check',
        'system_check_beta',
    ],
    maker: [
        'dashboard',
        'users',
        'agents',
        'find_customer',
        'find_assisted_customer',
        'find_transaction',
        'collections',
        'lock_policy',
        'stores',
        'inventory',
        'deregistrations',
        'approvals',
        'kyc',
        'suspense',
        'tpi',
        'system_check',
        'system_check_beta',
    ],
    checker: ['dashboard', 'users', 'agents', 'deregistrations', 'approvals', 'kyc', 'suspense', 'tpi'],
    shopowner: ['dashboard', 'agents', 'find_customer', 'collections', 'stores', 'shop', 'shop_agents', 'inventory', 'analytics'],
    agent: ['dashboard', 'find_customer', 'find_assisted_customer'],
    fieldagent: ['dashboard', 'field_agent'],
    analyst: ['dashboard', 'analytics'],
};

test.describe('the signed-in shell', () => {
    for (const [username, keys] of Object.entries(MENUS)) {
        test(`${username} sees exactly the menu its roles allow`, async ({ page }) => {
            await signIn(page, username);
            await expectDashboard(page, /Welcome, /);
            const expected = keys.map(key => menuLabel(en, key));
            // The administrator holds every role: a new folder's entry joins its menu, today's keep their order.
            if (username === 'admin') {
                await expect
                    .poll(async () => (await menuLabels(page)).filter(label => expected.includes(label)))
                    .toEqual(expected);
            } else await expect.poll(() => menuLabels(page)).toEqual(expected);
        });
    }

    test('a screen the user has no role for shows access denied, not the screen', async ({ page }) => {
        await signIn(page, 'maker');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/security');
        await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
        await expect(page.getByRole('table')).toHaveCount(0);
        await page.getByRole('link', { name: 'Back to the dashboard' }).click();
        await expectDashboard(page, /Welcome, /);
    });

    test('an unknown signed-in path goes to the dashboard', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/no-such-screen');
        await expect(page).toHaveURL(/\/dashboard\/?$/);
    });

    test('the side panel shows who is signed in, and the version', async ({ page }) => {
        await signIn(page, 'shopowner');
        await expectDashboard(page, /Welcome, /);
        const header = page.getByTestId('sidebar-header');
        await expect(header).toContainText('Pieter van Wyk');
        await expect(header).toContainText('SHOP OWNER');
        await expect(header).toContainText('Soweto Central');
        await expect(page.getByTestId('sidebar-version')).toHaveText('Version 2.7.111');
        // The top bar is 64 px high and the side panel 300 px wide (spec §2).
        expect((await page.locator('header').first().boundingBox())?.height).toBe(64);
        expect((await mainMenu(page).boundingBox())?.width).toBe(300);
        // The footer image is on every page but the dashboard home.
        await expect(page.getByTestId('footer-image')).toHaveCount(0);
        await page.goto('/dashboard/profile');
        await expect(page.getByTestId('footer-image')).toBeVisible();
    });

    for (const [name, code, catalog] of [
        ['Kiswahili', 'sw', sw],
        ['Português', 'pt', pt],
    ] as const) {
        test(`switching to ${name} translates the menu, and it stays after a reload`, async ({ page }) => {
            await signIn(page, 'admin');
            await expectDashboard(page, /Welcome, /);
            await page.getByRole('button', { name: 'Language' }).click();
            await page.getByRole('menuitem', { name }).click();
            const menu = mainMenu(page, catalog);
            await expect(menu.getByText(menuLabel(catalog, 'security'), { exact: true })).toBeVisible();
            await expect(menu.getByText(menuLabel(catalog, 'users'), { exact: true })).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('lang', code);
            await page.reload();
            await expect(menu.getByText(menuLabel(catalog, 'security'), { exact: true })).toBeVisible();
        });
    }

    test('dark mode is chosen from the profile menu and stays after a reload', async ({ page }) => {
        // Several axe scans, one of the security group form with every role: over 30 s on a busy two-core machine.
        test.slow();
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const light = await background();
        await page.getByRole('button', { name: /profile/i }).click();
        await page.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
        await expect.poll(background).not.toBe(light);
        const dark = await background();
        await page.reload();
        await expectDashboard(page, /Welcome, /);
        await expect.poll(background).toBe(dark);
        await expectAccessible(page, 'dashboard in dark mode');
        await page.goto('/dashboard/security/create');
        await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
        // A description without a name: the form says what is missing.
        await page.getByRole('textbox', { name: 'Description' }).fill('No name yet');
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('Required').first()).toBeVisible();
        await expectAccessible(page, 'add a security group in dark mode, with its errors');
    });

    test('a second tab is blocked, and takes over when the first closes', async ({ context }) => {
        const first = await context.newPage();
        await signIn(first, 'admin');
        await expectDashboard(first, /Welcome, /);
        const second = await context.newPage();
        await second.goto('/dashboard');
        await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
        await expect(second.getByText('Please close other active tabs to continue')).toBeVisible();
        await first.close({ runBeforeUnload: true });
        await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeHidden();
        await expectDashboard(second, /Welcome, /);
    });

    test('an admin creates a group with roles and a user in it, who then sees exactly that menu', async ({ page, browser }) => {
        // Several axe scans, one of the security group form with every role: over 30 s on a busy two-core machine.
        test.slow();
        const suffix = String(Date.now()).slice(-6);
        const groupName = `Auditors ${suffix}`;
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);

        await mainMenu(page).getByRole('menuitem', { name: 'Security' }).click();
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByRole('textbox', { name: 'Name' }).fill(groupName);
        await page.getByRole('textbox', { name: 'Description' }).fill('Read-only access to users');
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByRole('heading', { name: 'Roles of this group' })).toBeVisible();
        await expect(page.getByText('This group holds no roles yet.')).toBeVisible();

        await page.getByLabel('Role to add').fill('VIEW_USERS');
        await page.getByRole('option', { name: /\(VIEW_USERS\)/ }).click();
        await page.getByRole('button', { name: 'Add role' }).click();
        await expect(page.getByRole('cell', { name: /View portal users/ })).toBeVisible();
        await page.getByLabel('Role to add').fill('VIEW_SECURITY');
        await page.getByRole('option', { name: /\(VIEW_SECURITY\)/ }).click();
        await page.getByRole('button', { name: 'Add role' }).click();
        await expect(page.getByRole('cell', { name: /View security groups and roles/ })).toBeVisible();

        // Removing asks first; cancelling keeps the role.
        const securityRow = page.getByRole('row', { name: /VIEW_SECURITY/ });
        await securityRow.getByRole('button', { name: 'Remove' }).click();
        await expect(page.getByRole('dialog')).toContainText(
            `Members of ${groupName} will lose the role “View security groups and roles”.`,
        );
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(securityRow).toBeVisible();
        await securityRow.getByRole('button', { name: 'Remove' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByRole('row', { name: /VIEW_SECURITY/ })).toHaveCount(0);

        await mainMenu(page).getByRole('menuitem', { name: 'Users' }).click();
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByRole('textbox', { name: 'First name' }).fill('Nomsa');
        await page.getByRole('textbox', { name: 'Last name' }).fill('Zulu');
        await page.getByRole('textbox', { name: 'Username' }).fill(`nomsa${suffix}`);
        await page.getByRole('textbox', { name: 'Phone number' }).fill(`2784${suffix}0`);
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('combobox', { name: 'Security group' }).fill(groupName);
        await page.getByRole('option', { name: groupName }).click();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page).toHaveURL(/\/dashboard\/users(\?|$)/);
        await page.getByPlaceholder('Search', { exact: true }).fill(`nomsa${suffix}`);
        await expect(page.getByRole('cell', { name: groupName })).toBeVisible();

        const other = await browser.newPage();
        await signIn(other, `nomsa${suffix}`);
        await expectDashboard(other, /Welcome, Nomsa Zulu/);
        await expect.poll(() => menuLabels(other)).toEqual(['Dashboard', 'Users']);
        await other.close();
    });

    test('a taken username is marked on its field when adding a user', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/users/create');
        await page.getByRole('textbox', { name: 'First name' }).fill('Dup');
        await page.getByRole('textbox', { name: 'Last name' }).fill('Licate');
        await page.getByRole('textbox', { name: 'Username' }).fill('maker');
        await page.getByRole('textbox', { name: 'Phone number' }).fill('27849999990');
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('combobox', { name: 'Security group' }).fill('Portal Staff');
        await page.getByRole('option', { name: 'Portal Staff' }).click();
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText('This username is taken.')).toBeVisible();
        await expectAccessible(page, 'add a user, refused');
        await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Dup');
    });
});
