/** Users made for a journey and opened from the users list, shared by the administration and password journeys. */
import { expect, type Page } from './test';
import { API_BASE } from '../../contract';
import { listAdminGroups } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import { DEMO_PASSWORD, tokenOf } from './support';

/**
 * A user made through the API by the admin, in the Portal Staff group, never a demo account:
 * `username` and `msisdn` take a timestamp after their prefix. Answers the username and full name.
 */
export const newStaffUser = async (
    page: Page,
    {
        username: prefix,
        firstName,
        lastName,
        msisdnPrefix,
    }: { username: string; firstName: string; lastName: string; msisdnPrefix: string },
) => {
    const headers = { authorization: `Bearer ${await tokenOf(page.request, 'admin')}` };
    const groups = await page.request.get(`${API_BASE}${listAdminGroups.path}?name=Portal%20Staff`, { headers });
    const group = ((await groups.json()) as { data: { id: number; name: string }[] }).data.find(g => g.name === 'Portal Staff');
    const stamp = String(Date.now()).slice(-7);
    const username = `${prefix}${stamp}`;
    const created = await page.request.post(`${API_BASE}${createAdmin.path}`, {
        headers,
        data: {
            username,
            first_name: firstName,
            last_name: lastName,
            msisdn: `${msisdnPrefix}${stamp}`,
            group_id: group?.id,
            password: DEMO_PASSWORD,
        },
    });
    expect(created.ok(), await created.text()).toBe(true);
    return { username, name: `${firstName} ${lastName}` };
};

/** Finds a user by the list's search and opens their edit screen: the row's Edit link, or on a phone the row itself. */
export const openUser = async (page: Page, username: string, phone: boolean) => {
    await page.goto('/dashboard/users');
    await page.getByRole('textbox', { name: 'Search' }).fill(username);
    // The search reaches the address after a pause; opening a user before it does would be undone by it.
    await expect(page).toHaveURL(new RegExp(`filter=.*${username}`));
    const lastName = page.getByRole('textbox', { name: /Last name/ });
    // The list re-renders as the search applies: click again until the edit screen opens.
    await expect(async () => {
        const link = phone
            ? page.getByRole('link', { name: new RegExp(username) })
            : page.getByRole('row', { name: new RegExp(username) }).getByRole('link', { name: 'Edit' });
        await link.click({ timeout: 3000 });
        await expect(lastName).not.toHaveValue('', { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
};
