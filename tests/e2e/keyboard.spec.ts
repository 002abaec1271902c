import { expect, test } from './test';
import { DEMO_PASSWORD, expectAccessible, expectDashboard, groupWithRoles, signIn, tabTo } from './support';

test.describe('with the keyboard alone', () => {
    test('a user signs in with Tab and Enter', async ({ page }) => {
        await page.goto('/');
        const username = page.getByLabel('Username');
        await expect(username).toBeFocused();
        await page.keyboard.type('admin');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
        await page.keyboard.type(DEMO_PASSWORD);
        // Past the show-password button, to the form's button.
        await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
        await page.keyboard.press('Enter');
        await expectDashboard(page, /Welcome, /);
    });

    test('a user goes from the menu through a list to a record', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await tabTo(page, page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Security' }));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/dashboard\/security$/);
        await tabTo(page, page.getByRole('link', { name: 'Portal Staff', exact: true }));
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/dashboard\/security\/\d+\/show$/);
        await expect(page.getByRole('heading', { name: 'Roles of this group' })).toBeVisible();
        await expect(page.getByRole('row', { name: /FIND_CUSTOMER\b/ }).first()).toContainText('Find customer');
    });

    test('removing a role asks first: cancelled and confirmed with the keyboard, the focus lands sensibly', async ({
        page,
        request,
    }) => {
        // Tabbing from the top passes every entry of the admin's menu, which grows with each screen that lands.
        test.slow();
        const name = `Keyboard ${String(Date.now()).slice(-6)}`;
        const id = await groupWithRoles(request, name, ['VIEW_USERS', 'VIEW_SECURITY']);
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.goto(`/dashboard/security/${id}/show`);
        const row = page.getByRole('row', { name: /VIEW_SECURITY/ });
        const remove = row.getByRole('button', { name: 'Remove' });
        const dialog = page.getByRole('dialog');
        const cancel = dialog.getByRole('button', { name: 'Cancel' });

        // Escape cancels; the focus is back on the button that asked.
        await tabTo(page, remove);
        await page.keyboard.press('Enter');
        await expect(dialog).toContainText(`Members of ${name} will lose the role “View security groups and roles”.`);
        await expect(cancel).toBeFocused();
        await expectAccessible(page, 'the confirmation dialog');
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(remove).toBeFocused();

        // Cancel has the focus first: Enter straight away changes nothing.
        await page.keyboard.press('Enter');
        await expect(cancel).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();
        await expect(remove).toBeFocused();
        await expect(row).toBeVisible();

        // Confirmed: the row goes, and the focus goes to the list's heading rather than nowhere.
        await page.keyboard.press('Enter');
        await expect(cancel).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('row', { name: /VIEW_SECURITY/ })).toHaveCount(0);
        await expect(page.getByRole('heading', { name: 'Roles of this group' })).toBeFocused();
        await expect(page.getByRole('row', { name: /VIEW_USERS/ })).toBeVisible();
    });
});
