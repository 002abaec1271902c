/**
 * The add-loan wizard end to end, at 1280 px: a shop agent sells a phone to a new normal
 * customer from start to a locked, active loan (a reload mid-way resumes, the deposit reference
 * sent again records nothing twice, an oversized photo is refused); a business customer's sale
 * through the v2 entry is cancelled with its reason and frees the phone; a digitally assisted sale
 * goes through with the live capture.
 */
import { expect, test } from './test';
import { API_BASE } from '../../contract';
import { depositTransactions } from '../../contract/customers';
import { confirmInitialDeposit } from '../../contract/origination';
import {
    acceptTerms,
    AGENT_MSISDN,
    chooseCustomer,
    choosePhone,
    confirmIdentity,
    expectSold,
    freshPaymentReference,
    freshPerson,
    OPPO,
    payDeposit,
    sendDocuments,
    stockPhone,
    stockStatus,
    verifyCodes,
} from './sale';
import { png } from './fixtures/kycImages';
import { expectAccessible, expectDashboard, signIn, tokenOf } from './support';

test.describe('adding a loan', () => {
    test.describe.configure({ timeout: 180_000 });

    test('a shop agent sells a new customer a phone, from the customer check to an active loan with its lock', async ({
        page,
        request,
        browser,
    }) => {
        const person = freshPerson();
        const imei = await stockPhone(request);
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/customers/add-loan');
        await expect(page.getByRole('heading', { name: 'Who is buying?' })).toBeVisible();
        await expectAccessible(page, 'add loan: customer');

        // Their own number is refused on the field.
        await page.getByRole('radio', { name: 'Normal customer' }).check();
        await page.getByRole('textbox', { name: /Customer’s phone number/ }).fill(AGENT_MSISDN);
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByText('Cannot add loan for yourself')).toBeVisible();

        await chooseCustomer(page, person, 'Normal customer');

        // A photo over 5 MB is refused as it is chosen, before anything is sent.
        await expect(page.getByRole('heading', { name: 'Identity documents' })).toBeVisible();
        await page.getByLabel('ID front', { exact: true }).setInputFiles({
            name: 'huge.jpg',
            mimeType: 'image/jpeg',
            buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff),
        });
        await expect(page.getByText('Maximum file size is 5MB')).toBeVisible();
        // A selfie too small for the liveness check is refused as it is chosen, saying why, while
        // the customer is still there (no tick, nothing sent).
        await page.getByLabel('Selfie', { exact: true }).setInputFiles({
            name: 'selfie.png',
            mimeType: 'image/png',
            buffer: png(200, 200),
        });
        await expect(page.getByText(/too small to check for a live face/)).toBeVisible();
        await expectAccessible(page, 'add loan: a selfie too small');
        // Next with documents missing says which rule.
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByText('Please provide all required files before proceeding')).toBeVisible();
        await sendDocuments(page, person);
        await expectAccessible(page, 'add loan: identity');
        await confirmIdentity(page, person);
        await choosePhone(page, imei);
        await expect(page.getByText(/Quote valid until/)).toBeVisible();
        await expectAccessible(page, 'add loan: the quote');
        await acceptTerms(page);
        await expectAccessible(page, 'add loan: codes');

        // 'Please correct…' with nothing typed; then the codes one by one.
        await verifyCodes(page, request, person, AGENT_MSISDN, 'one_by_one');

        // A reload (or a lost connection) resumes at the same step.
        await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible({ timeout: 20_000 });
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible({ timeout: 20_000 });

        const reference = freshPaymentReference();
        await payDeposit(page, reference);
        const loan = await expectSold(page);
        await expectAccessible(page, 'add loan: done');
        await expect(page.getByText(OPPO.name).first()).toBeVisible();

        // The same payment sent again records nothing twice.
        const headers = { authorization: `Bearer ${await tokenOf(request, 'agent')}` };
        const replay = await request.post(`${API_BASE}${confirmInitialDeposit.path}`, {
            headers,
            data: { loan_reference: loan, reference, amount: Number(OPPO.deposit), channel: 'mpesa' },
        });
        expect([replay.status(), ((await replay.json()) as { replayed: boolean }).replayed]).toEqual([200, true]);
        const deposits = await request.post(`${API_BASE}${depositTransactions.path}`, {
            headers,
            data: { msisdn: person.msisdn, loan_reference: loan },
        });
        const { data } = (await deposits.json()) as { data: { reference: string }[] };
        expect(data.filter(row => row.reference === reference)).toHaveLength(1);
        expect(await stockStatus(request, imei)).toBe('sold');

        // The customer now has the loan, active.
        await page.getByRole('button', { name: 'View customer' }).click();
        await expect(page.getByText(loan).first()).toBeVisible({ timeout: 20_000 });
        // Its statement shows the terms the customer accepted: the same total and cost of credit.
        await page.getByRole('button', { name: 'Schedule, statement and insurance' }).first().click();
        const accepted = page.getByRole('region', { name: 'Terms accepted' });
        await expect(accepted.getByTestId('total-payable')).toHaveText(/ZAR\s2,769\.00/);
        await expect(accepted.getByTestId('cost-of-credit')).toHaveText(/ZAR\s170\.00/);
        await expect(accepted.getByText(/ZAR\s2,200\.00/)).toBeVisible();

        // A checker verifies the customer's KYC in the queue: what OCR read matches what was confirmed.
        const checker = await browser.newContext();
        const checkerPage = await checker.newPage();
        await signIn(checkerPage, 'checker');
        await expectDashboard(checkerPage, /Welcome, /);
        await checkerPage.goto(`/dashboard/customers/ocr`);
        const name = `${person.firstName} ${person.lastName}`;
        await checkerPage.getByRole('textbox', { name: /Search/ }).fill(person.msisdn);
        await expect(checkerPage.getByText('1 submission')).toBeVisible({ timeout: 20_000 });
        await expect(checkerPage.getByText(name).first()).toBeVisible();
        await expectAccessible(checkerPage, 'KYC queue');
        await checkerPage
            .getByRole('link', { name: /Review|Open/ })
            .first()
            .click();
        await expect(checkerPage.getByText('Verified with the identity register')).toBeVisible({ timeout: 20_000 });
        await expectAccessible(checkerPage, 'KYC submission');
        await checkerPage.getByRole('button', { name: 'Approve' }).click();
        await expect(checkerPage.getByRole('dialog')).toContainText(`Approve the KYC of ${name}?`);
        await checkerPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
        await expect(checkerPage.getByText(`KYC of ${name} approved`)).toBeVisible();
        await checker.close();
    });

    test('a business customer’s first sale is cancelled with its reason, freeing the phone; the second, through the v2 entry, goes through', async ({
        page,
        request,
    }) => {
        const person = freshPerson('Business Owner');
        const imei = await stockPhone(request);
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/customers/add-loan-v2');
        await chooseCustomer(page, person, 'Business customer');
        await sendDocuments(page, person);

        // The business details are required for a business customer.
        await expect(page.getByRole('heading', { name: 'The customer’s identity' })).toBeVisible();
        await page.getByRole('textbox', { name: /^Street/ }).fill('3 Market Road');
        await page.getByRole('textbox', { name: /^Town/ }).fill('Soweto');
        await page.getByRole('button', { name: 'Check and submit' }).click();
        await expect(page.getByText('Please correct the highlighted errors below')).toBeVisible();
        await page.getByRole('textbox', { name: /Business name/ }).fill('Khumalo Fresh Produce');
        await page.getByRole('textbox', { name: /Employees/ }).fill('4');
        await page.getByRole('combobox', { name: /Industry/ }).click();
        await page.getByRole('option', { name: 'Agriculture' }).click();
        await page.getByRole('combobox', { name: /Yearly turnover/ }).click();
        await page.getByRole('option', { name: '100k to 500k' }).click();
        await page.getByRole('textbox', { name: /Business town/ }).fill('Soweto');
        await page.getByRole('button', { name: 'Check and submit' }).click();

        await choosePhone(page, imei);
        await acceptTerms(page);
        expect(await stockStatus(request, imei)).toBe('reserved');
        // Both codes at once: one alone is not enough.
        await page.getByRole('textbox', { name: /Customer’s code/ }).fill('123456');
        await page.getByRole('button', { name: 'Verify codes' }).click();
        await expect(page.getByText('Please enter both OTP codes')).toBeVisible();
        await page.getByRole('textbox', { name: /Customer’s code/ }).clear();
        await verifyCodes(page, request, person, AGENT_MSISDN, 'both');
        await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible({ timeout: 20_000 });

        // The owner steps out to think: the sale is cancelled with the reason, and the phone goes back on the shelf.
        await page.getByRole('button', { name: 'Cancel sale' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: 'Needs more time' }).check();
        await expectAccessible(page, 'add loan: cancel');
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        // The notice the cancellation sends once the server has taken it (loans.actions.cancel.done),
        // not any words with "cancelled": the dialog's own intro says the sale "will be cancelled".
        await expect(page.getByText('The sale was cancelled.')).toBeVisible();
        await expect(dialog).toBeHidden();
        expect(await stockStatus(request, imei)).toBe('in_stock');

        // They come back: their KYC is on file, so the wizard goes from their number straight to the phone, the same one.
        await page.goto('/dashboard/customers/add-loan-v2');
        await chooseCustomer(page, person, 'Business customer');
        await choosePhone(page, imei);
        await acceptTerms(page);
        await verifyCodes(page, request, person, AGENT_MSISDN, 'both');
        await payDeposit(page, freshPaymentReference());
        await expectSold(page);
        expect(await stockStatus(request, imei)).toBe('sold');
    });

    test('a digitally assisted sale takes a live capture and the codes the customer reads out', async ({ page, request }) => {
        const person = freshPerson('Assisted');
        const imei = await stockPhone(request);
        await signIn(page, 'agent');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/customers/digital-assisted-add-loan');
        await chooseCustomer(page, person, 'Normal customer');
        await sendDocuments(page, person, { liveness: true });
        await confirmIdentity(page, person);
        await choosePhone(page, imei);
        await acceptTerms(page);
        await verifyCodes(page, request, person, AGENT_MSISDN, 'both');
        await payDeposit(page, freshPaymentReference(), { amount: false });
        await expectSold(page);
    });
});
