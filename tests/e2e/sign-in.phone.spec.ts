import { expect, test } from './test';
import { expectDashboard, expectNoSidewaysScroll, signIn } from './support';

test.describe('on a phone', () => {
    test('the sign-in page fits the screen and signing in works', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible();
        await expectNoSidewaysScroll(page);
        // The backdrop reaches the edges: no browser default margin around the page.
        expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
    });

    test('registration fits the screen', async ({ page }) => {
        await page.goto('/register');
        await expect(page.getByRole('heading', { name: 'Agent registration' })).toBeVisible();
        await expectNoSidewaysScroll(page);
    });
});
