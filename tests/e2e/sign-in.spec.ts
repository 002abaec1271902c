import { expect, test } from './test';
import { DEMO_PASSWORD, MSISDN, expectAccessible, expectDashboard, latestOtp, signIn } from './support';

test.describe('signing in', () => {
    test('an admin signs in and lands on the dashboard, greeted by name and group', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await expect(page.locator('#main-content').getByText('SUPER ADMIN', { exact: true })).toBeVisible();
    });

    test('a shop seller sees their shop on the dashboard', async ({ page }) => {
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await expect(page.locator('#main-content').getByText('Soweto Central', { exact: true })).toBeVisible();
    });

    test('a wrong password says so and keeps what was typed', async ({ page }) => {
        await signIn(page, 'maker', 'not-the-password');
        await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByLabel('Username')).toHaveValue('maker');
    });

    test('empty fields are caught before anything is sent', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(page.getByText('Required').first()).toBeVisible();
    });

    test('the session survives a reload, and a deep link opens directly', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.reload();
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/profile');
        await expect(page.getByRole('heading', { name: 'What my security group allows' })).toBeVisible();
        await page.reload();
        await expect(page).toHaveURL(/\/dashboard\/profile$/);
        await expect(page.getByText('View portal users', { exact: true })).toBeVisible();
    });

    test('a signed-in user who opens / goes to the dashboard', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/');
        await expectDashboard(page, /Welcome, /);
    });

    test('a signed-out deep link goes to sign-in, then back to where it pointed', async ({ page }) => {
        // The signed-in shell (src/App.tsx, its chunk App-….js) is not even downloaded before sign-in.
        const scripts: string[] = [];
        page.on('request', request => scripts.push(new URL(request.url()).pathname));
        await page.goto('/dashboard/profile');
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible();
        expect(scripts.filter(path => path.startsWith('/assets/App-'))).toEqual([]);
        await page.getByLabel('Username').fill('admin');
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(page).toHaveURL(/\/dashboard\/profile$/);
    });

    test('any other signed-out path goes to sign-in', async ({ page }) => {
        await page.goto('/no/such/page');
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible();
    });

    test('logging out ends the session with the notice, and the token no longer works', async ({ page }) => {
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.getByRole('button', { name: /profile/i }).click();
        await page.getByRole('menuitem', { name: 'Log out' }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByText('You have been logged out')).toBeVisible();
        await expectAccessible(page, 'sign-in, with the logged-out notice');
        await page.goto('/dashboard');
        await expect(page).toHaveURL(/\/$/);
    });

    test('an expired session logs out at once with the notice', async ({ page }) => {
        await page.clock.install();
        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        // Past the 8-hour session: the open page signs out by itself.
        await page.clock.fastForward('08:00:01');
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByText('You have been logged out')).toBeVisible();
    });

    test('the secure account completes its sign-in with the SMS code', async ({ page, request }) => {
        await signIn(page, 'secure');
        await expect(page).toHaveURL(/\/otp$/);
        await expect(page.getByText(/ending •••008/)).toBeVisible();
        await page.getByLabel('Sign-in code').fill('000000');
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect(page.getByRole('alert')).toHaveText(/not right/);
        await expectAccessible(page, 'sign-in code, refused');
        await page.getByLabel('Sign-in code').fill(await latestOtp(request, MSISDN.secure));
        await page.getByRole('button', { name: 'Verify' }).click();
        await expectDashboard(page, /Welcome, /);
    });

    test('a short code is refused on the page; five wrong codes end the sign-in', async ({ page, request }) => {
        await signIn(page, 'secure');
        await expect(page).toHaveURL(/\/otp$/);
        await page.getByLabel('Sign-in code').fill('12');
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect(page.getByText('valid OTP required')).toBeVisible();

        const code = await latestOtp(request, MSISDN.secure);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const verify = page.getByRole('button', { name: 'Verify' });
        for (let guess = 1; guess <= 5; guess++) {
            await page.getByLabel('Sign-in code').fill(wrong);
            // Each guess waits for Verify to be enabled again: the previous answer has arrived.
            await verify.click();
            await expect(page.getByRole('alert')).toHaveText(guess < 5 ? /not right/ : /this sign-in has ended/);
        }
        // Waiting cannot help: Verify stays disabled, and the way on is signing in again.
        await expect(verify).toBeDisabled();
        await expectAccessible(page, 'sign-in code, five wrong');
        await page.getByRole('link', { name: 'Sign in again' }).click();
        await expect(page).toHaveURL(/\/$/);
    });

    test('the mobile operator sign-in goes through the operator and back', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Sign in with your mobile operator' }).click();
        await expect(page.getByText(/Development stand-in/i)).toBeVisible();
        await page.locator('#msisdn').fill(MSISDN.checker);
        await page.getByRole('button', { name: 'Approve' }).click();
        await expectDashboard(page, /Welcome, /);
        await expect(page.locator('#main-content').getByText('APPROVERS', { exact: true })).toBeVisible();
    });

    test('a cancelled operator sign-in says so and leads back', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Sign in with your mobile operator' }).click();
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('alert')).toHaveText(/cancelled/);
        await page.getByRole('link', { name: 'Back to sign in' }).click();
        await expect(page).toHaveURL(/\/$/);
    });

    test('with the server unreachable, sign-in shows an error instead of spinning', async ({ page }) => {
        await page.route('**/portal_api/**', route => route.abort('connectionrefused'));
        await signIn(page, 'admin');
        await expect(page.getByRole('alert')).toHaveText(/could not be reached/);
        await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    });
});
