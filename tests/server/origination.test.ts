/**
 * Loan origination (contract/origination/index.ts, server/domain/origination/): the whole sale from "who
 * is the customer" to an active loan; every step refused out of order with 409 `errors.loan_state`;
 * every step safe to repeat; the codes' rules (wrong, expired, used, 5 guesses, never a 401); who
 * may sell to whom and from where; and parallel sellers leaving one loan and one deposit.
 */
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanStatements, qualifiedDevices } from '../../contract/customers';
import { confirmLockActivation } from '../../contract/devices';
import {
    agentOtp,
    cancelLoan,
    confirmInitialDeposit,
    createLoan,
    customerLoginCheck,
    customerOtp,
    digitalAssistedConfirmDeposit,
    digitalAssistedVerifyOtp,
    DRAFT_RESERVATION_HOURS,
    generateAgentOtp,
    generateCustomerOtp,
    imeiValidationCheck,
    loanDeposit,
    loanProgress,
    verifyOtpV2,
} from '../../contract/origination';
import { listAdminGroups } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import {
    auditEvents,
    customers,
    deviceLocks,
    inventoryItems,
    loans,
    otps,
    smsOutbox,
    transactions,
} from '../../server/db/schema';
import { OTP, OTP_SMS_PER_HOUR } from '../../server/domain/auth/otp';
import { SIMULATED_DELAY_MS } from '../../server/domain/devices/lockProviders';
import { DEPOSIT_PROMPTS_PER_HOUR } from '../../server/domain/origination/deposit';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { adminId, makeCustomer, makeLoan, nextSerial, type CustomerOptions } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';
import {
    makeKycSubmission,
    makeSale,
    plantSaleCode,
    quoteAndCreate,
    quotedBody,
    type QuotedBody,
    SALE_SKU,
    SALE_TEST_CODE,
    stockItem,
    storeIdOf,
} from './originationFixtures';

let server: TestServer;
const token: Record<string, string> = {};
const ids = { admin: 0, agent: 0, fieldagent: 0, maker: 0, soweto: 0, durban: 0 };

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'agent', 'fieldagent', 'maker'] as const) {
        token[username] = await signInAs(server, username);
        ids[username] = await adminId(server.db, username);
    }
    ids.soweto = await storeIdOf(server.db, 'Soweto Central');
    ids.durban = await storeIdOf(server.db, 'Durban Marine Parade');
}, 60_000);
afterAll(() => server?.close());

/** A new sales agent of a shop, signed in: their own phone, so their codes never meet another test's hourly share. */
const newAgent = async (store: string) => {
    const serial = nextSerial();
    const groups = await server.call(listAdminGroups, { query: { $limit: 1000 }, token: token.admin });
    const username = `sale.agent.${serial}`;
    const msisdn = `27846${serial}`;
    const created = await server.call(createAdmin, {
        body: {
            username,
            first_name: 'Sale',
            last_name: `Agent ${serial}`,
            msisdn,
            group_id: groups.body.data.find(group => group.name === 'Sales Agent')?.id ?? 0,
            store_id: store === 'none' ? undefined : await storeIdOf(server.db, store),
            password: 'a-long-password-1',
        },
        token: token.admin,
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, msisdn, token: await server.signIn(username, 'a-long-password-1') };
};

/** A customer whose KYC was submitted and waits for its check (a sale may start on it). */
const pendingCustomer = async (options: CustomerOptions = {}) => {
    const customer = await makeCustomer(server.db, options);
    await server.db.update(customers).set({ kycStatus: 'pending' }).where(eq(customers.id, customer.id));
    return customer;
};

const saleBody = (msisdn: string, imei: string, more: { store_id?: number; sku?: string } = {}) => ({
    msisdn,
    sku: more.sku ?? SALE_SKU,
    imei,
    channel: 'shop' as const,
    ...(more.store_id !== undefined ? { store_id: more.store_id } : {}),
});

/** The code in the latest SMS to a phone (`… is 123456`: the loan reference has digits too). */
const latestCode = async (msisdn: string) => {
    const rows = await server.db
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.msisdn, msisdn), eq(smsOutbox.purpose, 'otp')))
        .orderBy(smsOutbox.id);
    return /\bis (\d{6})\b/.exec(rows.at(-1)?.text ?? '')?.[1] ?? '';
};

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

const loanRow = async (id: number) => (await server.db.select().from(loans).where(eq(loans.id, id)))[0];
const itemStatus = async (imei: string) =>
    (await server.db.select().from(inventoryItems).where(eq(inventoryItems.imei, imei)))[0]?.status;
const now = () => server.clock.now();

describe('a sale from start to an active loan', () => {
    it('checks the customer and the device, starts a draft, verifies both codes, takes the deposit and activates the lock', async () => {
        const customer = await pendingCustomer({ creditLimit: 5000 });
        const imei = await stockItem(server.db);
        const as = { token: token.agent };

        const check = await server.call(customerLoginCheck, { body: { msisdn: customer.msisdn }, ...as });
        expect(check.status).toBe(200);
        expect(check.body).toMatchObject({ msisdn: customer.msisdn, known: true, customer: { id: customer.id } });

        const device = await server.call(imeiValidationCheck, { body: { imei, sku: SALE_SKU }, ...as });
        expect(device.status).toBe(200);
        expect(device.body).toEqual({
            imei,
            sku: SALE_SKU,
            brand: 'OPPO',
            model: 'A18 128 GB',
            store: { id: ids.soweto, name: 'Soweto Central' },
        });

        const created = await quoteAndCreate(server, { body: saleBody(customer.msisdn, imei), ...as });
        expect(created.status).toBe(201);
        const loan = created.body;
        expect(loan).toMatchObject({
            msisdn: customer.msisdn,
            imei,
            sku: SALE_SKU,
            status: 'draft',
            deposit: 399,
            price: 399 + 79 * 30,
            balance: 399 + 79 * 30,
            agent: { id: ids.agent, name: 'Bongani Khumalo' },
            store: { id: ids.soweto, name: 'Soweto Central' },
            device: { state: 'pending', lock_solution: 'trustonic' },
        });
        expect(loan.loan_reference).toMatch(/^LPP-\d{6}$/);
        expect(await itemStatus(imei)).toBe('reserved');
        const ref = { loan_reference: loan.loan_reference };

        const drafted = await server.call(loanProgress, { body: ref, ...as });
        expect(drafted.body).toMatchObject({
            step: 'otp',
            customer_otp_verified: false,
            agent_otp_verified: false,
            deposit: null,
            customer: { id: customer.id },
        });

        const sentToCustomer = await server.call(generateCustomerOtp, { body: ref, ...as });
        expect(sentToCustomer.status).toBe(200);
        expect(sentToCustomer.body).toEqual({
            loan_reference: loan.loan_reference,
            sent_to: `•••${customer.msisdn.slice(-3)}`,
            expires_at: new Date(now().getTime() + OTP.ttlMs).toISOString(),
        });
        const sentToAgent = await server.call(generateAgentOtp, { body: ref, ...as });
        expect(sentToAgent.body.sent_to).toBe('•••005');

        const customerVerified = await server.call(customerOtp, {
            body: { ...ref, otp: await latestCode(customer.msisdn) },
            ...as,
        });
        expect(customerVerified.body).toEqual({
            loan_reference: loan.loan_reference,
            customer_otp_verified: true,
            agent_otp_verified: false,
            loan_status: 'draft',
        });
        const bothVerified = await server.call(agentOtp, { body: { ...ref, otp: await latestCode('27820000005') }, ...as });
        expect(bothVerified.body).toMatchObject({
            customer_otp_verified: true,
            agent_otp_verified: true,
            loan_status: 'awaiting_deposit',
        });
        expect((await server.call(loanProgress, { body: ref, ...as })).body.step).toBe('deposit');

        const prompt = await server.call(loanDeposit, { body: { ...ref, channel: 'mpesa' }, ...as });
        expect(prompt.body).toEqual({
            loan_reference: loan.loan_reference,
            amount: 399,
            currency: 'ZAR',
            channel: 'mpesa',
            pay_reference: loan.loan_reference,
            sent_to: `•••${customer.msisdn.slice(-3)}`,
        });
        const notices = await server.db
            .select()
            .from(smsOutbox)
            .where(and(eq(smsOutbox.msisdn, customer.msisdn), eq(smsOutbox.purpose, 'notice')));
        expect(notices.at(-1)?.text).toContain(`ZAR 399 for loan ${loan.loan_reference}`);

        const paid = await server.call(confirmInitialDeposit, {
            body: { ...ref, reference: `MP-${nextSerial()}`, amount: 399, channel: 'mpesa' },
            ...as,
        });
        expect(paid.status).toBe(200);
        expect(paid.body).toMatchObject({
            loan_status: 'awaiting_lock',
            replayed: false,
            deposit: { amount: 399, kind: 'deposit', loan_reference: loan.loan_reference, msisdn: customer.msisdn },
        });
        expect(await itemStatus(imei)).toBe('sold');
        const statement = await server.call(loanStatements, { body: ref, token: token.agent });
        expect(statement.body.entries).toEqual([expect.objectContaining({ kind: 'deposit', amount: 399 })]);
        expect(statement.body.balance).toBe(79 * 30);
        expect(statement.body.entries[0]?.balance_after).toBe(statement.body.balance);
        const paying = await server.call(loanProgress, { body: ref, ...as });
        expect(paying.body).toMatchObject({ step: 'lock', deposit: { reference: paid.body.deposit.reference } });

        const asked = await server.call(confirmLockActivation, { body: ref, ...as });
        expect(asked.body).toMatchObject({ confirmed: false, device: { state: 'activating' } });
        server.clock.advance(SIMULATED_DELAY_MS.trustonic);
        const activated = await server.call(confirmLockActivation, { body: ref, ...as });
        expect(activated.body).toMatchObject({ confirmed: true, loan_status: 'active', device: { state: 'active' } });
        expect((await server.call(loanProgress, { body: ref, ...as })).body.step).toBe('done');

        const actions = await server.db
            .select({ action: auditEvents.action })
            .from(auditEvents)
            .where(and(eq(auditEvents.entity, 'loans'), eq(auditEvents.entityId, String(loan.id))));
        expect(actions.map(row => row.action)).toEqual(
            expect.arrayContaining([
                'loans.create',
                'loans.verify_code',
                'loans.deposit_prompt',
                'loans.deposit',
                'loans.activate',
            ]),
        );
    });

    it('verifies both codes at once (verify-otp-v2), or whichever a remote customer has (digital_assisted/verify-otp)', async () => {
        const seller = await newAgent('Soweto Central');
        const both = await makeSale(server.db, { agentId: seller.id });
        await plantSaleCode(server.db, both.loan.id, 'customer', { now: now() });
        await plantSaleCode(server.db, both.loan.id, 'agent', { now: now(), adminId: seller.id });
        const v2 = await server.call(verifyOtpV2, {
            body: { loan_reference: both.loanReference, customer_otp: SALE_TEST_CODE, agent_otp: SALE_TEST_CODE },
            token: seller.token,
        });
        expect(v2.body).toMatchObject({ customer_otp_verified: true, agent_otp_verified: true, loan_status: 'awaiting_deposit' });

        const remote = await makeSale(server.db, { agentId: seller.id });
        await plantSaleCode(server.db, remote.loan.id, 'customer', { now: now() });
        await plantSaleCode(server.db, remote.loan.id, 'agent', { now: now(), adminId: seller.id });
        const agentOnly = await server.call(digitalAssistedVerifyOtp, {
            body: { loan_reference: remote.loanReference, agent_otp: SALE_TEST_CODE },
            token: seller.token,
        });
        expect(agentOnly.body).toMatchObject({ customer_otp_verified: false, agent_otp_verified: true, loan_status: 'draft' });
        const customerLater = await server.call(digitalAssistedVerifyOtp, {
            body: { loan_reference: remote.loanReference, customer_otp: SALE_TEST_CODE },
            token: seller.token,
        });
        expect(customerLater.body).toMatchObject({ customer_otp_verified: true, loan_status: 'awaiting_deposit' });

        const none = await server.call(digitalAssistedVerifyOtp, {
            body: { loan_reference: remote.loanReference },
            token: seller.token,
        });
        expect([none.status, none.error.field]).toEqual([400, 'customer_otp']);
    });

    it('takes a mobile-money deposit for a digitally assisted sale at the loan’s deposit', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const paid = await server.call(digitalAssistedConfirmDeposit, {
            body: { loan_reference: sale.loanReference, reference: `mm-${nextSerial()}` },
            token: token.agent,
        });
        expect(paid.status).toBe(200);
        expect(paid.body).toMatchObject({
            loan_status: 'awaiting_lock',
            replayed: false,
            deposit: { amount: sale.loan.deposit, channel: 'mpesa' },
        });
        expect(paid.body.deposit.reference).toMatch(/^MM-/);
        expect((await loanRow(sale.loan.id))?.balance).toBe(sale.loan.price - sale.loan.deposit);
    });
});

describe('the demo data', () => {
    it("lets the demo agent sell Ayanda Cele a phone from Soweto Central's stock (README, Demo customers)", async () => {
        const ayanda = '27710000005';
        const check = await server.call(customerLoginCheck, { body: { msisdn: ayanda }, token: token.agent });
        expect(['pending', 'verified']).toContain(check.body.customer?.kyc_status);
        const phones = await server.call(qualifiedDevices, { body: { msisdn: ayanda }, token: token.agent });
        expect(phones.body.devices.find(device => device.sku === SALE_SKU)?.in_stock).toBeGreaterThanOrEqual(3);
        const imei = '354679000030000';
        expect((await server.call(imeiValidationCheck, { body: { imei, sku: SALE_SKU }, token: token.agent })).status).toBe(200);
        const sold = await quoteAndCreate(server, { body: saleBody(ayanda, imei), token: token.agent });
        expect(sold.status).toBe(201);
    });
});

describe('every step in its order', () => {
    it('sends and verifies codes for a draft only', async () => {
        const waiting = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        // A loan seeded past its codes, whose flags were never set.
        await server.db
            .update(loans)
            .set({ customerOtpVerifiedAt: null, agentOtpVerifiedAt: null })
            .where(eq(loans.id, waiting.loan.id));
        const ref = { loan_reference: waiting.loanReference };
        for (const call of [generateCustomerOtp, generateAgentOtp]) {
            const refused = await server.call(call, { body: ref, token: token.agent });
            expect([refused.status, refused.error.key]).toEqual([409, 'errors.loan_state']);
            expect(refused.error.message).toContain('awaiting_deposit');
        }
        const verify = await server.call(customerOtp, { body: { ...ref, otp: SALE_TEST_CODE }, token: token.agent });
        expect([verify.status, verify.error.key]).toEqual([409, 'errors.loan_state']);
    });

    it('asks for and records a deposit only once both codes are verified, and only once', async () => {
        const draft = await makeSale(server.db, { agentId: ids.agent });
        const ref = { loan_reference: draft.loanReference };
        const prompt = await server.call(loanDeposit, { body: { ...ref, channel: 'cash' }, token: token.agent });
        expect([prompt.status, prompt.error.key]).toEqual([409, 'errors.loan_state']);
        const early = await server.call(confirmInitialDeposit, {
            body: { ...ref, reference: `EARLY-${nextSerial()}`, amount: 399, channel: 'cash' },
            token: token.agent,
        });
        expect([early.status, early.error.key]).toEqual([409, 'errors.loan_state']);
        expect(await server.db.select().from(transactions).where(eq(transactions.loanId, draft.loan.id))).toEqual([]);

        const waiting = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const body = { loan_reference: waiting.loanReference, amount: 399, channel: 'cash' as const };
        const first = await server.call(confirmInitialDeposit, {
            body: { ...body, reference: `FIRST-${nextSerial()}` },
            token: token.agent,
        });
        expect(first.status).toBe(200);
        const second = await server.call(confirmInitialDeposit, {
            body: { ...body, reference: `SECOND-${nextSerial()}` },
            token: token.agent,
        });
        expect([second.status, second.error.key]).toEqual([409, 'errors.loan_state']);
        expect(await server.db.select().from(transactions).where(eq(transactions.loanId, waiting.loan.id))).toHaveLength(1);
        const again = await server.call(loanDeposit, {
            body: { loan_reference: waiting.loanReference, channel: 'cash' },
            token: token.agent,
        });
        expect([again.status, again.error.key]).toEqual([409, 'errors.loan_state']);
    });

    it('activates the lock only after the deposit', async () => {
        const draft = await makeSale(server.db, { agentId: ids.agent });
        const early = await server.call(confirmLockActivation, {
            body: { loan_reference: draft.loanReference },
            token: token.agent,
        });
        expect([early.status, early.error.key]).toEqual([409, 'errors.loan_state']);
    });

    it('refuses every step of a cancelled sale, whose phone is back in stock for another customer', async () => {
        const customer = await pendingCustomer();
        const imei = await stockItem(server.db);
        const created = await quoteAndCreate(server, { body: saleBody(customer.msisdn, imei), token: token.agent });
        const ref = { loan_reference: created.body.loan_reference };
        const cancelled = await server.call(cancelLoan, {
            body: { ...ref, reason: 'customer_changed_mind' },
            token: token.agent,
        });
        expect(cancelled.body.status).toBe('cancelled');
        expect(await itemStatus(imei)).toBe('in_stock');

        expect((await server.call(loanProgress, { body: ref, token: token.agent })).body.step).toBe('cancelled');
        for (const refused of [
            await server.call(generateCustomerOtp, { body: ref, token: token.agent }),
            await server.call(customerOtp, { body: { ...ref, otp: SALE_TEST_CODE }, token: token.agent }),
            await server.call(loanDeposit, { body: { ...ref, channel: 'cash' }, token: token.agent }),
            await server.call(confirmInitialDeposit, {
                body: { ...ref, reference: `GONE-${nextSerial()}`, amount: 399, channel: 'cash' },
                token: token.agent,
            }),
        ]) {
            expect([refused.status, refused.error.key]).toEqual([409, 'errors.loan_state']);
        }

        // The same customer may start again (the cancelled sale is not in progress), on the same phone.
        const again = await quoteAndCreate(server, { body: saleBody(customer.msisdn, imei), token: token.agent });
        expect(again.status).toBe(201);
        expect(again.body.loan_reference).not.toBe(created.body.loan_reference);
    });
});

describe('steps sent again', () => {
    it('answers the same draft when create_loan is sent again, and refuses a second sale for the customer', async () => {
        const customer = await pendingCustomer();
        const imei = await stockItem(server.db);
        // The same quote accepted twice (a retried request, a double click).
        const accept = {
            body: await quotedBody(server, saleBody(customer.msisdn, imei), { token: token.agent }),
            token: token.agent,
        };
        const first = await server.call(createLoan, accept);
        const again = await server.call(createLoan, accept);
        expect(again.status).toBe(201);
        expect(again.body.id).toBe(first.body.id);
        expect(await server.db.select().from(loans).where(eq(loans.customerId, customer.id))).toHaveLength(1);
        const creates = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'loans.create'), eq(auditEvents.entityId, String(first.body.id))));
        expect(creates).toHaveLength(1);

        const otherPhone = await stockItem(server.db);
        const second = await quoteAndCreate(server, { body: saleBody(customer.msisdn, otherPhone), token: token.agent });
        expect([second.status, second.error.key]).toEqual([409, 'errors.sale_in_progress']);
        expect(second.error.message).toContain(first.body.loan_reference);
        // Another seller's attempt on the same phone and customer is no replay of the agent's draft.
        const colleague = await newAgent('Soweto Central');
        const theirs = await quoteAndCreate(server, { body: saleBody(customer.msisdn, imei), token: colleague.token });
        expect([theirs.status, theirs.error.key]).toEqual([409, 'errors.sale_in_progress']);
        expect(await itemStatus(otherPhone)).toBe('in_stock');
    });

    it('answers a verified code again without counting a guess', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent });
        const codeId = await plantSaleCode(server.db, sale.loan.id, 'customer', { now: now() });
        const body = { loan_reference: sale.loanReference, otp: SALE_TEST_CODE };
        const first = await server.call(customerOtp, { body, token: token.agent });
        const again = await server.call(customerOtp, { body, token: token.agent });
        const wrongAfter = await server.call(customerOtp, { body: { ...body, otp: '999999' }, token: token.agent });
        expect(first.body).toEqual(again.body);
        expect(wrongAfter.body).toEqual(first.body);
        const [code] = await server.db.select().from(otps).where(eq(otps.id, codeId));
        expect(code?.attempts).toBe(1);
        expect(code?.usedAt).not.toBeNull();

        // Once the sale awaits its deposit, verifying both again still answers the same.
        await plantSaleCode(server.db, sale.loan.id, 'agent', { now: now(), adminId: ids.agent });
        const both = await server.call(agentOtp, { body, token: token.agent });
        expect(both.body.loan_status).toBe('awaiting_deposit');
        const replay = await server.call(verifyOtpV2, {
            body: { loan_reference: sale.loanReference, customer_otp: '000001', agent_otp: '000002' },
            token: token.agent,
        });
        expect(replay.body).toEqual(both.body);
    });

    it('records a deposit reference once: again for the loan it is a replay, for another a 409', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const reference = `REF-${nextSerial()}`;
        const body = { loan_reference: sale.loanReference, reference, amount: 399, channel: 'card' as const };
        const first = await server.call(confirmInitialDeposit, { body, token: token.agent });
        const again = await server.call(confirmInitialDeposit, {
            body: { ...body, reference: reference.toLowerCase() },
            token: token.agent,
        });
        expect(first.body.replayed).toBe(false);
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ ...first.body, replayed: true });
        const remote = await server.call(digitalAssistedConfirmDeposit, {
            body: { loan_reference: sale.loanReference, reference },
            token: token.agent,
        });
        expect(remote.body.replayed).toBe(true);
        expect(await server.db.select().from(transactions).where(eq(transactions.reference, reference))).toHaveLength(1);

        const other = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const elsewhere = await server.call(confirmInitialDeposit, {
            body: { ...body, loan_reference: other.loanReference },
            token: token.agent,
        });
        expect([elsewhere.status, elsewhere.error.key, elsewhere.error.field]).toEqual([
            409,
            'errors.reference_used',
            'reference',
        ]);
        expect((await loanRow(other.loan.id))?.status).toBe('awaiting_deposit');
        // A seeded instalment's reference is another payment too.
        const seeded = await server.call(confirmInitialDeposit, {
            body: { ...body, loan_reference: other.loanReference, reference: 'TX-LPP-000001-001' },
            token: token.agent,
        });
        expect([seeded.status, seeded.error.key]).toEqual([409, 'errors.reference_used']);
    });

    it("takes exactly the loan's deposit", async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        for (const amount of [398.99, 400, 39.9]) {
            const wrong = await server.call(confirmInitialDeposit, {
                body: { loan_reference: sale.loanReference, reference: `AMT-${nextSerial()}`, amount, channel: 'cash' },
                token: token.agent,
            });
            expect([wrong.status, wrong.error.key, wrong.error.field]).toEqual([400, 'errors.deposit_amount', 'amount']);
        }
        expect((await loanRow(sale.loan.id))?.status).toBe('awaiting_deposit');
        expect(await itemStatus(sale.imei)).toBe('reserved');
    });

    it('sends the payment prompt again when asked, within an hourly limit', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const body = { loan_reference: sale.loanReference, channel: 'bank' as const };
        for (let sent = 0; sent < DEPOSIT_PROMPTS_PER_HOUR; sent++) {
            expect((await server.call(loanDeposit, { body, token: token.agent })).status).toBe(200);
        }
        const more = await server.call(loanDeposit, { body, token: token.agent });
        expect([more.status, more.error.key]).toEqual([429, 'errors.too_many_attempts']);
        const prompts = await server.db
            .select()
            .from(smsOutbox)
            .where(and(eq(smsOutbox.msisdn, sale.msisdn), like(smsOutbox.text, `%${sale.loanReference}%`)));
        expect(prompts).toHaveLength(DEPOSIT_PROMPTS_PER_HOUR);
    });
});

describe('the sale codes', () => {
    it('answers a wrong code with a 400 on the field that holds it, never a 401', async () => {
        const seller = await newAgent('Soweto Central');
        const sale = await makeSale(server.db, { agentId: seller.id });
        const ref = { loan_reference: sale.loanReference };
        await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        await server.call(generateAgentOtp, { body: ref, token: seller.token });
        const customerCode = await latestCode(sale.msisdn);
        const agentCode = await latestCode(seller.msisdn);

        const wrong = await server.call(customerOtp, { body: { ...ref, otp: otherThan(customerCode) }, token: seller.token });
        expect([wrong.status, wrong.error.key, wrong.error.field]).toEqual([400, 'errors.otp_invalid', 'otp']);

        const both = await server.call(verifyOtpV2, {
            body: { ...ref, customer_otp: otherThan(customerCode), agent_otp: otherThan(agentCode) },
            token: seller.token,
        });
        expect([both.status, both.error.key, both.error.field]).toEqual([400, 'errors.otp_invalid', 'customer_otp']);
        expect(both.error.errors?.map(error => error.field)).toEqual(['customer_otp', 'agent_otp']);

        // One right and one wrong: the right one stays verified.
        const half = await server.call(verifyOtpV2, {
            body: { ...ref, customer_otp: customerCode, agent_otp: otherThan(agentCode) },
            token: seller.token,
        });
        expect([half.status, half.error.field]).toEqual([400, 'agent_otp']);
        expect((await loanRow(sale.loan.id))?.customerOtpVerifiedAt).not.toBeNull();
        // Still signed in: the next call works.
        const done = await server.call(agentOtp, { body: { ...ref, otp: agentCode }, token: seller.token });
        expect(done.body.loan_status).toBe('awaiting_deposit');
    });

    it('refuses the right codes for a draft whose reservation has run out, leaving it a draft for the sweep', async () => {
        const seller = await newAgent('Soweto Central');
        const sale = await makeSale(server.db, { agentId: seller.id });
        const ref = { loan_reference: sale.loanReference };
        await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        await server.call(generateAgentOtp, { body: ref, token: seller.token });
        const customerCode = await latestCode(sale.msisdn);
        const agentCode = await latestCode(seller.msisdn);
        // Started DRAFT_RESERVATION_HOURS ago to the millisecond: its reservation ends now, whether or
        // not a sweep has released it yet.
        const started = new Date(now().getTime() - DRAFT_RESERVATION_HOURS * 60 * 60_000);
        await server.db.update(loans).set({ createdAt: started }).where(eq(loans.id, sale.loan.id));
        const late = await server.call(verifyOtpV2, {
            body: { ...ref, customer_otp: customerCode, agent_otp: agentCode },
            token: seller.token,
        });
        expect([late.status, late.error.key, late.error.field]).toEqual([409, 'errors.reservation_expired', 'loan_reference']);
        expect(await loanRow(sale.loan.id)).toMatchObject({ customerOtpVerifiedAt: null, agentOtpVerifiedAt: null });
        expect((await loanRow(sale.loan.id))?.status).not.toBe('awaiting_deposit');
    });

    it('refuses an expired or used code as expired, and a new code replaces the last', async () => {
        const seller = await newAgent('Soweto Central');
        const sale = await makeSale(server.db, { agentId: seller.id });
        const ref = { loan_reference: sale.loanReference };
        await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        const old = await latestCode(sale.msisdn);
        server.clock.advance(OTP.ttlMs);
        const late = await server.call(customerOtp, { body: { ...ref, otp: old }, token: seller.token });
        expect([late.status, late.error.key, late.error.field]).toEqual([400, 'errors.otp_expired', 'otp']);

        await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        const first = await latestCode(sale.msisdn);
        await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        const replacement = await latestCode(sale.msisdn);
        if (first !== replacement) {
            const replaced = await server.call(customerOtp, { body: { ...ref, otp: first }, token: seller.token });
            expect([replaced.status, replaced.error.key]).toEqual([400, 'errors.otp_invalid']);
        }
        const right = await server.call(customerOtp, { body: { ...ref, otp: replacement }, token: seller.token });
        expect(right.body.customer_otp_verified).toBe(true);

        // No code asked for yet: expired, on the field.
        const never = await server.call(verifyOtpV2, {
            body: { ...ref, customer_otp: replacement, agent_otp: '123456' },
            token: seller.token,
        });
        expect([never.status, never.error.key, never.error.field]).toEqual([400, 'errors.otp_expired', 'agent_otp']);
        // A verified code is not sent again.
        const resend = await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        expect([resend.status, resend.error.key]).toEqual([409, 'errors.loan_state']);
    });

    it('takes 5 wrong guesses, then refuses even the right code with a 429 until a new code can be sent', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent });
        const codeId = await plantSaleCode(server.db, sale.loan.id, 'customer', { now: now() });
        const guess = (otp: string) =>
            server.call(customerOtp, { body: { loan_reference: sale.loanReference, otp }, token: token.agent });
        for (let wrong = 0; wrong < OTP.maxAttempts; wrong++) expect((await guess('999999')).status).toBe(400);
        const sixth = await guess(SALE_TEST_CODE);
        expect([sixth.status, sixth.error.key]).toEqual([429, 'errors.too_many_attempts']);
        expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
        const resend = await server.call(generateCustomerOtp, {
            body: { loan_reference: sale.loanReference },
            token: token.agent,
        });
        expect([resend.status, resend.error.key]).toEqual([429, 'errors.too_many_attempts']);
        expect((await loanRow(sale.loan.id))?.customerOtpVerifiedAt).toBeNull();
        const rejected = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'otps.reject'), eq(auditEvents.entityId, codeId)));
        expect(rejected).toHaveLength(OTP.maxAttempts);
    });

    it("keeps the agent's code to the seller, and the customer's to the seller's shop", async () => {
        const seller = await newAgent('Soweto Central');
        const colleague = await newAgent('Soweto Central');
        const sale = await makeSale(server.db, { agentId: seller.id });
        await plantSaleCode(server.db, sale.loan.id, 'agent', { now: now(), adminId: seller.id });
        const ref = { loan_reference: sale.loanReference };
        const theirs = await server.call(agentOtp, { body: { ...ref, otp: SALE_TEST_CODE }, token: colleague.token });
        expect([theirs.status, theirs.error.key]).toEqual([403, 'errors.forbidden']);
        const toThem = await server.call(generateAgentOtp, { body: ref, token: colleague.token });
        expect([toThem.status, toThem.error.key]).toEqual([403, 'errors.forbidden']);
        expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.msisdn, colleague.msisdn))).toEqual([]);
        // The colleague (same shop) may take the customer's code for the seller's sale.
        await plantSaleCode(server.db, sale.loan.id, 'customer', { now: now() });
        const customerCode = await server.call(customerOtp, { body: { ...ref, otp: SALE_TEST_CODE }, token: colleague.token });
        expect(customerCode.body.customer_otp_verified).toBe(true);
        const mine = await server.call(agentOtp, { body: { ...ref, otp: SALE_TEST_CODE }, token: seller.token });
        expect(mine.body.loan_status).toBe('awaiting_deposit');
    });

    it('answers in loan_progress which codes were sent, to where and until when, and that one has expired once its time has passed', async () => {
        const seller = await newAgent('Soweto Central');
        const sale = await makeSale(server.db, { agentId: seller.id });
        const ref = { loan_reference: sale.loanReference };
        const progress = async () => (await server.call(loanProgress, { body: ref, token: seller.token })).body;

        const before = await progress();
        expect(before.codes).toEqual({ customer: null, agent: null });
        // The IMEI the sale is on comes with the loan: a reloaded wizard shows it again.
        expect(before.loan.imei).toBe(sale.loan.imei);

        const sentAt = now();
        const customerSent = await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        const agentSent = await server.call(generateAgentOtp, { body: ref, token: seller.token });
        const expiresAt = new Date(sentAt.getTime() + OTP.ttlMs).toISOString();
        const sent = await progress();
        expect(sent.codes).toEqual({
            customer: {
                sent_to: customerSent.body.sent_to,
                sent_at: sentAt.toISOString(),
                expires_at: expiresAt,
                expired: false,
            },
            agent: { sent_to: agentSent.body.sent_to, sent_at: sentAt.toISOString(), expires_at: expiresAt, expired: false },
        });
        expect([sent.codes.customer?.sent_to, sent.codes.agent?.sent_to]).toEqual([
            `•••${sale.msisdn.slice(-3)}`,
            `•••${seller.msisdn.slice(-3)}`,
        ]);

        // A resend moves the expiry on: the answer is the last send's.
        server.clock.advance(60_000);
        const resent = await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        expect((await progress()).codes.customer).toMatchObject({
            sent_at: new Date(sentAt.getTime() + 60_000).toISOString(),
            expires_at: resent.body.expires_at,
            expired: false,
        });

        // The agent's code is verified: nothing more to say of it. The customer's runs out.
        await server.call(agentOtp, { body: { ...ref, otp: await latestCode(seller.msisdn) }, token: seller.token });
        server.clock.advance(OTP.ttlMs);
        const late = await progress();
        expect(late.agent_otp_verified).toBe(true);
        expect(late.codes).toEqual({
            customer: {
                sent_to: customerSent.body.sent_to,
                sent_at: expect.any(String),
                expires_at: resent.body.expires_at,
                expired: true,
            },
            agent: null,
        });
        // Sending a new one makes it good again.
        await server.call(generateCustomerOtp, { body: ref, token: seller.token });
        expect((await progress()).codes.customer?.expired).toBe(false);
    });

    it('sends at most 5 codes for a sale, and a phone its hourly share', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent });
        const send = () => server.call(generateCustomerOtp, { body: { loan_reference: sale.loanReference }, token: token.agent });
        for (let sent = 0; sent < OTP.maxSends; sent++) expect((await send()).status).toBe(200);
        const sixth = await send();
        expect([sixth.status, sixth.error.key]).toEqual([429, 'errors.too_many_attempts']);
        server.clock.advance(OTP.ttlMs);
        const phoneFull = await send();
        expect([phoneFull.status, phoneFull.error.key]).toEqual([429, 'errors.too_many_codes']);
        server.clock.advance(60 * 60_000);
        expect((await send()).status).toBe(200);
    });
    it("does not spend the seller's phone's hourly share on their own sale codes: a busy agent makes more than 5 sales an hour", async () => {
        const seller = await newAgent('Soweto Central');
        for (let sale = 0; sale < OTP_SMS_PER_HOUR + 2; sale++) {
            const made = await makeSale(server.db, { agentId: seller.id });
            const sent = await server.call(generateAgentOtp, {
                body: { loan_reference: made.loanReference },
                token: seller.token,
            });
            expect(sent.status).toBe(200);
        }
        // Every one of them went out.
        const [row] = await server.db.select({ value: count() }).from(smsOutbox).where(eq(smsOutbox.msisdn, seller.msisdn));
        expect(row?.value).toBe(OTP_SMS_PER_HOUR + 2);
    });
});

describe('who sells to whom, from where', () => {
    it("refuses a sale to the caller's own phone number", async () => {
        const own = await server.call(customerLoginCheck, { body: { msisdn: '+27820000005' }, token: token.agent });
        expect([own.status, own.error.key, own.error.message]).toEqual([
            409,
            'errors.own_customer',
            'Cannot add loan for yourself',
        ]);
        const imei = await stockItem(server.db);
        const loan = await quoteAndCreate(server, { body: saleBody('27820000005', imei), token: token.agent });
        expect([loan.status, loan.error.key, loan.error.field]).toEqual([409, 'errors.own_customer', 'msisdn']);
    });

    it('says a number is known without showing a customer the caller does not see', async () => {
        const durban = await pendingCustomer({ store: 'Durban Marine Parade' });
        const check = await server.call(customerLoginCheck, { body: { msisdn: durban.msisdn }, token: token.agent });
        expect(check.body).toEqual({ msisdn: durban.msisdn, known: true, customer: null });
        const unknown = await server.call(customerLoginCheck, { body: { msisdn: '27790000000' }, token: token.agent });
        expect(unknown.body).toEqual({ msisdn: '27790000000', known: false, customer: null });
        const imei = await stockItem(server.db);
        const refused = await quoteAndCreate(server, { body: saleBody(durban.msisdn, imei), token: token.agent });
        expect([refused.status, refused.error.key]).toEqual([404, 'errors.customer_not_found']);
    });

    it('sells to a customer of another shop once the agent has submitted their KYC (the identity step)', async () => {
        const seller = await newAgent('Soweto Central');
        const durban = await pendingCustomer({ store: 'Durban Marine Parade' });
        const imei = await stockItem(server.db);
        const unseen = await quoteAndCreate(server, { body: saleBody(durban.msisdn, imei), token: seller.token });
        expect(unseen.status).toBe(404);
        // Someone else's submission, or a rejected one of the seller's, does not open the sale.
        await makeKycSubmission(server.db, durban, ids.agent, 'approved');
        await makeKycSubmission(server.db, durban, seller.id, 'rejected');
        expect(
            (await server.call(customerLoginCheck, { body: { msisdn: durban.msisdn }, token: seller.token })).body.customer,
        ).toBeNull();

        await makeKycSubmission(server.db, durban, seller.id);
        const check = await server.call(customerLoginCheck, { body: { msisdn: durban.msisdn }, token: seller.token });
        expect(check.body.customer?.id).toBe(durban.id);
        const sold = await quoteAndCreate(server, { body: saleBody(durban.msisdn, imei), token: seller.token });
        expect(sold.status).toBe(201);
        expect(sold.body.store?.name).toBe('Soweto Central');
    });

    it("sells from the caller's shop, or for a caller without one from the store they name", async () => {
        const customer = await pendingCustomer();
        const imei = await stockItem(server.db);

        const unnamed = await quoteAndCreate(server, { body: saleBody(customer.msisdn, imei), token: token.admin });
        expect([unnamed.status, unnamed.error.key, unnamed.error.field]).toEqual([400, 'errors.store_required', 'store_id']);
        const check = await server.call(imeiValidationCheck, { body: { imei, sku: SALE_SKU }, token: token.admin });
        expect([check.status, check.error.key]).toEqual([400, 'errors.store_required']);

        const otherShop = await quoteAndCreate(server, {
            body: saleBody(customer.msisdn, imei, { store_id: ids.durban }),
            token: token.agent,
        });
        expect([otherShop.status, otherShop.error.key, otherShop.error.field]).toEqual([
            403,
            'errors.store_not_allowed',
            'store_id',
        ]);
        const ownShopNamed = await server.call(imeiValidationCheck, {
            body: { imei, sku: SALE_SKU, store_id: ids.soweto },
            token: token.agent,
        });
        expect(ownShopNamed.status).toBe(200);

        const wrongStore = await server.call(imeiValidationCheck, {
            body: { imei, sku: SALE_SKU, store_id: ids.durban },
            token: token.admin,
        });
        expect([wrongStore.status, wrongStore.error.key]).toEqual([409, 'errors.imei_not_in_stock']);
        const wrongModel = await server.call(imeiValidationCheck, {
            body: { imei, sku: 'SAM-A15-128', store_id: ids.soweto },
            token: token.admin,
        });
        expect([wrongModel.status, wrongModel.error.key]).toEqual([409, 'errors.imei_not_in_stock']);
        const unknownModel = await server.call(imeiValidationCheck, {
            body: { imei, sku: 'NO-SUCH-PHONE', store_id: ids.soweto },
            token: token.admin,
        });
        expect([unknownModel.status, unknownModel.error.key, unknownModel.error.field]).toEqual([
            400,
            'errors.unknown_sku',
            'sku',
        ]);
        const noStore = await server.call(imeiValidationCheck, {
            body: { imei, sku: SALE_SKU, store_id: 999_999 },
            token: token.admin,
        });
        expect([noStore.status, noStore.error.field]).toEqual([400, 'store_id']);

        const sold = await quoteAndCreate(server, {
            body: saleBody(customer.msisdn, imei, { store_id: ids.soweto }),
            token: token.admin,
        });
        expect(sold.status).toBe(201);
        expect(sold.body.agent?.id).toBe(ids.admin);
        const onLoan = await server.call(imeiValidationCheck, { body: { imei, sku: SALE_SKU }, token: token.agent });
        expect([onLoan.status, onLoan.error.key]).toEqual([409, 'errors.imei_in_use']);
        // A phone sold long ago is on an open loan too.
        const seeded = await makeLoan(server.db);
        const active = await server.call(imeiValidationCheck, { body: { imei: seeded.imei, sku: SALE_SKU }, token: token.agent });
        expect([active.status, active.error.key]).toEqual([409, 'errors.imei_in_use']);
    });

    it('lets a field agent sell to the customer they registered, from the store they name', async () => {
        const customer = await pendingCustomer({ store: null, registeredBy: 'fieldagent' });
        const imei = await stockItem(server.db, { store: 'Cape Town Bellville' });
        const sold = await quoteAndCreate(server, {
            body: {
                ...saleBody(customer.msisdn, imei, { store_id: await storeIdOf(server.db, 'Cape Town Bellville') }),
                channel: 'field_agent',
            },
            token: token.fieldagent,
        });
        expect(sold.status).toBe(201);
        expect(sold.body.store?.name).toBe('Cape Town Bellville');
        const [row] = await server.db.select().from(loans).where(eq(loans.id, sold.body.id));
        expect(row?.channel).toBe('field_agent');
        // Their own sale, though the customer belongs to no shop: they follow it through.
        const progress = await server.call(loanProgress, {
            body: { loan_reference: sold.body.loan_reference },
            token: token.fieldagent,
        });
        expect(progress.body.step).toBe('otp');
    });

    it("keeps a sale to its seller and the seller's shop", async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent });
        const ref = { loan_reference: sale.loanReference };
        const durbanAgent = await newAgent('Durban Marine Parade');
        for (const call of [loanProgress, generateCustomerOtp]) {
            const hidden = await server.call(call, { body: ref, token: durbanAgent.token });
            expect([hidden.status, hidden.error.key]).toEqual([404, 'errors.loan_not_found']);
        }
        // Head-office staff see the sale but do not act on another's.
        expect((await server.call(loanProgress, { body: ref, token: token.admin })).status).toBe(200);
        await plantSaleCode(server.db, sale.loan.id, 'customer', { now: now() });
        const staff = await server.call(customerOtp, { body: { ...ref, otp: SALE_TEST_CODE }, token: token.admin });
        expect([staff.status, staff.error.key]).toEqual([403, 'errors.store_not_allowed']);
        const paying = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const deposit = await server.call(confirmInitialDeposit, {
            body: { loan_reference: paying.loanReference, reference: `STAFF-${nextSerial()}`, amount: 399, channel: 'cash' },
            token: token.maker,
        });
        expect([deposit.status, deposit.error.key]).toEqual([403, 'errors.store_not_allowed']);
        expect(await server.db.select().from(transactions).where(eq(transactions.loanId, paying.loan.id))).toEqual([]);
    });

    it('sells a phone the customer qualifies for, within what their open loans leave', async () => {
        const small = await pendingCustomer({ creditLimit: 2000 });
        // The OPPO A18 finances 2 599 − 399 = 2 200.
        const tooDear = await quoteAndCreate(server, {
            body: saleBody(small.msisdn, await stockItem(server.db)),
            token: token.agent,
        });
        expect([tooDear.status, tooDear.error.key]).toEqual([409, 'errors.not_qualified']);
        const cheaper = await quoteAndCreate(server, {
            body: saleBody(small.msisdn, await stockItem(server.db, { sku: 'ITEL-A70-64' }), { sku: 'ITEL-A70-64' }),
            token: token.agent,
        });
        expect(cheaper.status).toBe(201);

        const busy = await pendingCustomer({ creditLimit: 5000 });
        await makeLoan(server.db, { customerId: busy.id, msisdn: busy.msisdn, balance: 3000 });
        const over = await quoteAndCreate(server, {
            body: saleBody(busy.msisdn, await stockItem(server.db)),
            token: token.agent,
        });
        expect([over.status, over.error.key]).toEqual([409, 'errors.not_qualified']);
        expect(over.error.message).toContain('ZAR 2000');
    });

    it('needs the KYC submitted and not rejected', async () => {
        for (const kycStatus of ['none', 'rejected'] as const) {
            const customer = await makeCustomer(server.db);
            await server.db.update(customers).set({ kycStatus }).where(eq(customers.id, customer.id));
            const imei = await stockItem(server.db);
            const refused = await quoteAndCreate(server, { body: saleBody(customer.msisdn, imei), token: token.agent });
            expect([refused.status, refused.error.key]).toEqual([409, 'errors.kyc_required']);
            expect(await itemStatus(imei)).toBe('in_stock');
        }
        const verified = await makeCustomer(server.db);
        const sold = await quoteAndCreate(server, {
            body: saleBody(verified.msisdn, await stockItem(server.db)),
            token: token.agent,
        });
        expect(sold.status).toBe(201);
    });
});

describe('parallel sellers', () => {
    it('sell one phone once: 50 customers at once, one loan', async () => {
        const imei = await stockItem(server.db);
        const buyers: { msisdn: string }[] = [];
        for (let index = 0; index < 50; index++) buyers.push(await pendingCustomer());
        const bodies: QuotedBody[] = [];
        for (const buyer of buyers) bodies.push(await quotedBody(server, saleBody(buyer.msisdn, imei), { token: token.agent }));
        const outcome = await race(server, createLoan, 50, index => ({
            body: bodies[index] ?? { ...saleBody('', imei), quote_id: '' },
            token: token.agent,
        }));
        expect(outcome.statuses).toEqual({ 201: 1, 409: 49 });
        expect(new Set(outcome.losers.map(loser => loser.error.key))).toEqual(new Set(['errors.imei_in_use']));
        const open = await server.db
            .select()
            .from(loans)
            .where(and(eq(loans.imei, imei), inArray(loans.status, ['draft', 'awaiting_deposit', 'awaiting_lock', 'active'])));
        expect(open).toHaveLength(1);
        expect(await server.db.select().from(deviceLocks).where(eq(deviceLocks.imei, imei))).toHaveLength(1);
    });

    it('answer one draft to 50 identical requests', async () => {
        const customer = await pendingCustomer();
        const imei = await stockItem(server.db);
        const body = await quotedBody(server, saleBody(customer.msisdn, imei), { token: token.agent });
        const outcome = await race(server, createLoan, 50, { body, token: token.agent });
        expect(outcome.statuses).toEqual({ 201: 50 });
        expect(new Set(outcome.winners.map(winner => winner.body.id)).size).toBe(1);
        expect(await server.db.select().from(loans).where(eq(loans.customerId, customer.id))).toHaveLength(1);
    });

    it('give every sale its own reference', async () => {
        const buyers: { customer: { msisdn: string }; imei: string }[] = [];
        for (let index = 0; index < 20; index++)
            buyers.push({ customer: await pendingCustomer(), imei: await stockItem(server.db) });
        const bodies: QuotedBody[] = [];
        for (const buyer of buyers)
            bodies.push(await quotedBody(server, saleBody(buyer.customer.msisdn, buyer.imei), { token: token.agent }));
        const outcome = await race(server, createLoan, 20, index => ({
            body: bodies[index] ?? { ...saleBody('', ''), quote_id: '' },
            token: token.agent,
        }));
        expect(outcome.statuses).toEqual({ 201: 20 });
        expect(new Set(outcome.winners.map(winner => winner.body.loan_reference)).size).toBe(20);
    });

    it('record one deposit for 30 confirmations of one reference', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent, status: 'awaiting_deposit' });
        const reference = `RACE-${nextSerial()}`;
        const outcome = await race(server, confirmInitialDeposit, 30, {
            body: { loan_reference: sale.loanReference, reference, amount: 399, channel: 'mpesa' },
            token: token.agent,
        });
        expect(outcome.statuses).toEqual({ 200: 30 });
        expect(outcome.winners.filter(winner => !winner.body.replayed)).toHaveLength(1);
        expect(await server.db.select().from(transactions).where(eq(transactions.loanId, sale.loan.id))).toHaveLength(1);
        expect((await loanRow(sale.loan.id))?.balance).toBe(sale.loan.price - sale.loan.deposit);
    });

    it('verify a code once for 10 verifications at once', async () => {
        const sale = await makeSale(server.db, { agentId: ids.agent });
        await plantSaleCode(server.db, sale.loan.id, 'customer', { now: now() });
        await server.db.update(loans).set({ agentOtpVerifiedAt: now() }).where(eq(loans.id, sale.loan.id));
        const outcome = await race(server, customerOtp, 10, {
            body: { loan_reference: sale.loanReference, otp: SALE_TEST_CODE },
            token: token.agent,
        });
        expect(outcome.statuses).toEqual({ 200: 10 });
        const moves = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'loans.verify_code'), eq(auditEvents.entityId, String(sale.loan.id))));
        expect(moves).toHaveLength(1);
        expect((await loanRow(sale.loan.id))?.status).toBe('awaiting_deposit');
    });
});
