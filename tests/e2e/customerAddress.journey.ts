/**
 * The customer view's address and the KYC documents that enlarge, as journeys both widths run
 * (customerAddress.spec.ts, customerAddress.phone.spec.ts), against the seeded demo customers
 * (README.md, "Demo customers").
 */
import { expect, type Browser, type Page } from './test';
import { expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn } from './support';

const ZANELE = { msisdn: '27710000001', name: 'Zanele Dube' };
/** A Durban customer: no one of Soweto Central sees him. */
const MANDLA = { msisdn: '27710000004', name: 'Mandla Zulu' };

/** The staff view's address: its customer by public id, nothing else. */
const ADDRESS = /\/dashboard\/customers\/view\?customer=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const customerHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** Finds a customer on the staff lookup and answers the view's address, checked to name no phone or id number. */
const findAndCopyAddress = async (page: Page, msisdn: string, name: string) => {
    await page.goto('/dashboard/customers/find');
    await page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }).fill(msisdn);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(customerHeading(page, name)).toBeVisible();
    await expect(page).toHaveURL(ADDRESS);
    const address = page.url();
    expect(address).not.toContain(msisdn);
    const idNumber = await page
        .getByRole('region', { name: 'Identity' })
        .getByText(/^National ID /)
        .textContent();
    expect(idNumber?.replace('National ID ', '')).toMatch(/^\w{6,}$/);
    expect(address).not.toContain(idNumber?.replace('National ID ', '') ?? '-');
    return address;
};

const signOut = async (page: Page) => {
    await page.getByRole('button', { name: /profile/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
};

export const addressJourney = async (page: Page) => {
    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    const zanele = await findAndCopyAddress(page, ZANELE.msisdn, ZANELE.name);
    await expectAccessible(page, 'customer view by its address');
    await expectNoSidewaysScroll(page);

    // Signed out and in again: the address opens the same customer.
    await signOut(page);
    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    await page.goto(zanele);
    await expect(customerHeading(page, ZANELE.name)).toBeVisible();
    await expect(page).toHaveURL(zanele);

    // The bare address falls back to the customer in hand, and takes their address (replacing it).
    await page.goto('/dashboard/customers/view');
    await expect(customerHeading(page, ZANELE.name)).toBeVisible();
    await expect(page).toHaveURL(zanele);
};

export const twoCustomersJourney = async (page: Page) => {
    // Staff without a shop see both customers.
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    const zanele = await findAndCopyAddress(page, ZANELE.msisdn, ZANELE.name);
    const mandla = await findAndCopyAddress(page, MANDLA.msisdn, MANDLA.name);
    expect(mandla).not.toBe(zanele);
    // Each address shows its own customer whatever the customer in hand (one tab at a time: the tab lock).
    for (const [address, name] of [
        [zanele, ZANELE.name],
        [mandla, MANDLA.name],
        [zanele, ZANELE.name],
    ] as const) {
        await page.goto(address);
        await expect(customerHeading(page, name)).toBeVisible();
        await page.reload();
        await expect(customerHeading(page, name)).toBeVisible();
    }
    await signOut(page);

    // Another shop's customer: the lookup's own "Customer record not found", as for an unknown id.
    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    await page.goto(mandla);
    await expect(page.getByRole('heading', { name: 'Customer record not found', level: 1 })).toBeVisible();
    await expect(customerHeading(page, MANDLA.name)).toHaveCount(0);
    await expectAccessible(page, 'customer view, an address naming nobody this user sees');
    await expectNoSidewaysScroll(page);
    await page.goto(mandla.replace(/customer=[0-9a-f-]+/, 'customer=00000000-0000-4000-8000-000000000000'));
    await expect(page.getByRole('heading', { name: 'Customer record not found', level: 1 })).toBeVisible();
};

/**
 * Two tabs, two customers. The single-tab lock lets one tab work at a time, so the second shows
 * "Page blocked" until it takes over ("Use here"); each then shows the customer of its own
 * address, not whoever the other tab left in hand.
 */
export const twoTabsJourney = async (browser: Browser, viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport });
    const first = await context.newPage();
    await signIn(first, 'maker');
    await expectDashboard(first, /Welcome, /);
    const mandla = await findAndCopyAddress(first, MANDLA.msisdn, MANDLA.name);
    const zanele = await findAndCopyAddress(first, ZANELE.msisdn, ZANELE.name);

    const second = await context.newPage();
    await second.goto(mandla);
    await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
    await second.getByRole('button', { name: 'Use here' }).click();
    await expect(customerHeading(second, MANDLA.name)).toBeVisible();
    await expect(first.getByRole('heading', { name: 'Page blocked' })).toBeVisible();

    // Back in the first tab: its own customer, though the second left Mandla in hand.
    await first.getByRole('button', { name: 'Use here' }).click();
    await expect(customerHeading(first, ZANELE.name)).toBeVisible();
    await expect(first).toHaveURL(zanele);
    await expect(second.getByRole('heading', { name: 'Page blocked' })).toBeVisible();
    await second.getByRole('button', { name: 'Use here' }).click();
    await expect(customerHeading(second, MANDLA.name)).toBeVisible();
    await expect(second).toHaveURL(mandla);
    await context.close();
};

export const thumbnailJourney = async (page: Page) => {
    await signIn(page, 'checker');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/customers/ocr');
    await page
        .getByRole('link', { name: /Review|Open/ })
        .first()
        .click();
    await expect(page.getByText('Verified with the identity register')).toBeVisible({ timeout: 20_000 });
    const thumbnail = page.getByRole('button', { name: 'Open ID front in full size' });
    await expect(thumbnail).toBeVisible();

    // By keyboard: the thumbnail takes the focus and Enter opens it.
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ID front' });
    await expect(dialog).toBeVisible();
    const picture = dialog.getByRole('img', { name: 'ID front' });
    await expect(picture).toBeVisible();
    // The dialog fits the screen, and the picture fits the dialog until zoomed.
    const screen = page.viewportSize() ?? { width: 0, height: 0 };
    const box = await dialog.boundingBox();
    expect(box && box.width <= screen.width && box.height <= screen.height).toBe(true);
    await expectAccessible(page, 'KYC document, full size');
    const fitted = (await picture.boundingBox())?.width ?? 0;
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await picture.boundingBox())?.width ?? 0).toBeGreaterThan(fitted);
    // Pinch-zoom is left to the browser ("pan-x pan-y pinch-zoom" computes as "manipulation").
    const touchAction = await dialog
        .getByRole('region', { name: 'ID front' })
        .evaluate(node => getComputedStyle(node).touchAction);
    expect(touchAction).toMatch(/^(auto|manipulation|.*pinch-zoom.*)$/);
    await dialog.getByRole('button', { name: 'Fit to screen' }).click();
    await expect.poll(async () => Math.round((await picture.boundingBox())?.width ?? 0)).toBe(Math.round(fitted));

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();

    // Space opens it too, and its close button closes it.
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(thumbnail).toBeFocused();
};
