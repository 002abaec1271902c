import { expect, test } from './test';
import { API_BASE } from '../../contract';
import { pendingKycVerifications } from '../../contract/kyc';
import { chooseCustomer, freshPerson, kycFiles } from './sale';
import { expectDashboard, signIn, tokenOf } from './support';

/**
 * A field agent at a sale with no signal, at phone width (issue 24): online for the customer's
 * number, then offline, the documents are photographed and kept on the phone, the identity typed
 * by hand and submitted; the sale says the KYC is waiting to send and stays at the identity step.
 * Back online, the KYC is sent and the sale goes on to the phone, and the server holds exactly one
 * submission for the customer, with its three documents.
 */
test('a field agent offline at a sale: the documents and identity wait on the phone, then are sent once and the sale goes on', async ({
    page,
    context,
    request,
}) => {
    test.slow();
    const person = freshPerson('Offline');
    await signIn(page, 'fieldagent');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/fieldagent/customers/add-loan');
    await chooseCustomer(page, person, 'Normal customer');
    await expect(page.getByRole('heading', { name: 'Identity documents' })).toBeVisible();

    // No signal: the page's own emulation keeps `navigator.onLine` false until it is switched back.
    const cdp = await context.newCDPSession(page);
    const unthrottled = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
    await cdp.send('Network.emulateNetworkConditions', { offline: true, ...unthrottled });
    await expect(page.getByText(/You are offline: each photo is kept on this phone, encrypted/)).toBeVisible();
    const files = kycFiles(person);
    for (const [label, payload] of [
        ['ID front', files.id_front],
        ['ID back', files.id_back],
        ['Selfie', files.selfie],
    ] as const) {
        await page.getByLabel(label, { exact: true }).setInputFiles(payload);
    }
    await expect(page.getByText('Kept on this phone, waiting to send', { exact: true })).toHaveCount(3);
    await expect(page.getByRole('img', { name: 'ID front, as chosen' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'The customer’s identity' })).toBeVisible();
    await expect(page.getByText(/nothing could be read from it: type each detail from the document/)).toBeVisible();
    await page.getByRole('textbox', { name: /First name/ }).fill(person.firstName);
    await page.getByRole('textbox', { name: /Last name/ }).fill(person.lastName);
    await page.getByRole('textbox', { name: /ID number/ }).fill(person.idNumber);
    await page.getByLabel(/Date of birth/).fill(person.dateOfBirth);
    await page.getByRole('textbox', { name: /^Town/ }).fill('Soweto');
    await page.getByRole('button', { name: 'Check and submit' }).click();

    const waiting = page.getByTestId('kyc-waiting');
    await expect(waiting).toContainText(
        `The KYC of ${person.firstName} ${person.lastName}, ${person.msisdn} is kept on this phone`,
    );
    await expect(page.getByRole('button', { name: 'Check and submit' })).toBeDisabled();

    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...unthrottled });
    await expect(page.getByRole('heading', { name: 'Choose the phone' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`Sent: KYC details: ${person.firstName} ${person.lastName}, ${person.msisdn}`)).toBeVisible();

    const headers = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const answer = await request.post(`${API_BASE}${pendingKycVerifications.path}`, {
        headers,
        data: { q: person.msisdn },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    const { data, total_items } = (await answer.json()) as {
        data: { customer: { msisdn: string }; images: unknown[] }[];
        total_items: number;
    };
    expect(total_items).toBe(1);
    expect(data[0]?.customer.msisdn).toBe(person.msisdn);
    expect(data[0]?.images).toHaveLength(3);
});
