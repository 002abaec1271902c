/**
 * The sign-in device cookie in a real browser (server/domain/auth/devices.ts): kept after a
 * sign-in, out of the page scripts' reach, and sent back with the sign-in calls only.
 */
import { expect, test } from './test';
import { expectDashboard, signIn } from './support';

test('a browser that signed in keeps its device cookie, HttpOnly, and sends it with the sign-in calls only', async ({
    page,
    context,
}) => {
    // Each call's headers are read as it goes; they arrive a little later than the call itself, so
    // every reading is awaited before the cookies are judged.
    const readings: Promise<[string, string | undefined]>[] = [];
    page.on('request', request => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/portal_api/')) {
            readings.push(request.allHeaders().then(headers => [`${request.method()} ${path}`, headers.cookie]));
        }
    });
    // A call of the portal's own after the sign-in, awaited, so there is one to judge.
    const portalCall = page.waitForRequest(request => {
        const path = new URL(request.url()).pathname;
        return path.startsWith('/portal_api/') && !path.startsWith('/portal_api/authentication');
    });

    await signIn(page, 'analyst');
    await expectDashboard(page, /Welcome, /);
    await portalCall;
    const cookies = Object.fromEntries(await Promise.all(readings));
    const devices = (await context.cookies()).filter(cookie => cookie.name.startsWith('pfp_device_'));
    expect(devices).toHaveLength(1);
    expect(devices[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/portal_api/authentication' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('pfp_device_');
    expect(cookies['POST /portal_api/authentication']).toBeUndefined();
    // The other calls of the portal never carry it: only the sign-in calls (/portal_api/authentication…).
    const elsewhere = Object.entries(cookies).filter(([call]) => !call.includes(' /portal_api/authentication'));
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(elsewhere.filter(([, cookie]) => cookie?.includes('pfp_device_'))).toEqual([]);

    await page.getByRole('button', { name: /profile/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const next = page.waitForRequest(
        request => request.method() === 'POST' && request.url().endsWith('/portal_api/authentication'),
    );
    await signIn(page, 'analyst');
    const headers = await (await next).allHeaders();
    expect(headers.cookie).toContain(`${devices[0]?.name}=${devices[0]?.value}`);
    await expectDashboard(page, /Welcome, /);
});
