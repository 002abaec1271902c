import { expect, test } from './test';
import { API_BASE } from '../../contract';
import { fieldAgentRequest } from '../../contract/customers';
import {
    animationsEnded,
    controlledByWorker,
    expectAccessible,
    expectDashboard,
    expectNoSidewaysScroll,
    signIn,
    tokenOf,
} from './support';

// The portal's own service worker, which journeys otherwise block: this one reloads offline. In
// the machine's own time zone, not the project's emulated one: a page the worker answers can run
// before Playwright has applied the emulation, and the time zone is one of the traits the secure
// storage's keys come from (installable.spec.ts says what that did there).
test.use({ serviceWorkers: 'allow', timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });

/** DevTools' "Fast 3G": 150 ms latency, about 1.4 Mbit/s down and 0.7 up. */
const FAST_3G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

/**
 * Field work on a weak connection, at phone width: on a throttled network a field agent opens a
 * customer; offline, a reload still shows the portal and that customer, kept on the phone; a
 * request made offline waits on the phone, shown as waiting to send, and is sent once the
 * connection is back, exactly once.
 */
test('a field agent on a weak connection: offline, a reload keeps the customer; a request made offline is sent once when back online', async ({
    page,
    context,
    request,
}) => {
    // The worker precaches the portal, and every answer crawls over the throttled network.
    test.slow();
    // A number no other run has used, so the server's count below is this journey's own.
    const msisdn = `2783${String(Date.now()).slice(-7)}`;
    await signIn(page, 'fieldagent');
    await expectDashboard(page, /Welcome, /);
    await controlledByWorker(page);
    await expectDashboard(page, /Welcome, /);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...FAST_3G });
    await page.goto('/dashboard/find/fieldagent/customer');
    const lookup = page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });
    await lookup.fill('27710000006');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sibusiso Mokoena', level: 1 })).toBeVisible();

    // Then no network at all, and a reload. The page's own emulation, one switch for going offline
    // and back: it keeps `navigator.onLine` false across the reload (the context's setOffline does
    // not), and back online the page hears it once, when requests go through again.
    const unthrottled = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
    await cdp.send('Network.emulateNetworkConditions', { offline: true, ...unthrottled });
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sibusiso Mokoena', level: 1 })).toBeVisible();
    await expect(page.getByTestId('kept-from-before')).toContainText('kept on this phone from before');
    await expectNoSidewaysScroll(page);

    // Offline, the worker opens the lookup too.
    await page.goto('/dashboard/find/fieldagent/customer');
    await expect(page.getByRole('button', { name: 'Add a prospective customer' })).toBeVisible();
    await expect(banner).toBeVisible();

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

    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...unthrottled });
    await expect(page.getByText(`Sent: Customer request: Nandi Khumalo · ${msisdn}`)).toBeVisible();
    await expect(page.getByRole('button', { name: '0 waiting to send' })).toBeVisible();

    const headers = { authorization: `Bearer ${await tokenOf(request, 'fieldagent')}` };
    const answer = await request.post(`${API_BASE}${fieldAgentRequest.path}`, { headers, data: { action: 'fetch' } });
    expect(answer.ok()).toBe(true);
    const { data } = (await answer.json()) as { data: { msisdn: string }[] };
    expect(data.filter(row => row.msisdn === msisdn)).toHaveLength(1);
});
