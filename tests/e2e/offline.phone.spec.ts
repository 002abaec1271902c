import { expect, test, type Locator, type Page } from './test';
import { expectDashboard, expectNoSidewaysScroll, signIn } from './support';

/** Whether a click at the centre of `control` would reach it (nothing drawn over it). */
const reachable = (control: Locator) =>
    control.evaluate(element => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && element.contains(hit);
    });

const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });

test('at phone width the offline banner shows under the top bar, which stays usable', async ({ page, context }) => {
    await signIn(page, 'admin');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/users');
    await expect(page.getByText('Sipho Ndlovu').first()).toBeVisible();
    await context.setOffline(true);
    const banner = offlineBanner(page);
    await expect(banner).toBeInViewport();
    const header = await page.locator('header').first().boundingBox();
    const shown = await banner.boundingBox();
    expect(shown!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(360);
    for (const control of [
        page.getByRole('button', { name: /menu/i }).first(),
        page.getByRole('button', { name: /Language/ }),
        page.getByRole('button', { name: /Profile/ }),
    ]) {
        expect(await reachable(control)).toBe(true);
    }
    // Still there, under the bar, once the list has scrolled.
    await page.mouse.wheel(0, 600);
    await expect(banner).toBeInViewport();
    await context.setOffline(false);
    await expect(banner).toBeHidden();
});

test('at phone width the sign-in page shows the banner without hiding the language menu', async ({ page, context }) => {
    await page.goto('/');
    // The sign-in page's own chunks and words load after the document: offline before they have,
    // the page could only offer a reload.
    await expect(page.getByLabel('Username')).toBeVisible();
    await context.setOffline(true);
    await expect(offlineBanner(page)).toBeInViewport();
    expect(await reachable(page.getByRole('button', { name: /Language/ }))).toBe(true);
    await expectNoSidewaysScroll(page);
});
