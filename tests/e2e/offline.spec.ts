import { expect, test } from './test';
import { expectAccessible, expectDashboard, signIn } from './support';

test('a security group saved offline is refused with the reason, keeps its name, and saves once back online', async ({
    page,
    context,
}) => {
    // Three or more axe scans, one of the security group form with every role: over 30 s on a busy two-core machine.
    test.slow();
    const groupName = `Offline ${String(Date.now()).slice(-6)}`;
    await signIn(page, 'admin');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/security/create');
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill(groupName);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(banner).toBeVisible();
    await expectAccessible(page, 'add a security group, offline');
    await page.getByRole('button', { name: 'Save' }).click();
    // A write that cannot wait on the phone says it was not kept (only the outbox's forms wait).
    await expect(
        page.getByRole('alert').filter({ hasText: "You are offline. This needs the server's answer at the time" }),
    ).toBeVisible();
    await expect(name).toHaveValue(groupName);
    await expect(page).toHaveURL(/\/dashboard\/security\/create$/);

    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Roles of this group' })).toBeVisible();
    await expect(page.getByText(groupName).first()).toBeVisible();
});

test('signing in offline says so and keeps what was typed', async ({ page, context }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill('admin');
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-pass-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
        'You are offline, so this was not sent. Try again when the connection is back.',
    );
    await expect(page.getByLabel('Username')).toHaveValue('admin');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectDashboard(page, /Welcome, /);
});
