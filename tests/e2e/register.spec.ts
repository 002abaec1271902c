import { expect, test, type Page } from './test';
import { expectAccessible, signIn } from './support';

/**
 * A front camera for the page: getUserMedia answers the stream of a 480 × 640 canvas the page
 * keeps painting, so the live photo step runs in a browser without a camera.
 */
const withCamera = (page: Page) =>
    page.addInitScript(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 480;
        canvas.height = 640;
        const context = canvas.getContext('2d');
        let frame = 0;
        setInterval(() => {
            frame += 1;
            if (!context) return;
            context.fillStyle = `rgb(${180 + (frame % 20)}, 150, 130)`;
            context.fillRect(0, 0, canvas.width, canvas.height);
        }, 50);
        Object.defineProperty(navigator, 'mediaDevices', {
            configurable: true,
            value: { getUserMedia: () => Promise.resolve(canvas.captureStream(20)) },
        });
    });

test.describe('agent registration', () => {
    test('a new agent registers, takes their live photo, and cannot sign in before approval', async ({ page }) => {
        const username = `agent${Date.now() % 1_000_000}`;
        await withCamera(page);
        await page.goto('/');
        await page.getByRole('link', { name: 'Register here' }).click();
        await expect(page).toHaveURL(/\/register$/);

        // Bad input is caught on the page, with the specification's messages.
        await page.getByLabel('Phone number').fill('12ab');
        await page.getByRole('button', { name: 'Register' }).click();
        await expect(page.getByText('valid phone number required')).toBeVisible();

        await page.getByLabel('First name').fill('Thandi');
        await page.getByLabel('Last name').fill('Mokoena');
        await page.getByLabel('Username').fill(username);
        await page.getByLabel('Phone number').fill(`2783${String(Date.now()).slice(-7)}`);
        await page.getByLabel('Email (optional)').fill('not-an-email');
        await page.getByLabel('Shop').click();
        await page.getByRole('option', { name: /Soweto Central/ }).click();
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
        await page.getByRole('textbox', { name: 'Confirm password' }).fill('another-password');
        await page.getByRole('button', { name: 'Register' }).click();
        await expect(page.getByText('valid email required')).toBeVisible();
        await expect(page.getByText('The passwords do not match')).toBeVisible();

        await page.getByLabel('Email (optional)').fill('thandi@example.com');
        await page.getByRole('textbox', { name: 'Confirm password' }).fill('a-long-password');
        await page.getByRole('button', { name: 'Register' }).click();

        // Step 2: the live photo, bound to this registration; it cannot be skipped.
        await expect(page).toHaveURL(/\/verify_liveness$/);
        await expect(page.getByRole('heading', { name: 'Your live photo' })).toBeVisible();
        const finish = page.getByRole('button', { name: 'Finish registration' });
        await expect(finish).toBeDisabled();
        await expectAccessible(page, 'registration: live photo');
        await page.getByRole('button', { name: 'Start camera' }).click();
        const video = page.getByLabel('Camera preview');
        await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(480);
        await page.getByRole('button', { name: 'Take photo' }).click();
        await expect(page.getByText('Your photo shows a live face. You can finish your registration.')).toBeVisible();
        await expect(page.getByText('You can take 2 more photos.')).toBeVisible();
        await expectAccessible(page, 'registration: live photo sent');
        await finish.click();

        await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
        await expect(page.getByRole('status')).toContainText(
            'A checker holding the role “Approve agent registration” (at Soweto Central, or at head office)',
        );
        await expectAccessible(page, 'registration received');

        await signIn(page, username, 'a-long-password');
        await expect(page.getByRole('alert')).toHaveText(/not active/);
    });

    test('a taken username is marked on its field and nothing typed is lost', async ({ page }) => {
        await page.goto('/register');
        await page.getByLabel('First name').fill('Second');
        await page.getByLabel('Last name').fill('Admin');
        await page.getByLabel('Username').fill('admin');
        await page.getByLabel('Phone number').fill('27839999991');
        await page.getByLabel('Shop').click();
        await page.getByRole('option').first().click();
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
        await page.getByRole('textbox', { name: 'Confirm password' }).fill('a-long-password');
        await page.getByRole('button', { name: 'Register' }).click();
        await expect(page.getByText('This username is taken.')).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted errors below');
        await expect(page.getByLabel('First name')).toHaveValue('Second');
    });
});
