import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.SEED_PASSWORD ?? 'demo-pass-2026';

/** The demo accounts' phone numbers (README), for the operator sign-in and the SMS outbox. */
export const MSISDN = {
    admin: '27820000001',
    checker: '27820000003',
    secure: '27820000008',
} as const;

export const signIn = async (page: Page, username: string, password = DEMO_PASSWORD) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

export const expectDashboard = async (page: Page, name: RegExp | string) => {
    await expect(page).toHaveURL(/\/dashboard\/?$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
};

/** The latest code the server "sent" by SMS, read from the development outbox. */
export const latestOtp = async (request: APIRequestContext, msisdn: string): Promise<string> => {
    const response = await request.get(`/portal_api/dev/outbox?msisdn=${msisdn}&$limit=1`);
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as { data: { text: string }[] };
    const code = data[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code in the outbox for ${msisdn}`);
    return code;
};
