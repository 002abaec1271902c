/**
 * The password reset journey, at desktop width (passwordReset.spec.ts) and at
 * phone width (passwordReset.phone.spec.ts): `admin` resets the password of a user made for the
 * journey, who is signed in elsewhere; their session ends at once, their old password no longer
 * signs in, and the temporary one, read from the dialog that shows it once, leads to "Choose a new
 * password" and nothing else until a new one is chosen; then the dashboard. The demo accounts stay
 * as seeded.
 */
import { expect, type Browser, type Page } from './test';
import { expectAccessible, expectDashboard, signIn } from './support';
import { newStaffUser, openUser } from './users';

export const passwordResetJourney = async (page: Page, browser: Browser, { phone }: { phone: boolean }) => {
    const user = await newStaffUser(page, {
        username: `forgetful${phone ? 'p' : 'd'}`,
        firstName: 'Naledi',
        lastName: `Reset ${phone ? 'p' : 'd'}`,
        msisdnPrefix: '2784',
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    // The user is signed in elsewhere.
    const elsewhere = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const theirPage = await elsewhere.newPage();
    await signIn(theirPage, user.username);
    await expect(theirPage).toHaveURL(/\/dashboard\/?$/);

    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await openUser(page, user.username, phone);

    // Asked first, saying the sessions end.
    await page.getByRole('button', { name: 'Reset password' }).click();
    const ask = page.getByRole('dialog', { name: `Reset the password of ${user.name}?` });
    await expect(ask).toContainText(`${user.name} is signed out on every device at once`);
    await expectAccessible(page, 'reset confirmation');
    await ask.getByRole('button', { name: 'Confirm' }).click();

    // The temporary password, once, with a copy button.
    const shown = page.getByRole('dialog', { name: `Temporary password for ${user.name}` });
    await expect(shown).toContainText('it will not be shown again');
    const field = shown.getByRole('textbox', { name: 'Temporary password' });
    await expect(field).not.toHaveValue('');
    const temporary = await field.inputValue();
    expect(temporary).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await expectAccessible(page, 'temporary password');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporary);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(temporary)).toHaveCount(0);

    // Their open session ended: their next step takes them back to sign-in, where the old password no longer works.
    await theirPage.goto('/dashboard/users');
    // A second browser loads the whole portal afresh here: on a loaded machine that alone passed 10 s.
    await expect(theirPage.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible({ timeout: 30_000 });
    await signIn(theirPage, user.username);
    await expect(theirPage.getByRole('alert')).toContainText('Wrong username or password.');

    // The temporary password opens "Choose a new password", and nothing else.
    await signIn(theirPage, user.username, temporary);
    await expect(theirPage).toHaveURL(/\/password$/);
    await expect(theirPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(theirPage.getByText(/An administrator reset your password/)).toBeVisible();
    await expectAccessible(theirPage, 'choose a new password');
    await theirPage.goto('/dashboard/users');
    await expect(theirPage).toHaveURL(/\/password$/);
    await expect(theirPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    // A new password like the temporary one is refused on the spot; a good one goes on to the dashboard.
    const current = theirPage.getByLabel(/^Current password/);
    const fresh = theirPage.getByLabel(/^New password/);
    const confirm = theirPage.getByLabel(/^Confirm the new password/);
    await current.fill(temporary);
    await fresh.fill(temporary);
    await confirm.fill(temporary);
    await theirPage.getByRole('button', { name: 'Change password' }).click();
    await expect(theirPage.getByText('The new password must differ from the current one')).toBeVisible();
    await fresh.fill('naledi-chose-this-one');
    await confirm.fill('naledi-chose-this-one');
    await theirPage.getByRole('button', { name: 'Change password' }).click();
    await expectDashboard(theirPage, `Welcome, ${user.name}`);
    await expect(theirPage.getByText('Your password is changed')).toBeVisible();
    await expectAccessible(theirPage, 'dashboard after the change');
    await elsewhere.close();
};
