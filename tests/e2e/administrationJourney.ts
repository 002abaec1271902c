/**
 * The administration journey, run at desktop width
 * (administration.spec.ts) and at phone width (administration.phone.spec.ts): `admin` changes
 * the last name of a user made for the journey, disables them, which sends their open session
 * back to sign-in, and then finds both changes in the audit trail. The demo accounts stay as
 * seeded: later journeys find them by name.
 */
import { expect, type Browser, type Page } from './test';
import { expectAccessible, signIn } from './support';
import { newStaffUser, openUser } from './users';

export const administrationJourney = async (
    page: Page,
    browser: Browser,
    { phone, lastName }: { phone: boolean; lastName: string },
) => {
    const leaver = await newStaffUser(page, {
        username: `leaver${phone ? 'p' : 'd'}`,
        firstName: 'Lerato',
        lastName: `Leaver ${phone ? 'p' : 'd'}`,
        msisdnPrefix: '2783',
    });

    // The user to be disabled is signed in elsewhere.
    const elsewhere = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const theirPage = await elsewhere.newPage();
    await signIn(theirPage, leaver.username);
    await expect(theirPage).toHaveURL(/\/dashboard\/?$/);

    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard\/?$/);

    // Their last name.
    await openUser(page, leaver.username, phone);
    await expectAccessible(page, 'user edit');
    await page.getByRole('textbox', { name: /Last name/ }).fill(lastName);
    await page.getByRole('button', { name: 'Save' }).click();
    // Back on the list, which soon puts its kept search (the leaver's name) back in the address.
    await expect(page).toHaveURL(/\/dashboard\/users(\?|$)/);
    const renamed = `Lerato ${lastName}`;
    await expect(page.getByText(renamed).first()).toBeVisible();

    // Disabling the leaver asks first, then says what happened.
    await openUser(page, leaver.username, phone);
    await page.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`${renamed} will be signed out everywhere at once`);
    await expectAccessible(page, 'disable confirmation');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`${renamed} is disabled; their sessions have ended`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();

    // Their open session ends: their next step (opening a list) takes them back to sign-in.
    await theirPage.goto('/dashboard/users');
    // A second browser loads the whole portal afresh here: on a loaded machine that alone passed 10 s.
    await expect(theirPage.getByRole('heading', { name: 'Sign in to the staff portal' })).toBeVisible({ timeout: 30_000 });
    await elsewhere.close();

    // Both changes are in the audit trail, newest first, each opening to what changed.
    await page.goto('/dashboard/audit');
    const disabled = page.getByRole('row', { name: /admins\.disable/ }).first();
    await expect(disabled).toBeVisible();
    const updated = page.getByRole('row', { name: /admins\.update/ }).first();
    await expect(updated).toBeVisible();
    // Said in words, with the code beneath.
    await expect(updated).toContainText('Changed user ');
    await expect(disabled).toContainText('Disabled user ');
    await updated.getByText(/^Changed user /).click();
    const changes = page.getByRole('table', { name: 'What changed' });
    await expect(changes).toContainText('last_name');
    await expect(changes).toContainText(lastName);
    await expectAccessible(page, 'audit trail');
};
