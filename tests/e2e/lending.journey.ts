/**
 * The lending loop, run at desktop width (lending.spec.ts) and phone width
 * (lending.phone.spec.ts): `agent` finds a customer whose phone the lock policy locked for arrears
 * and reads what they owe and why the phone is locked; `maker` uploads a statement that pays it;
 * the customer view shows the unlock requested by the lock policy's job, then unlocked; and the
 * collections queue no longer lists the loan. axe checks each new state.
 *
 * Each width clears its own customer's arrears (server/seed/customers.ts): Themba Nkosi at
 * desktop width, as the README tells it; Lerato Khumalo, with the same story, on a phone. No other
 * journey pays their arrears or unlocks their phones (the money journeys pay into Themba's loan
 * after this one, and the offline PIN of customers.spec.ts unlocks Sipho Mahlangu's); the amount
 * paid is the one the screen says unlocks the phone, not a number copied here.
 */
import { expect, type Page } from './test';
import { expectAccessible, expectDashboard, signIn } from './support';

export interface InArrears {
    msisdn: string;
    name: string;
    loan: string;
}

export const THEMBA: InArrears = { msisdn: '27710000002', name: 'Themba Nkosi', loan: 'LPP-000002' };
export const LERATO: InArrears = { msisdn: '27710000015', name: 'Lerato Khumalo', loan: 'LPP-000015' };

const today = () => new Date().toISOString().slice(0, 10);

/** The customer's view through Find customer, and the card of their loan. */
const openLoan = async (page: Page, customer: InArrears) => {
    await page.goto('/dashboard/customers/find');
    await page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }).fill(customer.msisdn);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers\/view\?customer=/);
    await expect(page.getByRole('heading', { name: customer.name, level: 1 })).toBeVisible();
    const card = page.getByRole('region', { name: 'Loans' }).getByRole('listitem').filter({ hasText: customer.loan }).first();
    await expect(card).toBeVisible();
    return card;
};

/** The collections queue searched for the customer's loan. */
const queueFor = async (page: Page, customer: InArrears) => {
    await page.goto('/dashboard/collections');
    await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Loan, name or phone' }).fill(customer.loan);
    await expect(page).toHaveURL(new RegExp(`filter=.*${customer.loan}`));
    return page.getByRole('link', { name: `Open ${customer.name} (loan ${customer.loan})` });
};

export const lendingLoop = async (page: Page, customer: InArrears) => {
    // The agent at the counter: what the customer owes, since when, and why the phone is locked.
    await signIn(page, 'agent');
    await expectDashboard(page, /Welcome, /);
    const card = await openLoan(page, customer);
    await expect(card.getByText('Locked', { exact: true })).toBeVisible();
    await expect(card.getByTestId('loan-standing')).toHaveText(
        /^ZAR\s[\d,]+\.\d\d overdue for \d+ days?; next ZAR\s[\d,]+\.\d\d due .+$/,
    );
    const reason = card.getByTestId('loan-lock-reason');
    await expect(reason).toHaveText(/^Locked: ZAR\s[\d,]+\.\d\d overdue\. Paying ZAR\s[\d,]+\.\d\d unlocks it\.$/);
    const owed = /Paying ZAR\s([\d,]+\.\d\d) unlocks it/.exec((await reason.textContent()) ?? '')?.[1]?.replace(/,/g, '');
    if (!owed) throw new Error('No amount in the lock reason');
    await expectAccessible(page, 'customer view, a phone locked for arrears and why');
    // The schedule beside the statement, its missed instalments overdue.
    await card.getByRole('button', { name: 'Schedule, statement and insurance' }).click();
    const schedule = card.getByRole('region', { name: 'Schedule' });
    await expect(schedule.getByText('Overdue', { exact: true }).first()).toBeVisible();
    await expect(schedule.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expectAccessible(page, 'customer view, the schedule of a loan in arrears');

    // The back office: the queue lists the loan, then the maker uploads the statement paying it.
    // The agent signs out first (the sign-in page of a signed-in browser leads to their dashboard).
    await page.context().clearCookies();
    await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
    });
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    await expect(page.getByText('Portal Staff').first()).toBeVisible();
    await expect(await queueFor(page, customer)).toBeVisible();
    await expectAccessible(page, 'collections, the loan in arrears');
    await page.goto('/dashboard/reconciliation');
    await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
    const reference = `E2E-ARREARS-${Date.now().toString(36).toUpperCase()}`;
    const csv = `date,amount,reference,msisdn,account\n${today()},${owed},${reference},${customer.msisdn},${customer.loan}\n`;
    await page
        .getByLabel('Statement file (CSV)')
        .setInputFiles({ name: 'clears-arrears.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Upload #\d+$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: /^Upload #\d+/ }).locator('dt:text-is("Matched") + dd')).toContainText('1');

    // The lock policy's job asks for the unlock within a pass (5 s) and the lock provider confirms
    // it (Trustonic's stand-in, 5 s later); the view asks again by itself meanwhile.
    const paid = await openLoan(page, customer);
    await expect(paid.getByText(/^Unlock requested .*: waiting for .+ to confirm\.$/)).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'customer view, the unlock requested');
    await expect(paid.getByText('Unlocked', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(paid.getByTestId('loan-lock-reason')).toHaveCount(0);
    await expect(paid.getByTestId('loan-standing')).toHaveText(/^Up to date; /);

    // The queue no longer lists the loan.
    const link = await queueFor(page, customer);
    // The search matches other loans too (the generated history's): the count shows it answered.
    await expect(page.getByText(/^(\d+ loans? in arrears|No loan is in arrears\.)$/).first()).toBeVisible();
    await expect(link).toHaveCount(0);
    await expectAccessible(page, 'collections, the loan paid up');
};
