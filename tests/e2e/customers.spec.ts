/**
 * The customer journeys at desktop width, against the seeded demo customers (README.md,
 * "Demo customers"): find by phone, the customer 360 kept across a reload, the requests a maker
 * raises, an offline PIN that works once, a lock shown requested until the provider confirms.
 */
import { expect, test, type Page } from './test';
import { API_BASE } from '../../contract';
import { devPhoneOfflineUnlock } from '../../contract/dev';
import { expectAccessible, expectDashboard, signIn } from './support';

/** Demo customers (server/seed/customers.ts). */
const ZANELE = { msisdn: '27710000001', name: 'Zanele Dube', loan: 'LPP-000001' };
// Locked for arrears as Themba Nkosi's is; the offline PIN unlocks Sipho's, so the lending journey
// (lending.spec.ts) finds Themba's phone still locked whichever runs first.
const SIPHO = { msisdn: '27710000014', name: 'Sipho Mahlangu', challenge: '73920514', imei: '354678110000143' };
const MANDLA = { msisdn: '27710000004', name: 'Mandla Zulu' };
const LINDIWE = { msisdn: '27710000007', name: 'Lindiwe Ndlovu' };

const lookup = (page: Page) => page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });

const find = async (page: Page, path: string, typed: string) => {
    await page.goto(path);
    await lookup(page).fill(typed);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
};

const customerHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

test.describe('customers', () => {
    // Each journey checks several screens with axe, a few seconds each on a busy machine.
    test.describe.configure({ timeout: 90_000 });

    test('an agent finds a customer by phone, sees loans and messages, and still sees them after a reload', async ({ page }) => {
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Find customer' }).click();
        await expect(page).toHaveURL(/\/dashboard\/customers\/find$/);
        await expect(lookup(page)).toBeFocused();
        await expectAccessible(page, 'find customer');

        // By keyboard: the field has the focus, Enter finds.
        await page.keyboard.type('12345');
        await page.keyboard.press('Enter');
        await expect(page.getByText('valid phone number required')).toBeVisible();
        await expectAccessible(page, 'find customer, a wrong number');
        await lookup(page).fill('27719999999');
        await page.keyboard.press('Enter');
        // Not found, with the way forward the agent's roles allow.
        const notFound = page.getByRole('alert');
        await expect(notFound).toContainText('Customer record not found');
        await expect(notFound.getByRole('link', { name: 'Start a sale for this number' })).toBeVisible();

        await lookup(page).fill(ZANELE.msisdn);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/dashboard\/customers\/view\?customer=[0-9a-f-]{36}$/);
        await expect(customerHeading(page, ZANELE.name)).toBeVisible();
        const loans = page.getByRole('region', { name: 'Loans' });
        await expect(loans.getByText(ZANELE.loan)).toBeVisible();
        await expect(loans.getByText('Active', { exact: true })).toBeVisible();
        await expect(loans.getByText(/^ZAR\s[\d,]+\.\d\d$/).first()).toBeVisible();
        // What to tell the customer: the standing in words, from the server's schedule.
        await expect(loans.getByTestId('loan-standing')).toContainText(/ZAR\s[\d,]+\.\d\d.* due /);
        const messages = page.getByRole('region', { name: 'Messages' });
        await expect(messages.getByRole('listitem').first()).toBeVisible();
        const firstMessage = await messages.getByRole('listitem').first().textContent();
        await expectAccessible(page, 'customer view');

        await loans.getByRole('button', { name: 'Schedule, statement and insurance' }).click();
        await expect(loans.getByRole('heading', { name: 'Statement', exact: true })).toBeVisible();
        await expect(loans.getByRole('table', { name: 'Statement' })).toBeVisible();
        // The schedule beside the statement: a table, or a card per instalment on a phone.
        const schedule = loans.getByRole('region', { name: 'Schedule' });
        await expect(schedule.getByText('Paid', { exact: true }).first()).toBeVisible();
        await expectAccessible(page, 'customer view, schedule, statement and insurance');

        await page.reload();
        await expect(customerHeading(page, ZANELE.name)).toBeVisible();
        await expect(page.getByRole('region', { name: 'Loans' }).getByText(ZANELE.loan)).toBeVisible();
        await expect(page.getByRole('region', { name: 'Messages' }).getByRole('listitem').first()).toHaveText(firstMessage ?? '');

        await page.getByRole('button', { name: 'Clear customer' }).click();
        await expect(page).toHaveURL(/\/dashboard\/customers\/find$/);
        await page.goto('/dashboard/customers/view');
        await expect(page.getByRole('heading', { name: 'No customer selected' })).toBeVisible();
        await expectAccessible(page, 'customer view, nobody in hand');
    });

    test('a maker raises a deregistration request that then shows pending, and no request it would close is offered', async ({
        page,
    }) => {
        await signIn(page, 'maker');
        await expectDashboard(page, /Welcome, /);
        await find(page, '/dashboard/customers/find', ZANELE.msisdn);
        const loans = page.getByRole('region', { name: 'Loans' });
        await expect(loans.getByText(ZANELE.loan)).toBeVisible();

        await loans.getByRole('button', { name: 'Request deregistration' }).click();
        const dialog = page.getByRole('dialog', { name: 'Request deregistration?' });
        await expect(dialog).toBeVisible();
        await expectAccessible(page, 'request deregistration');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expect(dialog.getByText('Must be 3 characters at least')).toBeVisible();
        await dialog.getByRole('textbox', { name: 'Reason' }).fill('The customer returned the phone');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByText('Deregistration requested: it waits for a checker.')).toBeVisible();
        await expect(dialog).toBeHidden();
        await expect(loans.getByText('Deregistration: pending approval')).toBeVisible();

        // A second one, an IMEI change or a transfer would wait behind it for nothing: each is disabled, saying what waits.
        for (const name of ['Request deregistration', 'Request IMEI change', 'Transfer ownership']) {
            const button = loans.getByRole('button', { name });
            await expect(button).toBeDisabled();
            await expect(button).toHaveAccessibleDescription(/^Waiting for a checker: Deregistration \(#\d+\)$/);
        }
        await expectAccessible(page, 'customer view, a deregistration waiting');
    });

    test('an offline PIN is issued once for the challenge the phone shows, and unlocks the phone once', async ({
        page,
        request,
    }) => {
        await signIn(page, 'maker');
        await expectDashboard(page, /Welcome, /);
        await find(page, '/dashboard/customers/find', SIPHO.msisdn);
        const loans = page.getByRole('region', { name: 'Loans' });
        await expect(loans.getByText('Locked', { exact: true })).toBeVisible();

        await loans.getByRole('button', { name: 'Offline unlock PIN' }).click();
        const dialog = page.getByRole('dialog', { name: 'Issue an offline unlock PIN?' });
        await dialog.getByRole('textbox', { name: 'Code the phone shows' }).fill('11112222');
        await dialog.getByRole('button', { name: 'Issue PIN' }).click();
        await expect(dialog.getByRole('alert')).toHaveText('This is not the code the phone shows. Check it with the customer.');
        await dialog.getByRole('textbox', { name: 'Code the phone shows' }).fill(SIPHO.challenge);
        await dialog.getByRole('button', { name: 'Issue PIN' }).click();
        await expect(dialog.getByTestId('offline-pin')).toHaveText(/^\d{8}$/);
        const pin = (await dialog.getByTestId('offline-pin').textContent()) ?? '';
        await expectAccessible(page, 'offline PIN issued');
        await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog).toBeHidden();

        await loans.getByRole('button', { name: 'Offline unlock PIN' }).click();
        await dialog.getByRole('textbox', { name: 'Code the phone shows' }).fill(SIPHO.challenge);
        await dialog.getByRole('button', { name: 'Issue PIN' }).click();
        await expect(dialog.getByRole('alert')).toHaveText(
            'A PIN was already issued for this challenge. Ask the customer for the new code on the phone.',
        );
        await expect(dialog.getByTestId('offline-pin')).toHaveCount(0);

        // The customer types it on the phone (the development stand-in of the lock provider's app): once only.
        const typed = async () => {
            const answer = await request.post(`${API_BASE}${devPhoneOfflineUnlock.path}`, { data: { imei: SIPHO.imei, pin } });
            expect(answer.ok()).toBe(true);
            return ((await answer.json()) as { outcome: string }).outcome;
        };
        expect(await typed()).toBe('unlocked');
        expect(await typed()).not.toBe('unlocked');
    });

    test('a lock shows as requested until the lock provider confirms it', async ({ page }) => {
        await signIn(page, 'maker');
        await expectDashboard(page, /Welcome, /);
        await find(page, '/dashboard/customers/find', MANDLA.msisdn);
        const loans = page.getByRole('region', { name: 'Loans' });
        await loans.getByRole('button', { name: 'Lock device' }).click();
        const dialog = page.getByRole('dialog', { name: 'Lock this device?' });
        await dialog.getByRole('textbox', { name: 'Reason' }).fill('Four instalments missed');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByText('Lock requested. It shows as requested until the lock provider confirms.')).toBeVisible();
        await expect(
            loans.getByRole('status').filter({ hasText: /Lock requested .*: waiting for .* to confirm\./ }),
        ).toBeVisible();
        await expect(loans.getByRole('button', { name: 'Lock device' })).toHaveCount(0);
        await expectAccessible(page, 'a lock requested');
        // The simulated providers answer within seconds; the screen asks again by itself.
        await expect(loans.getByText('Locked', { exact: true })).toBeVisible({ timeout: 30_000 });
        await expect(loans.getByRole('button', { name: 'Unlock device' })).toBeVisible();
    });

    test('a digitally assisted lookup shows the order in progress', async ({ page }) => {
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/customers/findassisted');
        await expect(page.getByRole('heading', { name: 'Find digital assisted customer', level: 1 })).toBeVisible();
        await expectAccessible(page, 'find digital assisted customer');
        await lookup(page).fill(LINDIWE.msisdn);
        await page.getByRole('button', { name: 'Find', exact: true }).click();
        await expect(page).toHaveURL(/\/dashboard\/customers\/digital-assisted-view\?customer=[0-9a-f-]{36}$/);
        await expect(customerHeading(page, LINDIWE.name)).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Order in progress' })).toBeVisible();
        await expectAccessible(page, 'digitally assisted customer view');
    });

    test('the lookups are gated by their roles', async ({ page }) => {
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/find/fieldagent/customer');
        await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
        await page.goto('/dashboard/shop/fieldagent/customers/view');
        await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    });
});
