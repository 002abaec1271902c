/**
 * What a sale needs before anything is written, shared by the quote (./quote.ts) and the loan that
 * accepts it (./sale.ts): the model, a device in stock and on no open loan, a customer with no
 * other sale in progress, whose KYC is in and whose limit covers what the model finances.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CURRENCY } from '../../../contract/customers';
import type { LoanStatus } from '../../../contract/customers';
import type { Queryable } from '../../db';
import { customers, inventoryItems, loans, phoneModels } from '../../db/schema';
import { OPEN_LOAN_STATUSES } from '../../db/schema/loans';
import { HttpError } from '../../http';
import { cents } from '../../wire';
import { creditUsed } from '../records';

type Customer = typeof customers.$inferSelect;
type PhoneModel = typeof phoneModels.$inferSelect;

/** A sale not yet through: the customer has one at a time. */
const SALE_STATUSES = ['draft', 'awaiting_deposit', 'awaiting_lock'] as const satisfies readonly LoanStatus[];

export const imeiInUse = () => new HttpError(409, 'errors.imei_in_use', 'This phone is on another open loan', 'imei');
const imeiNotInStock = () =>
    new HttpError(409, 'errors.imei_not_in_stock', 'No phone of this model with this IMEI is in stock at the shop', 'imei');
const unknownSku = () => new HttpError(400, 'errors.unknown_sku', 'There is no phone model with this SKU', 'sku');

export const phoneModel = async (db: Queryable, sku: string) => {
    const [model] = await db.select().from(phoneModels).where(eq(phoneModels.sku, sku));
    if (!model) throw unknownSku();
    return model;
};

/**
 * The stock item a sale may take: on no open loan (409 `errors.imei_in_use`), in stock at the store
 * as the chosen model (409 `errors.imei_not_in_stock`). Inside a write, `lock` locks the item first
 * and then looks for an open loan, so a sale that waited for the lock sees the loan of the sale
 * that held it.
 */
export const deviceForSale = async (db: Queryable, device: { imei: string; sku: string; storeId: number }, lock = false) => {
    const query = db.select().from(inventoryItems).where(eq(inventoryItems.imei, device.imei));
    const [item] = lock ? await query.for('update') : await query;
    const [open] = await db
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.imei, device.imei), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
        .limit(1);
    if (open) throw imeiInUse();
    if (!item || item.storeId !== device.storeId || item.sku !== device.sku || item.status !== 'in_stock') throw imeiNotInStock();
    return item;
};

/** A customer has one sale at a time: another in progress is 409 `errors.sale_in_progress`, naming it. */
export const refuseSaleInProgress = async (db: Queryable, customerId: number): Promise<void> => {
    const [inProgress] = await db
        .select({ reference: loans.loanReference })
        .from(loans)
        .where(and(eq(loans.customerId, customerId), inArray(loans.status, [...SALE_STATUSES])))
        .limit(1);
    if (inProgress) {
        throw new HttpError(
            409,
            'errors.sale_in_progress',
            `Sale ${inProgress.reference} is already in progress for this customer: finish or cancel it first`,
            'msisdn',
        );
    }
};

/**
 * May this customer buy this model now: KYC submitted and not rejected (409 `errors.kyc_required`),
 * and what it finances within their available limit (409 `errors.not_qualified`). Inside a write
 * the customer's row is locked first, so the limit cannot be spent twice.
 */
export const checkBuyer = async (db: Queryable, customer: Customer, model: PhoneModel): Promise<void> => {
    if (customer.kycStatus !== 'pending' && customer.kycStatus !== 'verified') {
        throw new HttpError(
            409,
            'errors.kyc_required',
            "The customer's KYC must be submitted (and not rejected) before a sale",
            'msisdn',
        );
    }
    const { used } = await creditUsed(db, customer.id);
    const available = cents(Math.max(0, customer.creditLimit - used));
    const financed = cents(model.cashPrice - model.deposit);
    if (financed > available) {
        throw new HttpError(
            409,
            'errors.not_qualified',
            `The customer qualifies for ${CURRENCY} ${available}; this phone finances ${CURRENCY} ${financed}`,
            'sku',
        );
    }
};
