/**
 * The quote (contract/origination/index.ts `loanQuote`, server/domain/origination/quote.ts):
 * every figure the customer will owe, adding up to the cent, issued before acceptance and kept;
 * `create_loan` takes exactly the quoted terms, and refuses a quote that is not this sale's, or no
 * longer true, with 409 `errors.quote_stale` on `quote_id`.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLoans, loanStatements } from '../../contract/customers';
import { cancelLoan, confirmInitialDeposit, createLoan, loanQuote, QUOTE_VALIDITY_MINUTES } from '../../contract/origination';
import { auditEvents, customers, loanQuotes, loans, phoneModels } from '../../server/db/schema';
import { DEMO_MODELS } from '../../server/seed/customers';
import { businessDay } from '../../server/time';
import { firstDueDate } from '../../server/domain/origination/terms';
import { signInAs } from './contractCases';
import { adminId, makeCustomer, type CustomerOptions } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';
import { SALE_SKU, stockItem, storeIdOf, type SaleBody } from './originationFixtures';

let server: TestServer;
const token: Record<string, string> = {};
const ids = { agent: 0, soweto: 0 };

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['agent', 'admin'] as const) token[username] = await signInAs(server, username);
    ids.agent = await adminId(server.db, 'agent');
    ids.soweto = await storeIdOf(server.db, 'Soweto Central');
}, 60_000);
afterAll(() => server?.close());

const pendingCustomer = async (options: CustomerOptions = {}) => {
    const customer = await makeCustomer(server.db, options);
    await server.db.update(customers).set({ kycStatus: 'pending' }).where(eq(customers.id, customer.id));
    return customer;
};

const saleBody = (msisdn: string, imei: string, sku = SALE_SKU): SaleBody => ({ msisdn, sku, imei, channel: 'shop' });

/** A customer, a phone in stock and the quote the agent was given for them. */
const quoted = async (sku = SALE_SKU) => {
    const customer = await pendingCustomer({ creditLimit: 20_000 });
    const body = saleBody(customer.msisdn, await stockItem(server.db, { sku }), sku);
    const quote = await server.call(loanQuote, { body, token: token.agent });
    expect(quote.status).toBe(201);
    return { customer, body, quote: quote.body };
};

const expectStale = (answer: { status: number; error: { key: string; field?: string } }) =>
    expect([answer.status, answer.error.key, answer.error.field]).toEqual([409, 'errors.quote_stale', 'quote_id']);

describe('the quote', () => {
    it('adds up to the cent for every model in the catalogue, and names every figure', async () => {
        for (const model of DEMO_MODELS) {
            const { quote, body } = await quoted(model.sku);
            const financed = Math.round((model.cashPrice - model.deposit) * 100) / 100;
            const total = Math.round((model.deposit + model.instalment * model.term) * 100) / 100;
            expect(quote).toMatchObject({
                msisdn: body.msisdn,
                sku: model.sku,
                imei: body.imei,
                store: { id: ids.soweto, name: 'Soweto Central' },
                lock_solution: model.lock,
                currency: 'ZAR',
                cash_price: model.cashPrice,
                deposit: model.deposit,
                amount_financed: financed,
                instalment: model.instalment,
                instalments: model.term,
                instalment_period: model.period,
                total_payable: total,
                cost_of_credit: Math.round((total - model.cashPrice) * 100) / 100,
            });
            // cash + cost of credit = deposit + instalments; financed + deposit = cash.
            expect(quote.cash_price + quote.cost_of_credit).toBeCloseTo(quote.deposit + quote.instalment * quote.instalments, 6);
            expect(quote.amount_financed + quote.deposit).toBeCloseTo(quote.cash_price, 6);
            expect(quote.cost_of_credit).toBeGreaterThan(0);
            expect(quote.cost_of_credit_percent).toBe(Math.round((quote.cost_of_credit / quote.amount_financed) * 1000) / 10);
            expect(Date.parse(quote.expires_at) - Date.parse(quote.issued_at)).toBe(QUOTE_VALIDITY_MINUTES * 60_000);
            expect(quote.quote_id).toMatch(/^[0-9a-f-]{36}$/);
        }
    });

    it('shows the OPPO A18 as the customer owes it: ZAR 170 of credit on 2 200 financed, 2 769 in all', async () => {
        const { quote } = await quoted();
        expect(quote).toMatchObject({
            cash_price: 2599,
            deposit: 399,
            amount_financed: 2200,
            cost_of_credit: 170,
            cost_of_credit_percent: 7.7,
            instalment: 79,
            instalments: 30,
            total_payable: 2769,
        });
        // Due one week after today (the deposit day, when the sale goes ahead today).
        const today = businessDay(server.clock.now());
        expect(quote.first_due_date).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10));
    });

    it('is kept with who asked and for which sale, and audited; nothing is reserved', async () => {
        const { quote, customer } = await quoted();
        const [row] = await server.db.select().from(loanQuotes).where(eq(loanQuotes.publicId, quote.quote_id));
        expect(row).toMatchObject({
            adminId: ids.agent,
            customerId: customer.id,
            sku: SALE_SKU,
            imei: quote.imei,
            storeId: ids.soweto,
            cashPrice: 2599,
            totalPayable: 2769,
        });
        const audited = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'loan_quotes.issue'), eq(auditEvents.entityId, String(row?.id))));
        expect(audited).toHaveLength(1);
        expect(await server.db.select().from(loans).where(eq(loans.customerId, customer.id))).toEqual([]);
    });

    it('is given only for a sale that could go ahead', async () => {
        const small = await pendingCustomer({ creditLimit: 1000 });
        const dear = await server.call(loanQuote, {
            body: saleBody(small.msisdn, await stockItem(server.db)),
            token: token.agent,
        });
        expect([dear.status, dear.error.key]).toEqual([409, 'errors.not_qualified']);
        const noKyc = await makeCustomer(server.db);
        await server.db.update(customers).set({ kycStatus: 'none' }).where(eq(customers.id, noKyc.id));
        const unchecked = await server.call(loanQuote, {
            body: saleBody(noKyc.msisdn, await stockItem(server.db)),
            token: token.agent,
        });
        expect([unchecked.status, unchecked.error.key]).toEqual([409, 'errors.kyc_required']);
        const customer = await pendingCustomer();
        const missing = await server.call(loanQuote, { body: saleBody(customer.msisdn, '356938035643809'), token: token.agent });
        expect([missing.status, missing.error.key]).toEqual([409, 'errors.imei_not_in_stock']);
        expect(await server.db.select().from(loanQuotes).where(eq(loanQuotes.customerId, customer.id))).toEqual([]);
    });
});

describe('accepting a quote', () => {
    it('creates the loan with exactly the quoted terms, kept on the loan and in its statement', async () => {
        const { quote, body } = await quoted();
        const created = await server.call(createLoan, { body: { ...body, quote_id: quote.quote_id }, token: token.agent });
        expect(created.status).toBe(201);
        const terms = {
            cash_price: quote.cash_price,
            deposit: quote.deposit,
            amount_financed: quote.amount_financed,
            cost_of_credit: quote.cost_of_credit,
            total_payable: quote.total_payable,
            price: quote.total_payable,
            balance: quote.total_payable,
            instalment: quote.instalment,
            term: quote.instalments,
            instalment_period: quote.instalment_period,
            first_due_date: quote.first_due_date,
            lock_solution: quote.lock_solution,
        };
        expect(created.body).toMatchObject(terms);
        const [row] = await server.db.select().from(loans).where(eq(loans.id, created.body.id));
        const [quoteRow] = await server.db.select().from(loanQuotes).where(eq(loanQuotes.publicId, quote.quote_id));
        expect(row?.quoteId).toBe(quoteRow?.id);

        const listed = await server.call(customerLoans, { body: { msisdn: body.msisdn }, token: token.agent });
        expect(listed.body.data.find(loan => loan.id === created.body.id)).toMatchObject(terms);
        const statement = await server.call(loanStatements, {
            body: { loan_reference: created.body.loan_reference },
            token: token.agent,
        });
        expect(statement.body).toMatchObject({
            price: quote.total_payable,
            cash_price: quote.cash_price,
            deposit: quote.deposit,
            financed: quote.amount_financed,
            cost_of_credit: quote.cost_of_credit,
            instalment: quote.instalment,
            term: quote.instalments,
            first_due_date: quote.first_due_date,
        });
    });

    it('answers the same draft when the same quote is sent again', async () => {
        const { quote, body } = await quoted();
        const accept = { body: { ...body, quote_id: quote.quote_id }, token: token.agent };
        const first = await server.call(createLoan, accept);
        const again = await server.call(createLoan, accept);
        expect([first.status, again.status]).toEqual([201, 201]);
        expect(again.body.id).toBe(first.body.id);
        // Even once the quote's time has passed: the draft already holds its terms.
        server.clock.advance(QUOTE_VALIDITY_MINUTES * 60_000 + 1);
        expect((await server.call(createLoan, accept)).body.id).toBe(first.body.id);
    });

    it('needs a quote: without one the body is refused, naming quote_id', async () => {
        const customer = await pendingCustomer();
        const answer = await server.callUnchecked(createLoan, {
            body: saleBody(customer.msisdn, await stockItem(server.db)),
            token: token.agent,
        });
        expect([answer.status, answer.error.field]).toEqual([400, 'quote_id']);
    });

    it('refuses an expired quote, and the next one goes through', async () => {
        const { quote, body } = await quoted();
        server.clock.advance(QUOTE_VALIDITY_MINUTES * 60_000);
        expectStale(await server.call(createLoan, { body: { ...body, quote_id: quote.quote_id }, token: token.agent }));
        expect(await server.db.select().from(loans).where(eq(loans.imei, body.imei))).toEqual([]);
        const fresh = await server.call(loanQuote, { body, token: token.agent });
        const created = await server.call(createLoan, { body: { ...body, quote_id: fresh.body.quote_id }, token: token.agent });
        expect(created.status).toBe(201);
    });

    it('refuses a quote already used by a loan that is no longer a draft', async () => {
        const { quote, body } = await quoted();
        const accept = { body: { ...body, quote_id: quote.quote_id }, token: token.agent };
        const created = await server.call(createLoan, accept);
        const cancelled = await server.call(cancelLoan, {
            body: { loan_reference: created.body.loan_reference, reason: 'customer_changed_mind' },
            token: token.agent,
        });
        expect(cancelled.status).toBe(200);
        expectStale(await server.call(createLoan, accept));
    });

    it("refuses another caller's quote, and a quote for another customer or device", async () => {
        const { quote, body } = await quoted();
        // The head-office admin names the same shop: the sale is the same, the quote is not theirs.
        const theirs = await server.call(createLoan, {
            body: { ...body, store_id: ids.soweto, quote_id: quote.quote_id },
            token: token.admin,
        });
        expectStale(theirs);
        const other = await pendingCustomer();
        expectStale(
            await server.call(createLoan, {
                body: { ...body, msisdn: other.msisdn, quote_id: quote.quote_id },
                token: token.agent,
            }),
        );
        const otherPhone = await stockItem(server.db);
        expectStale(
            await server.call(createLoan, { body: { ...body, imei: otherPhone, quote_id: quote.quote_id }, token: token.agent }),
        );
        const unknown = '7d4e1b8a-2c3f-4a5b-9c6d-0e1f2a3b4c5d';
        expectStale(await server.call(createLoan, { body: { ...body, quote_id: unknown }, token: token.agent }));
        expect(await server.db.select().from(loans).where(eq(loans.imei, body.imei))).toEqual([]);
        // The quote is still good for its own sale.
        expect((await server.call(createLoan, { body: { ...body, quote_id: quote.quote_id }, token: token.agent })).status).toBe(
            201,
        );
    });

    it('never answers a draft made on another quote: a second quote for the same sale finds the sale in progress', async () => {
        const { quote: first, body } = await quoted();
        // A second quote for the very same sale, issued before the first was accepted (another channel).
        const other = { ...body, channel: 'digital_assisted' as const };
        const second = await server.call(loanQuote, { body: other, token: token.agent });
        expect(second.status).toBe(201);
        const created = await server.call(createLoan, { body: { ...body, quote_id: first.quote_id }, token: token.agent });
        expect(created.status).toBe(201);
        const refused = await server.call(createLoan, {
            body: { ...other, quote_id: second.body.quote_id },
            token: token.agent,
        });
        expect([refused.status, refused.error.key]).toEqual([409, 'errors.sale_in_progress']);
    });

    it('moves the first due date to one period after the deposit day when the deposit is paid later, never earlier', async () => {
        const { quote, body } = await quoted();
        const created = await server.call(createLoan, { body: { ...body, quote_id: quote.quote_id }, token: token.agent });
        expect(created.body.first_due_date).toBe(quote.first_due_date);
        // Both codes verified (the codes' own tests walk that), then the deposit paid three days later.
        const verified = server.clock.now();
        await server.db
            .update(loans)
            .set({ status: 'awaiting_deposit', customerOtpVerifiedAt: verified, agentOtpVerifiedAt: verified })
            .where(eq(loans.id, created.body.id));
        server.clock.advance(3 * 24 * 3_600_000);
        token.agent = await signInAs(server, 'agent'); // the session of three days ago has ended
        const paid = await server.call(confirmInitialDeposit, {
            body: {
                loan_reference: created.body.loan_reference,
                reference: `LATE-${created.body.id}-DEPOSIT`,
                amount: quote.deposit,
                channel: 'mpesa',
            },
            token: token.agent,
        });
        expect(paid.status).toBe(200);
        const [loan] = await server.db.select().from(loans).where(eq(loans.id, created.body.id));
        const expected = firstDueDate(businessDay(server.clock.now()), quote.instalment_period);
        expect(expected > quote.first_due_date).toBe(true);
        expect(loan?.firstDueDate).toBe(expected);
    });

    it("refuses a quote whose model's prices changed since, never re-pricing it", async () => {
        const { quote, body } = await quoted('VIVO-Y17S-64');
        await server.db.update(phoneModels).set({ instalmentAmount: 72 }).where(eq(phoneModels.sku, 'VIVO-Y17S-64'));
        try {
            expectStale(await server.call(createLoan, { body: { ...body, quote_id: quote.quote_id }, token: token.agent }));
            expect(await server.db.select().from(loans).where(eq(loans.imei, body.imei))).toEqual([]);
            // Quoted again, the new price shows, and that quote is accepted.
            const fresh = await server.call(loanQuote, { body, token: token.agent });
            expect(fresh.body.instalment).toBe(72);
            const created = await server.call(createLoan, {
                body: { ...body, quote_id: fresh.body.quote_id },
                token: token.agent,
            });
            expect(created.body).toMatchObject({ instalment: 72, total_payable: 299 + 72 * 30 });
        } finally {
            await server.db.update(phoneModels).set({ instalmentAmount: 69 }).where(eq(phoneModels.sku, 'VIVO-Y17S-64'));
        }
    });
});
