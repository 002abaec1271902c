/**
 * How loans and their device locks are read and written on the wire, and which loans a caller
 * may see and act on: a loan is seen by whoever sees its customer (./customers.ts), and changed
 * only by its own shop's staff when the caller is attached to a shop.
 */
import { and, desc, eq } from 'drizzle-orm';
import { CURRENCY, type Loan } from '../../../contract/customers';
import type { DeviceLock } from '../../../contract/devices';
import type { Queryable } from '../../db';
import { admins, customers, deviceLocks, loans, phoneModels, stores } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { cents, iso } from '../../wire';
import { shippedPicture } from '../phonePictures';
import { visibleCustomers } from './customers';

export const loanNotFound = () => new HttpError(404, 'errors.loan_not_found', 'Loan not found', 'loan_reference');

export type DeviceRow = typeof deviceLocks.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;

export const toDeviceLock = (device: DeviceRow): DeviceLock => ({
    imei: device.imei,
    lock_solution: device.lockSolution,
    state: device.state,
    requested_state: device.requestedState,
    confirmed_state: device.confirmedState,
    requested_at: device.requestedAt ? iso(device.requestedAt) : null,
    confirmed_at: device.confirmedAt ? iso(device.confirmedAt) : null,
    failure_reason: device.failureReason,
    vivo_authorized: device.vivoAuthorizedAt !== null,
    lock_reason: device.lockReason,
});

const loanFields = {
    loan: loans,
    msisdn: customers.msisdn,
    brand: phoneModels.brand,
    model: phoneModels.model,
    image: phoneModels.image,
    agentFirst: admins.firstName,
    agentLast: admins.lastName,
    storeName: stores.name,
    device: deviceLocks,
};

export const selectLoans = (db: Queryable) =>
    db
        .select(loanFields)
        .from(loans)
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .innerJoin(phoneModels, eq(phoneModels.sku, loans.sku))
        .leftJoin(admins, eq(admins.id, loans.agentAdminId))
        .leftJoin(stores, eq(stores.id, loans.storeId))
        .leftJoin(deviceLocks, eq(deviceLocks.loanId, loans.id));

export type SelectedLoan = Awaited<ReturnType<ReturnType<typeof selectLoans>['execute']>>[number];

/**
 * What a loan still asks of its customer: its balance, but nothing for a cancelled sale (it never
 * went through: the phone went back in stock, and the stored balance is only the price it would
 * have started from).
 */
export const balanceDue = (loan: Pick<LoanRow, 'status' | 'balance'>): number => (loan.status === 'cancelled' ? 0 : loan.balance);

export const toLoan = (row: SelectedLoan): Loan => {
    const { loan } = row;
    return {
        id: loan.id,
        loan_reference: loan.loanReference,
        msisdn: row.msisdn,
        imei: loan.imei,
        sku: loan.sku,
        brand: row.brand,
        model: row.model,
        image: shippedPicture(row.image),
        lock_solution: loan.lockSolution,
        price: loan.price,
        deposit: loan.deposit,
        instalment: loan.instalment,
        instalment_period: loan.instalmentPeriod,
        term: loan.term,
        cash_price: loan.cashPrice,
        amount_financed: cents(loan.cashPrice - loan.deposit),
        cost_of_credit: cents(loan.price - loan.cashPrice),
        total_payable: loan.price,
        first_due_date: loan.firstDueDate,
        balance: balanceDue(loan),
        amount_paid: Math.round((loan.price - loan.balance) * 100) / 100,
        currency: CURRENCY,
        status: loan.status,
        cancellation_reason: loan.cancellationReason,
        agent:
            loan.agentAdminId !== null && row.agentFirst !== null
                ? { id: loan.agentAdminId, name: `${row.agentFirst} ${row.agentLast ?? ''}`.trim() }
                : null,
        store: loan.storeId !== null && row.storeName !== null ? { id: loan.storeId, name: row.storeName } : null,
        device: row.device ? toDeviceLock(row.device) : null,
        created_at: iso(loan.createdAt),
    };
};

/** A visible customer's loans, newest first. */
export const loansOfCustomer = (db: Queryable, customerId: number) =>
    selectLoans(db).where(eq(loans.customerId, customerId)).orderBy(desc(loans.id)).limit(200);

/** The loan with this reference, if the caller may see its customer; else 404. */
export const visibleLoan = async (context: CallContext, loanReference: string, db: Queryable = context.db) => {
    const [row] = await selectLoans(db).where(and(eq(loans.loanReference, loanReference), visibleCustomers(context)));
    if (!row) throw loanNotFound();
    return row;
};

/**
 * A caller attached to a shop acts only on loans sold in that shop (they may see a customer's
 * other loans, not change them).
 */
export const checkOwnShopLoan = (context: CallContext, loan: LoanRow) => {
    const shop = context.session?.admin.storeId ?? null;
    if (shop !== null && loan.storeId !== shop) {
        throw new HttpError(403, 'errors.store_not_allowed', 'This loan was sold by another shop', 'loan_reference');
    }
};
