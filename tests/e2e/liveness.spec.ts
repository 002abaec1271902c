import { expect, test } from './test';

test('the liveness check says plainly when no camera can be used', async ({ page }) => {
    await page.goto('/verify_liveness');
    await expect(page.getByRole('heading', { name: 'Liveness check' })).toBeVisible();
    await page.getByRole('button', { name: 'Start camera' }).click();
    await expect(page.getByRole('alert')).toHaveText(
        /No camera was found|Camera access was refused|cannot use the camera|could not be started/,
    );
    await expect(page.getByRole('button', { name: 'Start camera' })).toBeEnabled();
});
