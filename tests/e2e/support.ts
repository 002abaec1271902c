import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from './test';
import { API_BASE } from '../../contract';
import { login } from '../../contract/auth';
import { addGroupRole, createAdminGroup, listAdminRoles } from '../../contract/security';

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

/**
 * The portal's service worker is active and controls this page: the first page it installs from
 * is not controlled, a reload is. For a journey that allows workers (`serviceWorkers: 'allow'`).
 */
export const controlledByWorker = async (page: Page) => {
    await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
};

/** The page is no wider than the window: nothing to scroll sideways to (the phone screens' rule). */
export const expectNoSidewaysScroll = async (page: Page) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
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
    // "… is 123456": a loan reference such as LPP-000013 in the same text is no code.
    const text = data[0]?.text ?? '';
    const code = (text.match(/\bis (\d{6})\b/) ?? text.match(/\b(\d{6})\b/))?.[1];
    if (!code) throw new Error(`No code in the outbox for ${msisdn}`);
    return code;
};

/** Until every finite animation and transition (MUI's fades, slides and collapses) has ended; spinners loop forever. */
export const animationsEnded = (page: Page) =>
    page.waitForFunction(() =>
        document
            .getAnimations()
            .every(animation => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    );

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming
 * each rule and where it failed. Call it once a screen has settled (its heading or data shown).
 */
export const expectAccessible = async (page: Page, screen = page.url()) => {
    // A dialog fading in has half-transparent buttons, which axe measures as poor contrast.
    await animationsEnded(page);
    // axe.run in the page itself ("legacy mode"), not runPartial per frame with finishRun in a
    // blank page opened for it: the portal has no frames, so both find the same (on 37 screen
    // states compared: the same violations, passes, incomplete and inapplicable rules, node for
    // node), and this one takes a third to a half less time: axe was a quarter of the journeys' time.
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
    const grave = violations
        .filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
            violation =>
                // Each node with what axe found there ("insufficient color contrast of 3.1 (foreground
                // color: …, background color: …)"), so a failure says what the page showed.
                `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
                    .map(node => `${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ').trim() ?? ''})`)
                    .join(' | ')}`,
        );
    expect(grave, `accessibility of ${screen}`).toEqual([]);
};

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails if it never does. */
export const tabTo = async (page: Page, target: Locator, { max = 60, backwards = false } = {}) => {
    for (let presses = 0; presses < max; presses++) {
        if (await target.evaluate(element => element === document.activeElement).catch(() => false)) return;
        await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    }
    await expect(target).toBeFocused();
};

/** A bearer token of a demo account, for setting data up through the API rather than the screens. */
export const tokenOf = async (request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> => {
    const response = await request.post(`${API_BASE}${login.path}`, { data: { username, password } });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { user: { token: string } }).user.token;
};

/** A new security group holding these roles, made by the admin through the API; answers its id. */
export const groupWithRoles = async (request: APIRequestContext, name: string, codes: readonly string[]): Promise<number> => {
    const headers = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const created = await request.post(`${API_BASE}${createAdminGroup.path}`, {
        headers,
        data: { name, description: 'Made by a journey' },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as { id: number };
    const roles = await request.get(`${API_BASE}${listAdminRoles.path}?$limit=1000`, { headers });
    const { data } = (await roles.json()) as { data: { id: number; code: string }[] };
    for (const code of codes) {
        const role = data.find(row => row.code === code);
        const added = await request.post(`${API_BASE}${addGroupRole.path}`, {
            headers,
            data: { group_id: id, role_id: role?.id },
        });
        expect(added.ok()).toBe(true);
    }
    return id;
};
