/**
 * What the add-loan journeys share: a person nobody has registered yet (a valid South African ID
 * number of their own, so journeys and runs never meet), their KYC photos made in code (the ID
 * front carries the OCR stand-in's marker, server/domain/kyc/images.ts), a phone put in a shop's
 * stock for the journey, and the wizard's steps as a user walks them.
 */
import { expect, type APIRequestContext, type Page } from './test';
import { API_BASE } from '../../contract';
import { luhnValid } from '../../contract/fields';
import { listInventory } from '../../contract/inventory';
import { addInventoryItem } from '../../contract/inventory';
import { ocrMarker, png } from '../../server/domain/kyc/png';
import { freshImei } from './approvals.journey';
import { latestOtp, tokenOf } from './support';

/** The demo sales agent's phone (README "Demo accounts"): their sale codes arrive there. */
export const AGENT_MSISDN = '27820000005';
export const FIELD_AGENT_MSISDN = '27820000006';
export const SOWETO = 'Soweto Central';
/** A phone every new customer qualifies for (financed ZAR 2 200 of a starting limit of 3 000), locked by Trustonic. */
export const OPPO = { sku: 'OPPO-A18-128', name: /OPPO A18 128 GB/, deposit: '399' } as const;

let serial = 0;
const unique = () => `${Date.now() % 1_000_000}${serial++}`.padStart(7, '0').slice(-7);

export interface Person {
    firstName: string;
    lastName: string;
    idNumber: string;
    dateOfBirth: string;
    msisdn: string;
}

/** Someone who walks into the shop: a fresh phone number and a fresh, valid ID number born 1 May 1992. */
export const freshPerson = (lastName = 'Khumalo'): Person => {
    const digits = unique();
    // YYMMDD, a 4-digit sequence (female under 5000), citizen 0, the 8, then the Luhn check digit.
    const body = `920501${digits.slice(-4)}08`;
    const check = [...'0123456789'].find(digit => luhnValid(`${body}${digit}`));
    return {
        firstName: 'Naledi',
        lastName,
        idNumber: `${body}${check}`,
        dateOfBirth: '1992-05-01',
        msisdn: `2772${digits}${String(serial % 10)}`,
    };
};

const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });

/** The person's documents: an ID front OCR reads them from, its back, a selfie and a live capture that pass. */
export const kycFiles = (person: Person) => ({
    id_front: file(
        'id-front.png',
        png(320, 200, {
            rgb: [220, 230, 240],
            text: ocrMarker({
                first_name: person.firstName,
                last_name: person.lastName,
                id_number: person.idNumber,
                date_of_birth: person.dateOfBirth,
                gender: 'female',
            }),
        }),
    ),
    id_back: file('id-back.png', png(320, 200, { rgb: [210, 220, 230] })),
    selfie: file('selfie.png', png(480, 640, { rgb: [190, 160, 140] })),
    liveness: file('liveness.png', png(480, 640, { rgb: [185, 155, 135] })),
});

/** A phone of `sku` put in `store`'s stock by the admin for this journey: its IMEI. */
export const stockPhone = async (request: APIRequestContext, storeName = SOWETO, sku: string = OPPO.sku) => {
    const headers = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const stores = await request.post(`${API_BASE}/api/v1/get_phone_stores`, { headers, data: {} });
    expect(stores.ok()).toBe(true);
    const { stores: list } = (await stores.json()) as { stores: { id: number; name: string }[] };
    const store = list.find(row => row.name === storeName);
    if (!store) throw new Error(`No store ${storeName}`);
    const imei = freshImei();
    const added = await request.post(`${API_BASE}${addInventoryItem.path}`, { headers, data: { sku, imei, store_id: store.id } });
    expect(added.ok(), await added.text()).toBe(true);
    return imei;
};

/** The status of the stock phone with this IMEI, as the admin's inventory lists it. */
export const stockStatus = async (request: APIRequestContext, imei: string) => {
    const headers = { authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const found = await request.post(`${API_BASE}${listInventory.path}`, { headers, data: { q: imei } });
    expect(found.ok()).toBe(true);
    const { phones } = (await found.json()) as { phones: { imei: string; status: string }[] };
    return phones.find(row => row.imei === imei)?.status;
};

/** Step 1: the kind of customer and their phone number. */
export const chooseCustomer = async (page: Page, person: Person, type: 'Normal customer' | 'Business customer') => {
    await page.getByRole('radio', { name: type }).check();
    await page.getByRole('textbox', { name: /Customer’s phone number/ }).fill(person.msisdn);
    await page.getByRole('button', { name: 'Next' }).click();
};

/** Step 2: each document chosen and sent (the live capture too when the entry asks for it). */
export const sendDocuments = async (page: Page, person: Person, { liveness = false } = {}) => {
    await expect(page.getByRole('heading', { name: 'Identity documents' })).toBeVisible();
    const files = kycFiles(person);
    const kinds = [
        ['ID front', files.id_front],
        ['ID back', files.id_back],
        ['Selfie', files.selfie],
        ...(liveness ? ([['Live capture', files.liveness]] as const) : []),
    ] as const;
    for (const [label, payload] of kinds) await page.getByLabel(label, { exact: true }).setInputFiles(payload);
    await expect(page.getByText('Sent', { exact: true })).toHaveCount(kinds.length, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Next' }).click();
};

/** Step 3: the identity OCR read, checked, with the address; then the register check and the submission. */
export const confirmIdentity = async (page: Page, person: Person) => {
    await expect(page.getByRole('heading', { name: 'The customer’s identity' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue(person.firstName);
    await expect(page.getByRole('textbox', { name: /ID number/ })).toHaveValue(person.idNumber);
    await page.getByRole('textbox', { name: /^Street/ }).fill('12 Vilakazi Street');
    await page.getByRole('textbox', { name: /^Town/ }).fill('Soweto');
    await page.getByRole('button', { name: 'Check and submit' }).click();
};

/** Step 4: the phone chosen among those the customer qualifies for, and the unit's IMEI. */
export const choosePhone = async (page: Page, imei: string, { store }: { store?: string } = {}) => {
    await expect(page.getByRole('heading', { name: 'Choose the phone' })).toBeVisible({ timeout: 20_000 });
    if (store) {
        await page.getByRole('combobox', { name: /Store the phone comes from/ }).click();
        await page.getByRole('option', { name: store }).click();
    }
    await page.getByRole('radio', { name: OPPO.name }).check();
    await page.getByRole('textbox', { name: /IMEI of the phone/ }).fill(imei);
    await page.getByRole('button', { name: 'Check phone' }).click();
};

/** What the OPPO A18 costs on credit: 2 599 cash, 399 down, 79 × 30 weekly, so 170 of credit on 2 200 financed. */
export const OPPO_TERMS = {
    total: 'ZAR 2,769.00',
    cost: 'ZAR 170.00',
    financed: 'ZAR 2,200.00',
    share: '7.7% of the amount financed',
};

/** A figure of the terms card, its no-break spaces as plain ones. */
const figure = async (page: Page, testId: string) =>
    ((await page.getByRole('region', { name: 'Terms of the sale' }).getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ');

/**
 * Step 5: the server's quote shown with every figure (the total payable and cost of credit the
 * customer will owe), accepted, which reserves the phone and sends both codes; the card then shows
 * the loan's own terms, the same total. `screenshot`: a path to keep the quote as the customer saw it.
 */
export const acceptTerms = async (page: Page, { screenshot }: { screenshot?: string } = {}) => {
    await expect(page.getByRole('heading', { name: 'Terms and codes' })).toBeVisible();
    const terms = page.getByRole('region', { name: 'Terms of the sale' });
    await expect(terms.getByText(/Quote valid until/)).toBeVisible();
    const before = { total: await figure(page, 'total-payable'), cost: await figure(page, 'cost-of-credit') };
    expect(before).toEqual({ total: OPPO_TERMS.total, cost: OPPO_TERMS.cost });
    await expect(terms.getByText(OPPO_TERMS.share)).toBeVisible();
    if (screenshot) await terms.screenshot({ path: screenshot });
    await page.getByRole('checkbox', { name: 'The customer has read and accepts these terms' }).check();
    await page.getByRole('button', { name: 'Accept and send codes' }).click();
    await expect(page.getByText(/The phone is reserved/)).toBeVisible();
    // After acceptance the same card reads the loan: the total the customer saw is the total they owe.
    expect({ total: await figure(page, 'total-payable'), cost: await figure(page, 'cost-of-credit') }).toEqual(before);
};

/** The codes as the entry verifies them: one at a time (v1), or both at once. */
export const verifyCodes = async (
    page: Page,
    request: APIRequestContext,
    person: Person,
    sellerMsisdn: string,
    style: 'one_by_one' | 'both',
) => {
    await expect(page.getByText(/Sent to/)).toHaveCount(2);
    const customerCode = await latestOtp(request, person.msisdn);
    const sellerCode = await latestOtp(request, sellerMsisdn);
    if (style === 'one_by_one') {
        await page.getByRole('textbox', { name: /Customer’s code/ }).fill(customerCode);
        await page.getByRole('button', { name: 'Verify customer’s code' }).click();
        await expect(page.getByText('Customer’s code: verified')).toBeVisible();
        await page.getByRole('textbox', { name: /Your code/ }).fill(sellerCode);
        await page.getByRole('button', { name: 'Verify your code' }).click();
    } else {
        await page.getByRole('textbox', { name: /Customer’s code/ }).fill(customerCode);
        await page.getByRole('textbox', { name: /Your code/ }).fill(sellerCode);
        await page.getByRole('button', { name: 'Verify codes' }).click();
    }
};

/** Step 6: the payment prompt sent, then the deposit confirmed by its reference (and amount, in a shop). */
export const payDeposit = async (page: Page, reference: string, { amount = true } = {}) => {
    await expect(page.getByRole('heading', { name: 'Deposit' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Send payment prompt' }).click();
    await expect(page.getByText(/A prompt to pay/)).toBeVisible();
    await page.getByRole('textbox', { name: /Payment reference/ }).fill(reference);
    if (amount) await page.getByRole('textbox', { name: /Amount paid/ }).fill(OPPO.deposit);
    await page.getByRole('button', { name: 'Confirm deposit' }).click();
};

/** Steps 7 and 8: the lock confirmed by the provider (Trustonic's simulator takes 5 s), and the sale done. */
export const expectSold = async (page: Page) => {
    await expect(page.getByRole('heading', { name: 'The sale is done' })).toBeVisible({ timeout: 45_000 });
    const reference =
        (
            await page
                .getByText(/^LPP-\d+$/)
                .first()
                .textContent()
        )?.trim() ?? '';
    expect(reference).toMatch(/^LPP-\d+$/);
    return reference;
};

/** A payment provider's reference no other payment has. */
export const freshPaymentReference = () => `MP${Date.now()}${Math.floor(Math.random() * 1000)}`;
