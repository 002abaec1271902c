/**
 * The checks a loan request passes when a maker raises it (loanRequests.ts) and again when a
 * checker approves it (loanKinds.ts), against the data as it then stands: one code path,
 * so a request cannot be approved on grounds it would have been refused on.
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { customers, deviceLocks, inventoryItems, loans } from '../../db/schema';
import { OPEN_LOAN_STATUSES } from '../../db/schema/loans';
import { HttpError } from '../../http';
import { customerNotFound, loanStateRefused, type LoanRow } from '../records';

/** Every loan request acts on an active loan. */
export const checkLoanActive = (loan: Pick<LoanRow, 'status'>): void => {
    if (loan.status !== 'active') {
        throw loanStateRefused(`Only an active loan takes this request; this loan is ${loan.status}`);
    }
};

export const imeiInUse = (message = 'This IMEI belongs to another open loan') =>
    new HttpError(409, 'errors.imei_in_use', message, 'new_imei');

/**
 * An IMEI change: a different IMEI, on no other open loan, not a phone of the stock that is
 * already reserved, sold or returned, and the loan's lock active (the provider exchanges it from
 * there). Answers the change and the stock item of the new phone, when the stock knows it.
 */
export const checkImeiChange = async (db: Queryable, loan: LoanRow, newImei: string) => {
    if (newImei === loan.imei) {
        throw new HttpError(400, 'errors.field_invalid', 'The new IMEI is the one the loan already has', 'new_imei');
    }
    const [taken] = await db
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.imei, newImei), inArray(loans.status, [...OPEN_LOAN_STATUSES]), ne(loans.id, loan.id)));
    if (taken) throw imeiInUse();
    const [item] = await db
        .select({ id: inventoryItems.id, status: inventoryItems.status })
        .from(inventoryItems)
        .where(eq(inventoryItems.imei, newImei));
    if (item && item.status !== 'in_stock') throw imeiInUse(`This phone is ${item.status}, not in stock`);
    const [device] = await db.select({ state: deviceLocks.state }).from(deviceLocks).where(eq(deviceLocks.loanId, loan.id));
    if (device?.state !== 'active') {
        throw new HttpError(
            409,
            'errors.device_state',
            `The phone is exchanged from an active lock; this one is ${device?.state ?? 'not attached'}`,
            'loan_reference',
        );
    }
    return { change: { old_imei: loan.imei, new_imei: newImei }, stockItemId: item?.id ?? null };
};

/**
 * A transfer of ownership: the new owner is a known customer (among those `visible`, when the
 * maker's sight limits it) other than the loan's current one.
 */
export const checkLoanTransfer = async (db: Queryable, loan: LoanRow, fromMsisdn: string, toMsisdn: string, visible?: SQL) => {
    const [owner] = await db
        .select({ id: customers.id, msisdn: customers.msisdn, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(and(eq(customers.msisdn, toMsisdn), visible));
    if (!owner) throw customerNotFound('new_msisdn');
    if (owner.id === loan.customerId) {
        throw new HttpError(409, 'errors.same_owner', 'The loan already belongs to this customer', 'new_msisdn');
    }
    return {
        change: { from_msisdn: fromMsisdn, to_msisdn: owner.msisdn, to_name: `${owner.firstName} ${owner.lastName}`.trim() },
        ownerId: owner.id,
    };
};
