/**
 * Who may sell to whom, from where, and act on which sale (contract/origination/index.ts, "Who"):
 *
 * - the customer: one the caller sees (`visibleCustomers`, server/domain/records/customers.ts), one
 *   they registered, or one whose KYC they submitted and that was not rejected (the wizard's
 *   identity step for a number someone else registered);
 * - never the caller's own phone number (409 `errors.own_customer`);
 * - the phone: from the caller's shop, or, for a caller without one, from the store they name;
 * - the loan: seen by whoever sees its customer and by its seller; changed only by its seller or
 *   someone of the shop that sold it.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db';
import { admins, kycSubmissions, loans, stores } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { loanNotFound, selectLoans, toLoan, visibleCustomers, type LoanRow } from '../records';

/** A column spelled with its table, for conditions used inside joins and subqueries. */
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

export const callerId = (context: CallContext): number => {
    if (!context.session) throw new Error('Origination calls are for signed-in callers only');
    return context.session.admin.id;
};

/** The customers this caller may sell to, as a condition on `customers`. */
export const saleCustomers = (context: CallContext): SQL => {
    const me = callerId(context);
    return (
        or(
            visibleCustomers(context),
            sql`${column('customers', 'registered_by_admin_id')} = ${me}`,
            sql`EXISTS (SELECT 1 FROM ${kycSubmissions} k WHERE k.customer_id = ${column('customers', 'id')} AND k.submitted_by_admin_id = ${me} AND k.status IN ('pending', 'approved'))`,
        ) ?? sql`false`
    );
};

/** The caller's own phone number (the agent code goes there; a sale to it is refused). */
export const callerMsisdn = async (context: CallContext): Promise<string> => {
    const [row] = await context.db
        .select({ msisdn: admins.msisdn })
        .from(admins)
        .where(eq(admins.id, callerId(context)));
    if (!row) throw new Error('The signed-in admin vanished');
    return row.msisdn;
};

export const ownCustomer = () => new HttpError(409, 'errors.own_customer', 'Cannot add loan for yourself', 'msisdn');

/** Refuses a sale to the caller's own phone number. */
export const refuseOwnMsisdn = async (context: CallContext, msisdn: string): Promise<void> => {
    if ((await callerMsisdn(context)).replace(/^\+/, '') === msisdn) throw ownCustomer();
};

/**
 * The store a phone is sold from: the caller's shop (naming another is 403), or for a caller
 * without one the store they name (400 when they name none, or one that does not exist).
 */
export const saleStore = async (context: CallContext, named: number | undefined): Promise<{ id: number; name: string }> => {
    const own = context.session?.admin.storeId ?? null;
    if (own !== null && named !== undefined && named !== own) {
        throw new HttpError(403, 'errors.store_not_allowed', 'You sell phones from your own shop only', 'store_id');
    }
    const storeId = own ?? named;
    if (storeId === undefined) {
        throw new HttpError(400, 'errors.store_required', 'Choose the shop the phone comes from', 'store_id');
    }
    const [store] = await context.db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.id, storeId));
    if (!store) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');
    return store;
};

/** The loan with this reference, if the caller sees its customer or sold it; else 404. */
export const saleLoan = async (context: CallContext, loanReference: string, db: Queryable = context.db) => {
    const [row] = await selectLoans(db).where(
        and(eq(loans.loanReference, loanReference), or(visibleCustomers(context), eq(loans.agentAdminId, callerId(context)))),
    );
    if (!row) throw loanNotFound();
    return row;
};

/** Changing a sale: its seller, or someone attached to the shop that sold it. */
export const checkSaleActor = (context: CallContext, loan: LoanRow): void => {
    if (loan.agentAdminId === callerId(context)) return;
    const shop = context.session?.admin.storeId ?? null;
    if (shop !== null && loan.storeId === shop) return;
    throw new HttpError(403, 'errors.store_not_allowed', 'Only the seller or their shop may act on this sale', 'loan_reference');
};

/** Inside a write: the loan row, locked, so parallel steps on one sale take turns. */
export const lockLoan = async (tx: Transaction, loanId: number): Promise<LoanRow> => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new Error('A loan vanished while it was changed');
    return loan;
};

/** A loan as the contract answers it, read again (inside a write, through its transaction). */
export const readLoan = async (db: Queryable, loanId: number) => {
    const [row] = await selectLoans(db).where(eq(loans.id, loanId));
    if (!row) throw new Error('The loan could not be read back');
    return toLoan(row);
};
