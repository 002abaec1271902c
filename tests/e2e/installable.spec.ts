/**
 * The installable portal (vite.config.ts `installable`): Chromium finds it installable once its
 * service worker controls the page; a repeat visit takes every script and style from the worker;
 * and, signed in, a reload offline opens the shell with the offline banner, not the browser's
 * error page, with the dashboard's numbers saying they load once the connection is back.
 */
import { expect, test } from './test';
import { controlledByWorker, expectAccessible, expectDashboard, signIn } from './support';

test('installs, opens offline with the shell and the banner, and a repeat visit loads no script or style from the network', async ({
    playwright,
    launchOptions,
    baseURL,
}, testInfo) => {
    // Several page loads and one axe scan, while the worker precaches the portal on a shared machine.
    test.slow();
    // A profile of its own on disk: Playwright's usual contexts are off the record, where Chromium
    // never offers to install anything ('in-incognito'), whatever the portal does.
    // With the browser's own user agent and time zone, as an installed portal has: the project's
    // (a Windows UA, Johannesburg) are emulated page by page, and once in about forty runs a page of
    // this journey ran before Playwright had applied them. The secure storage's keys come from
    // those traits (src/lib/fingerprint.ts), so that page read the stored session as another
    // device's and forgot it: the repeat visit opened on the sign-in page. (`undefined`, present,
    // is what keeps the runner from filling in the project's value.)
    const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
        ...launchOptions,
        baseURL,
        userAgent: undefined,
        timezoneId: undefined,
        serviceWorkers: 'allow',
        locale: 'en-GB',
        viewport: { width: 1280, height: 800 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'admin');
    await expectDashboard(page, /Welcome, /);
    await controlledByWorker(page);
    // The reload the worker answered keeps the session; and the portal has started before the tab leaves.
    await expectDashboard(page, /Welcome, /);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);

    // A repeat visit: the tab leaves the portal (so the single-tab lock is let go) and comes back;
    // every script and style is answered by the worker's precache.
    await page.goto('about:blank');
    const fromNetwork: string[] = [];
    page.on('response', response => {
        const kind = response.request().resourceType();
        if ((kind === 'script' || kind === 'stylesheet') && !response.fromServiceWorker()) fromNetwork.push(response.url());
    });
    await page.goto('/dashboard');
    await expectDashboard(page, /Welcome, /);
    await expect(page.getByText('Loans originated').first()).toBeVisible();
    expect(fromNetwork).toEqual([]);

    // Offline, a reload opens the shell from the worker, with the banner and words for what waits on
    // the server. The context is offline for the worker too; the page's own emulation is what keeps
    // `navigator.onLine` false across the reload in this persistent profile (setOffline alone
    // leaves it true there, while every request fails).
    const emulate = (offline: boolean) =>
        cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await context.setOffline(true);
    await emulate(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toHaveText(
        'You are offline. What you type stays here; nothing is sent until the connection is back.',
    );
    await expect(page.getByRole('heading', { name: /Welcome, / })).toBeVisible();
    await expect(page.getByText(/^You are offline, so this could not be loaded\. It loads by itself/).first()).toBeVisible();
    await expectAccessible(page, 'the dashboard reloaded offline');

    // Back online, the banner goes. (That the numbers then load by themselves is the unit tests'
    // (installable.test.tsx): here the two emulations come back one after the other, and the
    // page may hear it is online while the other still holds requests.)
    await context.setOffline(false);
    await emulate(false);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await context.close();
});
