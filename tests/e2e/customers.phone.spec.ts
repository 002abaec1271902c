/** The customer journeys at phone width (360 px): the field agent's, and the agent's view. */
import { expect, test, type Page } from './test';
import { animationsEnded, expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn } from './support';

// Each journey checks several screens with axe, a few seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

const SIBUSISO = { msisdn: '27710000006', name: 'Sibusiso Mokoena', loan: 'LPP-000006' };
const ZANELE = { msisdn: '27710000001', name: 'Zanele Dube', loan: 'LPP-000001' };

const openMenuItem = async (page: Page, group: string, item: string) => {
    await page
        .getByRole('button', { name: /open menu|menu/i })
        .first()
        .click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('menuitem', { name: group }).click();
    // A click on an item of a group still unfolding once went nowhere (the drawer stayed open).
    await animationsEnded(page);
    await menu.getByRole('menuitem', { name: item }).click();
};

test('a field agent finds their customer on a phone and sees the loan', async ({ page }) => {
    await signIn(page, 'fieldagent');
    await expectDashboard(page, /Welcome, /);
    await openMenuItem(page, 'Field agent', 'Find customer (field agent)');
    await expect(page).toHaveURL(/\/dashboard\/find\/fieldagent\/customer$/);
    const lookup = page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });
    await expect(lookup).toBeVisible();
    await expectAccessible(page, 'find customer (field agent), phone');
    await expectNoSidewaysScroll(page);

    await lookup.fill(SIBUSISO.msisdn);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/fieldagent\/customers\/view\?customer=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: SIBUSISO.name, level: 1 })).toBeVisible();
    const loans = page.getByRole('region', { name: 'Loans' });
    await expect(loans.getByText(SIBUSISO.loan)).toBeVisible();
    await expect(loans.getByText('Awaiting deposit')).toBeVisible();
    await expectAccessible(page, 'field agent customer view, phone');
    await expectNoSidewaysScroll(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: SIBUSISO.name, level: 1 })).toBeVisible();
});

test('a field agent looks in a shop chosen from the list', async ({ page }) => {
    await signIn(page, 'fieldagent');
    await expectDashboard(page, /Welcome, /);
    await openMenuItem(page, 'Field agent', 'Find customer by shop');
    await expect(page).toHaveURL(/\/dashboard\/find\/shop\/fieldagent\/customer$/);
    await page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }).fill(ZANELE.msisdn);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByText('Required')).toBeVisible();
    await page.getByRole('combobox', { name: 'Shop' }).click();
    await page.getByRole('option', { name: 'Soweto Central' }).click();
    await expectAccessible(page, 'find customer by shop, phone');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/shop\/fieldagent\/customers\/view\?customer=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: ZANELE.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Loans' }).getByText(ZANELE.loan)).toBeVisible();
    await expectAccessible(page, 'shop customer view, phone');
    await expectNoSidewaysScroll(page);
});

test('an agent reads a customer on a phone: loans, messages, and a dialog that fits', async ({ page }) => {
    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/customers/find');
    const lookup = page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });
    const find = page.getByRole('button', { name: 'Find', exact: true });
    // A number found nowhere: the way forward this agent may take, with the number carried.
    await lookup.fill('27719999990');
    await find.click();
    await expect(page.getByRole('alert').getByRole('link', { name: 'Start a sale for this number' })).toBeVisible();
    await expectAccessible(page, 'customer not found, phone');
    // The top bar's title: one line cut with an ellipsis, the whole of it as its title.
    await expect(page.locator('#react-admin-title')).toHaveCSS('text-overflow', 'ellipsis');
    await expect(page.locator('#react-admin-title').locator('..')).toHaveAttribute('title', 'Find customer');
    // Found by a loan's reference; the filled button reached by keyboard shows its 2 px ring outside it.
    await lookup.fill(ZANELE.loan);
    await lookup.press('Tab');
    await expect(find).toBeFocused();
    await expect(find).toHaveCSS('outline-width', '2px');
    await expect(find).toHaveCSS('outline-offset', '2px');
    await find.press('Enter');
    await expect(page.getByRole('heading', { name: ZANELE.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Loans' }).getByText(ZANELE.loan)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page, 'customer view, phone');
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Rate a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call rating' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'rate a call, phone');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Choose a rating from 1 to 5')).toBeVisible();
    // The stars are labels over visually hidden radios: a tap lands on the label.
    await dialog.locator('label').filter({ hasText: '4 stars, very good' }).click();
    await expect(dialog.getByRole('radio', { name: '4 stars, very good' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Thank you: the call was rated.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The rating leaves its trace on the view: what, by whom.
    const ratings = page.getByRole('region', { name: 'Call rating' });
    await expect(ratings.getByText('4 stars, very good').first()).toBeVisible();
    await expect(ratings.getByText(/^By Bongani Khumalo, /).first()).toBeVisible();
});
