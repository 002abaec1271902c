/**
 * The API's reference page (server/apiDocs.ts) as a backend developer opens it: under the portal's
 * Content-Security-Policy (a refused script or style is a console error here), every domain of the
 * published document listed, one call opened by its address, and no accessibility fault.
 */
import { expect, test } from './test';
import { expectAccessible } from './support';

test('the API reference at /portal_api/docs renders the published document under the portal’s policy, with no accessibility fault', async ({
    page,
}) => {
    const problems: string[] = [];
    page.on('console', message => {
        if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', error => problems.push(String(error)));
    const answer = await page.goto('/portal_api/docs');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { name: /portal_api/ }).first()).toBeVisible();
    // The first domains are listed; the page draws the rest as they scroll into view.
    await expect(page.getByRole('heading', { name: /^auth/ })).toBeVisible();
    // One call found as a reader finds it: its domain by the filter, then the call opened.
    await page.getByPlaceholder('Filter by tag').fill('users');
    await expect(page.getByRole('heading', { name: /^auth/ })).toBeHidden();
    await page.getByRole('button', { name: /^GET \/prerequisites\/admins List/ }).click();
    const listAdmins = page.locator('#operations-users-listAdmins');
    await expect(listAdmins.getByText('Needs the role VIEW_USERS.')).toBeVisible();
    await expect(listAdmins.getByRole('heading', { name: 'Parameters' })).toBeVisible();
    await expectAccessible(page, 'the API reference');
    expect(problems).toEqual([]);
});
