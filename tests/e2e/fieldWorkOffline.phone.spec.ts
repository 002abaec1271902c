import { expect, test } from './test';
import { API_BASE } from '../../contract';
import { fieldAgentRequest } from '../../contract/customers';
import { animationsEnded, expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn, tokenOf } from './support';

/**
 * Field work on a weak connection (issue 24), at phone width: a field agent's request made offline
 * waits on the phone, shown as waiting to send, and is sent once the connection is back, exactly
 * once. (The reload offline is the service worker's journey: this one does not rely on it.)
 */
test('a field agent records a customer offline: kept, waiting to send, then sent once when back online', async ({
    page,
    context,
    request,
}) => {
    // A number no other run has used, so the server's count below is this journey's own.
    const msisdn = `2783${String(Date.now()).slice(-7)}`;
    await signIn(page, 'fieldagent');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/find/fieldagent/customer');
    const lookup = page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });
    await lookup.fill('27710000006');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sibusiso Mokoena', level: 1 })).toBeVisible();

    await page.goto('/dashboard/find/fieldagent/customer');
    await expect(page.getByRole('button', { name: 'Add a prospective customer' })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

    await page.getByRole('button', { name: 'Add a prospective customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a prospective customer' });
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(msisdn);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nandi');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Khumalo');
    await dialog.getByRole('textbox', { name: 'ID number' }).fill('9101010000088');
    await dialog.getByRole('textbox', { name: 'Town' }).fill('Soweto');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/kept on this phone, waiting to send/)).toBeVisible();
    await expect(dialog).toBeHidden();

    const waiting = page.getByRole('button', { name: '1 waiting to send' });
    // The top bar makes room for it at 360 px.
    await expectNoSidewaysScroll(page);
    await waiting.click();
    const list = page.getByRole('dialog', { name: 'Kept on this phone' });
    await expect(list.getByText(`Customer request: Nandi Khumalo · ${msisdn}`)).toBeVisible();
    await expect(list.getByText('Waiting to send')).toBeVisible();
    await animationsEnded(page);
    await expectAccessible(page, 'the outbox, offline');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    await context.setOffline(false);
    await expect(page.getByText(`Sent: Customer request: Nandi Khumalo · ${msisdn}`)).toBeVisible();
    await expect(page.getByRole('button', { name: '0 waiting to send' })).toBeVisible();

    const headers = { authorization: `Bearer ${await tokenOf(request, 'fieldagent')}` };
    const answer = await request.post(`${API_BASE}${fieldAgentRequest.path}`, { headers, data: { action: 'fetch' } });
    expect(answer.ok()).toBe(true);
    const { data } = (await answer.json()) as { data: { msisdn: string }[] };
    expect(data.filter(row => row.msisdn === msisdn)).toHaveLength(1);
});
