/**
 * The sale wizard resumes and stays usable, walked in Chromium at a given size:
 * on every step nothing is hidden under the sticky bar of actions (each control scrolled into view
 * as the keyboard's focus would, then hit-tested at its centre); a reload on the phone step keeps
 * the IMEI typed (and the store chosen, for a seller without a shop); a reload on the codes keeps what the server says was sent (where to, until when);
 * and the phone list asks for no picture that is not there (no 404). With `continueFromView`, a
 * sale whose kept draft was lost is continued from the customer view.
 */
import { expect, type APIRequestContext, type Page } from './test';
import {
    acceptTerms,
    chooseCustomer,
    confirmIdentity,
    expectSold,
    freshPaymentReference,
    freshPerson,
    OPPO,
    payDeposit,
    sendDocuments,
    stockPhone,
    verifyCodes,
} from './sale';
import { expectAccessible, expectDashboard, signIn } from './support';

/**
 * Every control of the step on screen (outside its bar of actions), scrolled into view the nearest
 * way, is the element found at its centre: nothing lies over it. Answers those that are covered,
 * with what covers them. Each is hit-tested once the page is still: a scroll can start a transition
 * (the top bar sliding back, a field's label and underline after a change of focus), and a control
 * is covered by what stays over it, not by what passes over it, and where it rests, not where a
 * render moved it from.
 */
const coveredControls = (page: Page) =>
    page.evaluate(async () => {
        /** Until no finite animation or transition runs (a spinner's endless one is not waited for). */
        const still = async () => {
            for (;;) {
                await new Promise(resolve => requestAnimationFrame(resolve));
                const moving = document
                    .getAnimations()
                    .some(
                        animation => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
                    );
                if (!moving) return;
            }
        };
        const bar = document.querySelector('[data-step-actions]');
        const step = bar?.closest('[tabindex="-1"]');
        if (!bar || !step) return ['no step with its bar of actions on screen'];
        const describe = (element: Element) =>
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(
                element.getAttribute('aria-label') ??
                (element as HTMLElement).innerText ??
                ''
            ).slice(0, 40)}"`;
        const controls = [
            ...step.querySelectorAll('input:not([type="hidden"]), textarea, button, [role="combobox"], a[href]'),
        ].filter(control => {
            // A select's native input lies under it, hidden from everyone: the select is what is used.
            if (bar.contains(control) || control.getAttribute('aria-hidden') === 'true') return false;
            const box = control.getBoundingClientRect();
            return box.width > 1 && box.height > 1 && getComputedStyle(control).visibility !== 'hidden';
        });
        const covered: string[] = [];
        /** Where the control is, to the pixel. */
        const placeOf = (control: Element) => {
            const { top, left, width, height } = control.getBoundingClientRect();
            return `${Math.round(top)},${Math.round(left)},${Math.round(width)},${Math.round(height)}`;
        };
        for (const control of controls) {
            // Scrolled into view until it stays where it is: a render above it (the quote's status
            // once it answers) can move it after the scroll, and a control is judged where it rests.
            for (let tries = 0; tries < 20; tries += 1) {
                control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
                await still();
                const place = placeOf(control);
                await new Promise(resolve => setTimeout(resolve, 50));
                await still();
                if (placeOf(control) === place) break;
            }
            const box = control.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (!hit || !(hit === control || control.contains(hit) || hit.contains(control))) {
                covered.push(`${describe(control)} under ${hit ? describe(hit) : 'nothing (off screen)'}`);
            }
        }
        return covered;
    });

const expectNothingCovered = async (page: Page, step: string) => {
    // The bar's height, once the step has settled, is what the page keeps clear below.
    await expect(page.locator('[data-step-actions]')).toBeVisible();
    expect(await coveredControls(page), `covered on the ${step} step`).toEqual([]);
};

export const walkSale = async (
    page: Page,
    request: APIRequestContext,
    seller: {
        username: string;
        msisdn: string;
        path: string;
        store?: string;
        codes: 'one_by_one' | 'both';
        continueFromView?: boolean;
    },
) => {
    const notFound: string[] = [];
    page.on('response', response => {
        if (response.status() === 404) notFound.push(response.url());
    });
    const pictures: number[] = [];
    page.on('response', response => {
        if (new URL(response.url()).pathname.startsWith('/phones/')) pictures.push(response.status());
    });
    const person = freshPerson('Resume');
    const imei = await stockPhone(request);
    await signIn(page, seller.username);
    await expectDashboard(page, /Welcome, /);
    await page.goto(seller.path);

    await expect(page.getByRole('heading', { name: 'Who is buying?' })).toBeVisible();
    await expectNothingCovered(page, 'customer');
    await chooseCustomer(page, person, 'Normal customer');
    await expect(page.getByRole('heading', { name: 'Identity documents' })).toBeVisible();
    await expectNothingCovered(page, 'documents');
    await sendDocuments(page, person);
    await expect(page.getByRole('heading', { name: 'The customer’s identity' })).toBeVisible();
    await expectNothingCovered(page, 'identity');
    await confirmIdentity(page, person);

    // The phone step: every picture the list shows is there (no 404); the IMEI typed survives a reload.
    await expect(page.getByRole('heading', { name: 'Choose the phone' })).toBeVisible({ timeout: 20_000 });
    const chooseStore = async () => {
        if (!seller.store) return;
        await page.getByRole('combobox', { name: /Store the phone comes from/ }).click();
        await page.getByRole('option', { name: seller.store }).click();
    };
    await chooseStore();
    await page.getByRole('radio', { name: OPPO.name }).check();
    await page.getByRole('textbox', { name: /IMEI of the phone/ }).fill(imei);
    await expect(page.locator('img[src^="/phones/"]').first()).toBeVisible();
    await expect
        .poll(() => page.evaluate(() => [...document.images].every(image => image.complete && image.naturalWidth > 0)))
        .toBe(true);
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.every(status => status === 200 || status === 304)).toBe(true);
    expect(notFound).toEqual([]);
    await expectNothingCovered(page, 'phone');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Choose the phone' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('textbox', { name: /IMEI of the phone/ })).toHaveValue(imei);
    await expect(page.getByRole('radio', { name: OPPO.name })).toBeChecked();
    // A seller without a shop: the store they chose is kept too.
    if (seller.store) {
        await expect(page.getByRole('combobox', { name: /Store the phone comes from/ })).toContainText(seller.store);
    }
    await page.getByRole('button', { name: 'Check phone' }).click();

    await expect(page.getByRole('heading', { name: 'Terms and codes' })).toBeVisible();
    // The terms are judged once the quote has arrived: while it loads, the step is shorter and the
    // page still holds the previous step's scroll (CI saw "Get a new quote" under the bar then).
    await expect(page.getByText(/^Quote valid until /)).toBeVisible();
    await expectNothingCovered(page, 'terms');
    await acceptTerms(page);

    // Both codes sent; a reload shows them sent still, to the same phones, until the same time.
    const sent = page.getByText(/^Sent to •••\d{3}; works until /);
    await expect(sent).toHaveCount(2);
    const before = await sent.allTextContents();
    await expectNothingCovered(page, 'codes');
    await page.reload();
    await expect(page.getByText(/The phone is reserved/)).toBeVisible({ timeout: 20_000 });
    await expect(sent).toHaveCount(2);
    expect(await sent.allTextContents()).toEqual(before);
    await expect(page.getByText('Not sent yet.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Resend .+ in \d+ s$/ })).toHaveCount(2);
    await expectNothingCovered(page, 'codes, reloaded');
    if (seller.continueFromView) {
        // The wizard's kept sale is lost (another browser, storage cleared): the customer view
        // offers "Continue sale", which resumes from what the server knows, codes sent and all.
        await page.evaluate(() => {
            for (const key of Object.keys(localStorage)) {
                if (/(loan-step|loan-sale|loan-device|selected-phone)$/.test(key)) localStorage.removeItem(key);
            }
        });
        await page.goto('/dashboard/customers/find');
        await page.getByRole('textbox', { name: /^Phone number/ }).fill(person.msisdn);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/dashboard\/customers\/view\?customer=/);
        const loans = page.getByRole('region', { name: 'Loans' });
        await expect(loans.getByText(/held for this sale until/)).toBeVisible();
        await expect(loans.getByText('Balance', { exact: true })).toHaveCount(0);
        await expectAccessible(page, 'customer view, a sale in progress');
        await loans.getByRole('button', { name: 'Continue sale' }).click();
        await expect(page).toHaveURL(/\/dashboard\/customers\/add-loan$/);
        await expect(page.getByText('This sale was in progress: it carries on where it stands.')).toBeVisible({
            timeout: 20_000,
        });
        await expect(sent).toHaveCount(2);
        expect(await sent.allTextContents()).toEqual(before);
    }
    await verifyCodes(page, request, person, seller.msisdn, seller.codes);

    await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible({ timeout: 20_000 });
    await expectNothingCovered(page, 'deposit');
    await payDeposit(page, freshPaymentReference());
    await expectSold(page);
    expect(notFound).toEqual([]);
};
