import { expect, test } from './test';
import { expectDashboard, expectNoSidewaysScroll, signIn } from './support';

test('at phone width the menu is a temporary drawer', async ({ page }) => {
    await signIn(page, 'admin');
    await expectDashboard(page, /Welcome, /);
    expect((await page.locator('header').first().boundingBox())?.height).toBe(56);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeHidden();
    await page
        .getByRole('button', { name: /open menu|menu/i })
        .first()
        .click();
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/dashboard\/users(\?|$)/);
    await expect(menu).toBeHidden();
    await expectNoSidewaysScroll(page);
});
