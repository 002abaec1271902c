/**
 * Payments as the contract shows them (contract/money/ `moneyTransaction`, `suspenseItem`), read
 * with the loan they are on, its customer, and who queued or corrected them; and the paging the
 * money lists share (a page and the count of every match in one query).
 */
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CURRENCY } from '../../../contract/customers';
import type { MoneyTransaction, SuspenseItem } from '../../../contract/money';
import type { Queryable } from '../../db';
import { admins, customers, loans, transactions } from '../../db/schema';
import { iso } from '../../wire';

const queuer = alias(admins, 'queuer');
const corrector = alias(admins, 'corrector');

const transactionFields = {
    tx: transactions,
    loanReference: loans.loanReference,
    customerFirst: customers.firstName,
    customerLast: customers.lastName,
    customerPublicId: customers.publicId,
    queuerFirst: queuer.firstName,
    queuerLast: queuer.lastName,
    correctorFirst: corrector.firstName,
    correctorLast: corrector.lastName,
};

/**
 * Payments with what the answers name: the loan and its customer (none while unmatched), who
 * queued and who corrected it; `extra` adds columns (the page's total).
 */
export const selectTransactions = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...transactionFields, ...(extra as Extra) })
        .from(transactions)
        .leftJoin(loans, eq(loans.id, transactions.loanId))
        .leftJoin(customers, eq(customers.id, loans.customerId))
        .leftJoin(queuer, eq(queuer.id, transactions.queuedBy))
        .leftJoin(corrector, eq(corrector.id, transactions.correctedBy));

/** How many payments match `where`, a condition that may name the loan and its customer. */
type SelectedTransaction = Awaited<ReturnType<ReturnType<typeof selectTransactions>['execute']>>[number];

export const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

const person = (id: number | null, first: string | null, last: string | null) =>
    id === null ? null : { id, name: fullName(first, last) };

export const toMoneyTransaction = (row: SelectedTransaction): MoneyTransaction => {
    const { tx } = row;
    return {
        id: tx.id,
        reference: tx.reference,
        msisdn: tx.msisdn,
        loan_reference: row.loanReference,
        customer_name: row.loanReference === null ? null : fullName(row.customerFirst, row.customerLast),
        customer_public_id: row.loanReference === null ? null : row.customerPublicId,
        amount: tx.amount,
        currency: CURRENCY,
        channel: tx.channel,
        kind: tx.kind,
        account: tx.account,
        paid_at: iso(tx.paidAt),
        created_at: iso(tx.createdAt),
        suspense_status: tx.suspenseStatus,
        suspense_reason: tx.suspenseReason,
        upload_id: tx.uploadId,
    };
};

/** A payment that is or was in suspense; null for one that never was. */
export const toSuspenseItem = (row: SelectedTransaction): SuspenseItem | null => {
    const { tx } = row;
    if (tx.suspenseStatus === null) return null;
    return {
        ...toMoneyTransaction(row),
        suspense_status: tx.suspenseStatus,
        queue_note: tx.queueNote,
        queued_by: person(tx.queuedBy, row.queuerFirst, row.queuerLast),
        queued_at: tx.queuedAt ? iso(tx.queuedAt) : null,
        corrected_by: person(tx.correctedBy, row.correctorFirst, row.correctorLast),
        corrected_at: tx.correctedAt ? iso(tx.correctedAt) : null,
    };
};

/** One suspense payment as answered, read through `db` (inside a write, its transaction). */
export const readSuspenseItem = async (db: Queryable, id: number): Promise<SuspenseItem> => {
    const [row] = await selectTransactions(db).where(eq(transactions.id, id));
    const item = row ? toSuspenseItem(row) : null;
    if (!item) throw new Error(`Suspense payment ${id} could not be read back`);
    return item;
};

/** The page's rows when the contract's paging asks for page `page_number` of `page_size`. */
export const pageWindow = (body: { page_number: number; page_size: number }) => ({
    limit: body.page_size,
    offset: (body.page_number - 1) * body.page_size,
});
