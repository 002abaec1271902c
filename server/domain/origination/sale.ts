/**
 * Starting a sale (contract/origination/index.ts): who the customer is, whether a device may be sold,
 * the draft loan that reserves it on the quote the customer accepted (./quote.ts), and where a sale
 * stands. The loan takes the quote's figures, never the catalogue's at that moment: a quote the
 * catalogue no longer prices the same is refused (409 `errors.quote_stale`), and `loans_quote_key`
 * lets one quote make one loan.
 *
 * `create_loan` runs under the customer's row lock, so one customer's parallel sales take turns:
 * the second sees the first (the same draft again, or `errors.sale_in_progress`) and the credit
 * limit cannot be spent twice. The device's stock row is locked too, and the partial unique index
 * `loans_open_imei_key` is the last word when two customers are sold one device at the same
 * instant: its violation is the 409 `errors.imei_in_use`.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    createLoan,
    customerLoginCheck,
    imeiValidationCheck,
    loanProgress,
    type OriginationStep,
} from '../../../contract/origination';
import type { LoanStatus } from '../../../contract/customers';
import type { Queryable, Transaction } from '../../db';
import { customers, deviceLocks, inventoryItems, loans, transactions } from '../../db/schema';
import { mount } from '../../http';
import { newChallenge, refreshDevices } from '../devices';
import { customerNotFound, selectCustomers, toCustomer, toLoan } from '../records';
import { callerId, readLoan, refuseOwnMsisdn, saleCustomers, saleLoan, saleStore } from './access';
import { pricedAsQuoted, quoteById, quoteStale, type QuoteRow } from './quote';
import { checkBuyer, deviceForSale, imeiInUse, phoneModel, refuseSaleInProgress } from './saleChecks';
import { sentCodes } from './codes';
import { toTransaction } from './deposit';
import { releaseCustomerDrafts } from './expiry';

const STEP_OF: Readonly<Record<LoanStatus, OriginationStep>> = {
    draft: 'otp',
    awaiting_deposit: 'deposit',
    awaiting_lock: 'lock',
    active: 'done',
    completed: 'done',
    // Sold, then deregistered: the sale itself went through.
    deactivated: 'done',
    cancelled: 'cancelled',
};

/** The reference of a loan this server starts: `LPP-` and six digits or more, as the seed's (server/seed/customers.ts). */
const REFERENCE_PREFIX = 'LPP-';
const REFERENCE_PATTERN = `^${REFERENCE_PREFIX}[0-9]{6,12}$`;

/**
 * The next free reference, taken under a transaction-wide advisory lock so two sales never pick
 * the same one: one past the newest `LPP-` loan's (read backwards along the primary key, so it
 * costs what was created since), then the first that is not taken.
 */
const nextLoanReference = async (tx: Transaction): Promise<string> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('loans:reference'))`);
    const [newest] = await tx
        .select({ reference: loans.loanReference })
        .from(loans)
        .where(sql`${loans.loanReference} ~ ${REFERENCE_PATTERN}`)
        .orderBy(desc(loans.id))
        .limit(1);
    let next = newest ? Number(newest.reference.slice(REFERENCE_PREFIX.length)) + 1 : 1;
    for (;;) {
        const candidate = `${REFERENCE_PREFIX}${String(next).padStart(6, '0')}`;
        const [taken] = await tx.select({ id: loans.id }).from(loans).where(eq(loans.loanReference, candidate));
        if (!taken) return candidate;
        next += 1;
    }
};

/** The caller's draft that accepted this quote, if it is still a draft: the same quote again answers it. */
const draftOfQuote = async (db: Queryable, quoteId: number) => {
    const [row] = await db
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.quoteId, quoteId), eq(loans.status, 'draft')))
        .limit(1);
    return row?.id ?? null;
};

/** A quote is for one sale: the caller who asked, the customer, the model and device, the shop and the channel. */
const quoteFits = (
    quote: QuoteRow,
    sale: { adminId: number; customerId: number; storeId: number; sku: string; imei: string; channel: string },
) =>
    quote.adminId === sale.adminId &&
    quote.customerId === sale.customerId &&
    quote.storeId === sale.storeId &&
    quote.sku === sale.sku &&
    quote.imei === sale.imei &&
    quote.channel === sale.channel;

/** Thrown inside the write when the draft turned out to exist already: answered outside it, nothing written. */
class SameDraft extends Error {
    constructor(readonly loanId: number) {
        super('The same draft exists');
    }
}

export const registerSaleRoutes = (app: FastifyInstance): void => {
    mount(app, customerLoginCheck, async ({ body }, context) => {
        await refuseOwnMsisdn(context, body.msisdn);
        const [seen] = await selectCustomers(context.db).where(and(eq(customers.msisdn, body.msisdn), saleCustomers(context)));
        if (seen) return { msisdn: body.msisdn, known: true, customer: toCustomer(seen) };
        const [someone] = await context.db.select({ id: customers.id }).from(customers).where(eq(customers.msisdn, body.msisdn));
        return { msisdn: body.msisdn, known: someone !== undefined, customer: null };
    });

    mount(app, imeiValidationCheck, async ({ body }, context) => {
        const store = await saleStore(context, body.store_id);
        const model = await phoneModel(context.db, body.sku);
        await deviceForSale(context.db, { imei: body.imei, sku: model.sku, storeId: store.id });
        return { imei: body.imei, sku: model.sku, brand: model.brand, model: model.model, store };
    });

    mount(app, createLoan, async ({ body }, context) => {
        const me = callerId(context);
        await refuseOwnMsisdn(context, body.msisdn);
        const store = await saleStore(context, body.store_id);
        const [seen] = await context.db
            .select({ id: customers.id })
            .from(customers)
            .where(and(eq(customers.msisdn, body.msisdn), saleCustomers(context)));
        if (!seen) throw customerNotFound();
        // A draft of theirs past its reservation is released first: it no longer holds their credit.
        await releaseCustomerDrafts(context, seen.id);
        // The quote accepted must be this caller's, for this very sale; else it is not the one shown.
        const offered = await quoteById(context.db, body.quote_id);
        if (!offered || !quoteFits(offered, { ...body, adminId: me, customerId: seen.id, storeId: store.id })) throw quoteStale();
        // Only the draft of this very quote answers again: a draft made on another quote for the same
        // sale (other terms, another channel) is a sale in progress, never passed off as this one.
        const already = await draftOfQuote(context.db, offered.id);
        if (already !== null) return readLoan(context.db, already);
        try {
            return await context.write(
                async tx => {
                    const [customer] = await tx.select().from(customers).where(eq(customers.id, seen.id)).for('update');
                    if (!customer) throw customerNotFound();
                    const again = await draftOfQuote(tx, offered.id);
                    if (again !== null) throw new SameDraft(again);
                    // Used by another loan (since cancelled or gone on), expired, or priced otherwise now: quoted again.
                    const [used] = await tx.select({ id: loans.id }).from(loans).where(eq(loans.quoteId, offered.id)).limit(1);
                    if (used || context.now().getTime() >= offered.expiresAt.getTime()) throw quoteStale();
                    await refuseSaleInProgress(tx, customer.id);
                    const model = await phoneModel(tx, body.sku);
                    if (!pricedAsQuoted(offered, model)) throw quoteStale();
                    await checkBuyer(tx, customer, model);
                    const item = await deviceForSale(tx, { imei: body.imei, sku: model.sku, storeId: store.id }, true);
                    const loanReference = await nextLoanReference(tx);
                    const now = context.now();
                    // Exactly the terms quoted: the price is the total payable, deposit + instalment × term.
                    const price = offered.totalPayable;
                    const [loan] = await tx
                        .insert(loans)
                        .values({
                            loanReference,
                            customerId: customer.id,
                            inventoryItemId: item.id,
                            imei: item.imei,
                            sku: model.sku,
                            lockSolution: offered.lockSolution,
                            price,
                            deposit: offered.deposit,
                            instalment: offered.instalment,
                            instalmentPeriod: offered.instalmentPeriod,
                            term: offered.term,
                            cashPrice: offered.cashPrice,
                            firstDueDate: offered.firstDueDate,
                            quoteId: offered.id,
                            balance: price,
                            agentAdminId: me,
                            storeId: store.id,
                            channel: body.channel,
                            status: 'draft',
                            createdAt: now,
                            updatedAt: now,
                        })
                        .returning({ id: loans.id });
                    if (!loan) throw new Error('The loan could not be created');
                    await tx.update(inventoryItems).set({ status: 'reserved' }).where(eq(inventoryItems.id, item.id));
                    await tx.insert(deviceLocks).values({
                        loanId: loan.id,
                        imei: item.imei,
                        lockSolution: model.lockSolution,
                        state: 'pending',
                        confirmedState: 'pending',
                        challenge: newChallenge(),
                        updatedAt: now,
                    });
                    return {
                        result: await readLoan(tx, loan.id),
                        audit: [
                            {
                                action: 'loans.create',
                                entity: 'loans',
                                entityId: loan.id,
                                after: {
                                    loan_reference: loanReference,
                                    customer_id: customer.id,
                                    imei: item.imei,
                                    sku: model.sku,
                                    store_id: store.id,
                                    channel: body.channel,
                                    quote_id: offered.publicId,
                                    cash_price: offered.cashPrice,
                                    price,
                                    deposit: offered.deposit,
                                    instalment: offered.instalment,
                                    term: offered.term,
                                    first_due_date: offered.firstDueDate,
                                    status: 'draft',
                                },
                            },
                            {
                                action: 'inventory_items.reserve',
                                entity: 'inventory_items',
                                entityId: item.id,
                                before: { status: item.status },
                                after: { status: 'reserved', loan_reference: loanReference },
                            },
                        ],
                    };
                },
                { conflicts: { loans_open_imei_key: imeiInUse, loans_quote_key: quoteStale } },
            );
        } catch (error) {
            if (error instanceof SameDraft) return readLoan(context.db, error.loanId);
            throw error;
        }
    });

    mount(app, loanProgress, async ({ body }, context) => {
        let sale = await saleLoan(context, body.loan_reference);
        // A draft past its reservation is released before it is resumed: the wizard then says it was cancelled.
        if (sale.loan.status === 'draft' && (await releaseCustomerDrafts(context, sale.loan.customerId)) > 0) {
            sale = await saleLoan(context, body.loan_reference);
        }
        if (sale.device?.requestedState) {
            await refreshDevices(context, [sale.loan.id]);
            sale = await saleLoan(context, body.loan_reference);
        }
        const { loan } = sale;
        const [customer] = await selectCustomers(context.db).where(eq(customers.id, loan.customerId));
        if (!customer) throw new Error('A loan without its customer');
        const [deposit] = await context.db
            .select()
            .from(transactions)
            .where(and(eq(transactions.loanId, loan.id), eq(transactions.kind, 'deposit')))
            .orderBy(asc(transactions.createdAt), asc(transactions.id))
            .limit(1);
        return {
            loan: toLoan(sale),
            customer: toCustomer(customer),
            step: STEP_OF[loan.status],
            customer_otp_verified: loan.customerOtpVerifiedAt !== null,
            agent_otp_verified: loan.agentOtpVerifiedAt !== null,
            codes: await sentCodes(context.db, loan, sale.msisdn, context.now()),
            deposit: deposit ? toTransaction(deposit, loan.loanReference) : null,
        };
    });
};
