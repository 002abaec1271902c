import { expect, test } from './test';
import { pt, sw } from './catalogs';
import { expectAccessible } from './support';

const signInTitle = (catalog: typeof sw) => (catalog.auth as { sign_in_title: string }).sign_in_title;

test.describe('languages on the signed-out pages', () => {
    test('the language menu switches the sign-in page to Swahili, and it stays after a reload', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Language' }).click();
        await page.getByRole('menuitem', { name: 'Kiswahili' }).click();
        const title = page.getByRole('heading', { level: 1 });
        await expect(title).toHaveText(signInTitle(sw));
        await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
        await page.reload();
        await expect(title).toHaveText(signInTitle(sw));
        await expectAccessible(page, 'sign-in in Swahili');
    });

    test('?lang=pt opens the page in Portuguese', async ({ page }) => {
        await page.goto('/?lang=pt');
        await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(signInTitle(pt));
    });
});
