/**
 * The money journeys, run at desktop width (money.spec.ts) and phone width
 * (money.phone.spec.ts): a statement reconciled row by row and uploaded again, a payment from
 * suspense assigned to its loan whose balance then falls once, and an insurance reversal asked for
 * by one person and approved by another. axe checks every screen.
 *
 * Themba Nkosi (27710000002) has the active LPP-000002 and a paid-off LPP-000003 in his name
 * (README, demo customers): a payment naming LPP-000003 goes to suspense, and the loan picker
 * offers his active LPP-000002.
 */
import { expect, type Browser, type Page } from './test';
import { signedInElsewhere } from './approvals.journey';
import { expectAccessible, expectDashboard, signIn } from './support';

export const THEMBA = { msisdn: '27710000002', name: 'Themba Nkosi', loan: 'LPP-000002', paidOff: 'LPP-000003' };

/** A reference no earlier run of the journeys used (the e2e database lives for one run). */
const freshReference = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A statement of four rows: one matched to Themba's active loan by its account, one naming his
 * paid-off loan (suspense), one with a negative amount (rejected on `amount`) and the first one's
 * reference again (a duplicate).
 */
export const statement = () => {
    const matched = freshReference('E2E-MATCH');
    const suspense = freshReference('E2E-SUSP');
    const rejected = freshReference('E2E-BAD');
    const csv = [
        'date,amount,reference,msisdn,account',
        `${today()},100.00,${matched},${THEMBA.msisdn},${THEMBA.loan}`,
        `${today()},50.00,${suspense},${THEMBA.msisdn},${THEMBA.paidOff}`,
        `${today()},-5,${rejected},${THEMBA.msisdn},`,
        `${today()},100.00,${matched},${THEMBA.msisdn},${THEMBA.loan}`,
        '',
    ].join('\n');
    return { csv: Buffer.from(csv, 'utf8'), matched, suspense, rejected };
};

/** The figure beside a label in an upload's summary ("Matched" → "1"). */
const summaryFigure = (page: Page, label: string) =>
    page.getByRole('region', { name: /^Upload #\d+/ }).locator(`dt:text-is("${label}") + dd`);

const upload = async (page: Page, file: Buffer) => {
    await page.getByLabel('Statement file (CSV)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Upload #\d+$/ })).toBeVisible({ timeout: 30_000 });
};

/** Finds Themba's loan in his customer view and answers the balance shown for it. */
const balanceShown = async (page: Page, expected: string) => {
    await page.goto('/dashboard/customers/find');
    await page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }).fill(THEMBA.msisdn);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const loans = page.getByRole('region', { name: 'Loans' });
    await expect(loans.getByText(THEMBA.loan).first()).toBeVisible();
    await expect(loans.getByText(expected).first()).toBeVisible();
};

export const reconcileAndCorrect = async (page: Page) => {
    const rows = statement();
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/reconciliation');
    await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
    await expectAccessible(page, 'reconciliation');

    // Each row's outcome, counted and spelt out.
    await upload(page, rows.csv);
    await expect(summaryFigure(page, 'Matched')).toContainText('1');
    await expect(summaryFigure(page, 'In suspense')).toContainText('1');
    await expect(summaryFigure(page, 'Duplicates')).toContainText('1');
    await expect(summaryFigure(page, 'Rejected')).toContainText('1');
    const results = page.getByRole('region', { name: 'Results by row' });
    await expect(results.getByText('amount: must be more than zero')).toBeVisible();
    await expect(results.getByText('already recorded')).toBeVisible();
    await expectAccessible(page, 'reconciliation, an upload');
    // The matched row leads to its payment in Find transaction (a link, so by keyboard too), and back to the upload.
    await results
        .getByRole('link', { name: `Open payment ${rows.matched} in Find transaction` })
        .first()
        .click();
    await expect(page).toHaveURL(/\/dashboard\/transactions\/find\?filter=/);
    await expect(page.getByText('1 payment', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(results.getByText('already recorded')).toBeVisible();
    // Only the rejected row, once filtered.
    await results.getByRole('button', { name: /^Rejected/ }).click();
    await expect(results.getByText(rows.rejected)).toBeVisible();
    await expect(results.getByText(rows.suspense)).toHaveCount(0);

    // The same file again imports nothing twice.
    await upload(page, rows.csv);
    await expect(page.getByText(/This file was uploaded before \(upload #\d+\): nothing was imported twice\./)).toBeVisible();
    await expect(summaryFigure(page, 'Matched')).toContainText('0');
    await expect(summaryFigure(page, 'Duplicates')).toContainText('3');

    // With no upload open the address is the history's: its sort (a table's header, at desktop width) survives a reload.
    if ((page.viewportSize()?.width ?? 0) >= 600) {
        await page.goto('/dashboard/reconciliation');
        const history = page.getByRole('region', { name: 'Uploads' });
        await history.getByRole('button', { name: 'Sort by rows descending' }).click();
        await expect(page).toHaveURL(/[?&]sort=rows(&|$)/);
        await expect(history.getByRole('button', { name: 'Sort by rows ascending' })).toBeVisible();
        await page.reload();
        await expect(page).toHaveURL(/[?&]sort=rows(&|$)/);
        await expect(history.getByRole('button', { name: 'Sort by rows ascending' })).toBeVisible();
        await expectAccessible(page, 'reconciliation, the uploads sorted');
    }

    // The payment in suspense goes on Themba's active loan, once.
    await page.goto('/dashboard/suspense-transactions');
    await page.getByRole('textbox', { name: 'Search' }).fill(rows.suspense);
    await expect(page.getByText(rows.suspense)).toBeVisible();
    // The search is in the address (react-admin's list state): a reload shows the same queue.
    await expect(page).toHaveURL(/[?&]filter=/);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(rows.suspense);
    await expect(page.getByText(rows.suspense)).toBeVisible();
    await expectAccessible(page, 'suspense queue');
    // The row's actions are in view (at 1280×800 with the menu open too), not pushed off the right edge.
    const assign = page.getByRole('button', { name: `Assign to loan: payment ${rows.suspense}` });
    const box = await assign.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
    await assign.click();
    const dialog = page.getByRole('dialog', { name: `Assign payment ${rows.suspense} to a loan` });
    await expect(dialog.getByText(THEMBA.loan)).toBeVisible();
    await dialog.getByRole('radio', { name: new RegExp(THEMBA.loan) }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const change = await dialog.getByText(/^Balance: /).textContent();
    const after = /→\s*(.+)$/.exec(change ?? '')?.[1]?.trim();
    if (!after) throw new Error(`No balance after in "${change}"`);
    await expectAccessible(page, 'suspense assignment, confirmation');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(
        page.getByText(`Payment ${rows.suspense} assigned to ${THEMBA.loan}; its balance is now ${after}`),
    ).toBeVisible();

    // Find transaction finds it matched, and its row leads to the loan in its customer's view,
    // which shows that balance, and again after a reload: it fell once.
    await page.goto('/dashboard/transactions/find');
    await page.getByRole('textbox', { name: 'Reference' }).fill(rows.suspense);
    await expect(page.getByText('1 payment', { exact: true })).toBeVisible();
    // The filter is in the address once the list has taken it (a list's state is its URL): a
    // link followed before then would be undone by the filter arriving after it.
    await expect(page).toHaveURL(new RegExp(`filter=.*${rows.suspense}`));
    await expectAccessible(page, 'find transaction, a payment found');
    await page.getByRole('link', { name: `Open loan ${THEMBA.loan} in its customer's view` }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers\/view\?customer=/);
    await expect(page.getByRole('region', { name: 'Loans' }).getByText(after).first()).toBeVisible();
    await balanceShown(page, after);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Loans' }).getByText(after).first()).toBeVisible();
};

/** A claim the insurer paid, reversed: maker asks, checker approves, the claim shows reversed. */
export const reverseClaim = async (page: Page, browser: Browser, claim: string) => {
    await signIn(page, 'maker');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/tpi/successful');
    await expect(page.getByText(claim).first()).toBeVisible();
    await expectAccessible(page, 'successful claims');
    await page.getByRole('button', { name: `Request reversal: claim ${claim}` }).click();
    const ask = page.getByRole('dialog', { name: `Request the reversal of claim ${claim}?` });
    await ask.getByRole('textbox', { name: 'Reason' }).fill('The insurer paid this claim twice');
    await ask.getByRole('button', { name: 'Request reversal' }).click();
    await expect(page.getByText(`Reversal of claim ${claim} requested`)).toBeVisible();
    await expect(page.getByText('Reversal pending').first()).toBeVisible();

    const checker = await signedInElsewhere(browser, page, 'checker');
    try {
        const other = checker.page;
        await other.goto('/dashboard/tpi/reversal');
        await other.getByRole('textbox', { name: 'Search' }).fill(claim);
        const approve = other.getByRole('button', { name: /^Approve reversal request \d+$/ });
        await expect(approve).toHaveCount(1);
        // The search is in the address once the list has taken it: nothing arrives after the click.
        await expect(other).toHaveURL(new RegExp(`filter=.*${claim}`));
        await expectAccessible(other, 'reversal queue');
        await approve.click();
        const confirm = other.getByRole('dialog', { name: /^Approve reversal request \d+\?$/ });
        await expectAccessible(other, 'reversal queue, approving');
        await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
        await expect(other.getByText(/^Reversal request \d+ approved$/)).toBeVisible();
    } finally {
        await checker.close();
    }

    // The maker sees the claim reversed.
    await page.reload();
    await expect(page.getByText(claim).first()).toBeVisible();
    await expect(page.getByText('Reversed').first()).toBeVisible();
};
