import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from './support';

test.describe('agent registration', () => {
    test('a new agent registers, and cannot sign in before approval', async ({ page }) => {
        const username = `agent${Date.now() % 1_000_000}`;
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
        await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible();
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
