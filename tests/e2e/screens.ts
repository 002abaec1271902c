/**
 * Every screen of the portal, visited and checked with axe-core once it has settled; the same
 * journeys run at desktop width (a11y.spec.ts) and phone width (a11y.phone.spec.ts).
 */
import { expect, test } from './test';
import { expectAccessible, expectDashboard, signIn } from './support';

export const checkEveryScreen = () => {
    test.describe('every screen is accessible', () => {
        // Each axe run over a whole signed-in screen takes seconds on a busy 2-core machine, and most
        // of these visit several screens: 30 s was passed once with the machine fully loaded.
        test.describe.configure({ timeout: 90_000 });
        test('the sign-in page', async ({ page }) => {
            await page.goto('/');
            await expect(page.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible();
            await expectAccessible(page, 'sign-in');

            // A refused sign-in, with its message under the form.
            await signIn(page, 'maker', 'not-the-password');
            await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
            await expectAccessible(page, 'sign-in, refused');
        });

        test('the registration', async ({ page }) => {
            await page.goto('/register');
            await expect(page.getByRole('heading', { name: 'Agent registration' })).toBeVisible();
            await expect(page.getByRole('combobox', { name: 'Shop' })).toBeEnabled();
            await expectAccessible(page, 'register');
            await page.getByRole('button', { name: 'Register' }).click();
            await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted errors below');
            await expectAccessible(page, 'register, with its errors');
        });

        test('the liveness check and the operator callback', async ({ page }) => {
            await page.goto('/verify_liveness');
            await expect(page.getByRole('heading', { name: 'Liveness check' })).toBeVisible();
            await expectAccessible(page, 'verify liveness');
            await page.getByRole('button', { name: 'Start camera' }).click();
            await expect(page.getByRole('alert')).toBeVisible();
            await expectAccessible(page, 'verify liveness, no camera');

            await page.goto('/callback/none/mno?error=access_denied');
            await expect(page.getByRole('alert')).toHaveText(/cancelled/);
            await expectAccessible(page, 'operator callback, cancelled');
        });

        test('the second factor', async ({ page }) => {
            await signIn(page, 'secure');
            await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
            await expectAccessible(page, 'sign-in code');
        });

        // One test per area: axe takes a moment on each screen, and all of them in one test ran past its time.
        test('the dashboard and the users', async ({ page }) => {
            await signIn(page, 'admin');
            await expectDashboard(page, /Welcome, /);
            await expect(page.getByRole('link', { name: 'Security' })).toBeVisible();
            await expectAccessible(page, 'dashboard home');

            await page.goto('/dashboard/users');
            await expect(page.getByText('Sipho Ndlovu').first()).toBeVisible();
            await expectAccessible(page, 'users');

            await page.goto('/dashboard/users/create');
            await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
            await expectAccessible(page, 'add a user');
        });

        test('the security groups', async ({ page }) => {
            // Several axe scans, one of the security group form with every role: over 30 s on a busy two-core machine.
            test.slow();
            await signIn(page, 'admin');
            await expectDashboard(page, /Welcome, /);
            await page.goto('/dashboard/security');
            await expect(page.getByText('Portal Staff').first()).toBeVisible();
            await expectAccessible(page, 'security groups');

            await page
                .getByRole('link', { name: /Portal Staff/ })
                .first()
                .click();
            await expect(page.getByRole('heading', { name: 'Roles of this group' })).toBeVisible();
            await expect(page.getByRole('button', { name: 'Remove' }).first()).toBeVisible();
            await expectAccessible(page, 'a security group');

            await page.goto('/dashboard/security/create');
            await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
            await expectAccessible(page, 'add a security group');
        });

        test('the profile', async ({ page }) => {
            await signIn(page, 'admin');
            await expectDashboard(page, /Welcome, /);
            await page.goto('/dashboard/profile');
            await expect(page.getByText('View portal users', { exact: true })).toBeVisible();
            await expectAccessible(page, 'profile');
        });

        test('access denied', async ({ page }) => {
            await signIn(page, 'maker');
            await expectDashboard(page, /Welcome, /);
            await page.goto('/dashboard/security');
            await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
            await expectAccessible(page, 'access denied');
        });

        test('page blocked', async ({ context }) => {
            const first = await context.newPage();
            await first.goto('/');
            await expect(first.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible();
            const second = await context.newPage();
            await second.goto('/');
            await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
            await expectAccessible(second, 'page blocked');
        });
    });
};
