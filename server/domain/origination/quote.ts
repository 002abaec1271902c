/**
 * The quote (contract/origination/index.ts `loanQuote`): the terms a customer is offered for one device,
 * issued by the server, kept in `loan_quotes` with who asked, and accepted by `create_loan`
 * (server/domain/origination/sale.ts) by its opaque id. A quote is issued only for a sale that
 * could go ahead now (the checks of `create_loan` that write nothing); accepting it checks it is
 * still the caller's, for the same sale, unexpired, unused and priced as the catalogue prices the
 * model now, else 409 `errors.quote_stale`: the customer is quoted again, never re-priced unseen.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY } from '../../../contract/customers';
import { loanQuote, QUOTE_VALIDITY_MINUTES, type Quote } from '../../../contract/origination';
import type { Queryable } from '../../db';
import { customers, loanQuotes, phoneModels } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { iso } from '../../wire';
import { businessDay } from '../../time';
import { customerNotFound } from '../records';
import { callerId, refuseOwnMsisdn, saleCustomers, saleStore } from './access';
import { checkBuyer, deviceForSale, phoneModel, refuseSaleInProgress } from './saleChecks';
import { releaseCustomerDrafts } from './expiry';
import { figuresOf, firstDueDate } from './terms';

type PhoneModel = typeof phoneModels.$inferSelect;
export type QuoteRow = typeof loanQuotes.$inferSelect;

export const quoteStale = () =>
    new HttpError(
        409,
        'errors.quote_stale',
        'This quote can no longer be accepted (expired, used, or the prices changed): ask for a new one',
        'quote_id',
    );

/** Whether the catalogue prices the model now exactly as the quote did. */
export const pricedAsQuoted = (quote: QuoteRow, model: PhoneModel): boolean =>
    model.cashPrice === quote.cashPrice &&
    model.deposit === quote.deposit &&
    model.instalmentAmount === quote.instalment &&
    model.instalmentPeriod === quote.instalmentPeriod &&
    model.term === quote.term &&
    model.lockSolution === quote.lockSolution;

/** The quote with this public id, or null: an id that is not a quote is as stale as an old one. */
export const quoteById = async (db: Queryable, publicId: string): Promise<QuoteRow | null> => {
    const [row] = await db.select().from(loanQuotes).where(eq(loanQuotes.publicId, publicId));
    return row ?? null;
};

const toQuote = (
    row: QuoteRow,
    context: { msisdn: string; brand: string; model: string; store: { id: number; name: string } },
): Quote => {
    const figures = figuresOf({ cashPrice: row.cashPrice, deposit: row.deposit, instalment: row.instalment, term: row.term });
    return {
        quote_id: row.publicId,
        msisdn: context.msisdn,
        sku: row.sku,
        brand: context.brand,
        model: context.model,
        imei: row.imei,
        store: context.store,
        lock_solution: row.lockSolution,
        currency: CURRENCY,
        cash_price: row.cashPrice,
        deposit: row.deposit,
        amount_financed: figures.amountFinanced,
        cost_of_credit: figures.costOfCredit,
        cost_of_credit_percent: figures.costOfCreditPercent,
        instalment: row.instalment,
        instalments: row.term,
        instalment_period: row.instalmentPeriod,
        first_due_date: row.firstDueDate,
        total_payable: row.totalPayable,
        issued_at: iso(row.issuedAt),
        expires_at: iso(row.expiresAt),
    };
};

export const registerQuoteRoutes = (app: FastifyInstance): void => {
    mount(app, loanQuote, async ({ body }, context) => {
        const me = callerId(context);
        await refuseOwnMsisdn(context, body.msisdn);
        const store = await saleStore(context, body.store_id);
        const [customer] = await context.db
            .select()
            .from(customers)
            .where(and(eq(customers.msisdn, body.msisdn), saleCustomers(context)));
        if (!customer) throw customerNotFound();
        const model = await phoneModel(context.db, body.sku);
        await releaseCustomerDrafts(context, customer.id);
        await refuseSaleInProgress(context.db, customer.id);
        await checkBuyer(context.db, customer, model);
        await deviceForSale(context.db, { imei: body.imei, sku: model.sku, storeId: store.id });
        const now = context.now();
        const { totalPayable } = figuresOf({
            cashPrice: model.cashPrice,
            deposit: model.deposit,
            instalment: model.instalmentAmount,
            term: model.term,
        });
        return context.write(async tx => {
            const [row] = await tx
                .insert(loanQuotes)
                .values({
                    publicId: randomUUID(),
                    adminId: me,
                    customerId: customer.id,
                    sku: model.sku,
                    imei: body.imei,
                    storeId: store.id,
                    channel: body.channel,
                    lockSolution: model.lockSolution,
                    cashPrice: model.cashPrice,
                    deposit: model.deposit,
                    instalment: model.instalmentAmount,
                    instalmentPeriod: model.instalmentPeriod,
                    term: model.term,
                    totalPayable,
                    // As the schedule counts from the deposit day, paid today when the sale goes ahead.
                    firstDueDate: firstDueDate(businessDay(now), model.instalmentPeriod),
                    issuedAt: now,
                    expiresAt: new Date(now.getTime() + QUOTE_VALIDITY_MINUTES * 60_000),
                })
                .returning();
            if (!row) throw new Error('The quote could not be kept');
            const quote = toQuote(row, { msisdn: customer.msisdn, brand: model.brand, model: model.model, store });
            return {
                result: quote,
                audit: {
                    action: 'loan_quotes.issue',
                    entity: 'loan_quotes',
                    entityId: row.id,
                    after: {
                        quote_id: quote.quote_id,
                        customer_id: customer.id,
                        sku: quote.sku,
                        imei: quote.imei,
                        store_id: store.id,
                        cash_price: quote.cash_price,
                        deposit: quote.deposit,
                        instalment: quote.instalment,
                        instalments: quote.instalments,
                        total_payable: quote.total_payable,
                        expires_at: quote.expires_at,
                    },
                },
            };
        });
    });
};
