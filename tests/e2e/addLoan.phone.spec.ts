/**
 * The add-loan wizard on a phone, at 360 px: a field agent, who has no shop, sells a new customer
 * a phone from a shop they choose, through to the active loan; no step scrolls sideways.
 */
import { expect, test } from './test';
import {
    acceptTerms,
    chooseCustomer,
    choosePhone,
    confirmIdentity,
    expectSold,
    FIELD_AGENT_MSISDN,
    freshPaymentReference,
    freshPerson,
    payDeposit,
    sendDocuments,
    SOWETO,
    stockPhone,
    verifyCodes,
} from './sale';
import { expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn } from './support';

test('a field agent sells a new customer a phone from a shop they choose, on a phone (360 px)', async ({ page, request }) => {
    test.setTimeout(180_000);
    const person = freshPerson('Field');
    const imei = await stockPhone(request);
    await signIn(page, 'fieldagent');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/fieldagent/customers/add-loan');
    await expect(page.getByText(/Step 1 of 8/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await chooseCustomer(page, person, 'Normal customer');
    await sendDocuments(page, person);
    await expectNoSidewaysScroll(page);
    await confirmIdentity(page, person);
    await choosePhone(page, imei, { store: SOWETO });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'add loan on a phone: phone');
    await expect(page.getByText(/Quote valid until/)).toBeVisible();
    await expectAccessible(page, 'add loan on a phone: the quote');
    // The quote at 360 px: every figure readable, nothing scrolling sideways (kept for the record).
    await acceptTerms(page, { screenshot: 'test-results/quote-360.png' });
    await expectNoSidewaysScroll(page);
    await verifyCodes(page, request, person, FIELD_AGENT_MSISDN, 'both');
    await payDeposit(page, freshPaymentReference());
    await expectSold(page);
    await expectNoSidewaysScroll(page);
});
