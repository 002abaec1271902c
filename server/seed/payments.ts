/** Payments inserted in bulk by the set-based seed (server/seed/customers.ts, money.ts, analytics.ts). */
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db';
import { loans, transactions } from '../db/schema';

/**
 * Runs `insert` (one statement adding many payments) with the last-payment trigger of migration
 * 0042 off, in this transaction alone, then sets the last payment of the loans `touched` selects
 * (a condition on `loans`) in one statement: the trigger would work each loan's out again once per
 * payment, a row at a time. What is set is what the trigger keeps, the `paid_at` of the payment
 * recorded last (by `created_at`, then id), a reversal apart.
 */
export const insertPaymentsInBulk = async (tx: Transaction, insert: () => Promise<unknown>, touched: SQL): Promise<void> => {
    await tx.execute(sql`ALTER TABLE ${transactions} DISABLE TRIGGER transactions_last_payment_added`);
    await insert();
    await tx.execute(sql`ALTER TABLE ${transactions} ENABLE TRIGGER transactions_last_payment_added`);
    await tx.execute(sql`
        UPDATE ${loans} SET last_paid_at = last.paid_at
        FROM (SELECT DISTINCT ON (t.loan_id) t.loan_id, t.paid_at
              FROM ${transactions} t JOIN ${loans} ON ${loans.id} = t.loan_id
              WHERE ${touched} AND t.kind <> 'reversal'
              ORDER BY t.loan_id, t.created_at DESC, t.id DESC) AS last
        WHERE ${loans.id} = last.loan_id`);
};
