/**
 * The due date of a loan's oldest unpaid instalment, in SQL on the loan's own row: the expression
 * `loans_arrears_idx` (schema/loans.ts) indexes, so it lives below the schema. The lending domain
 * builds its arrears on it (server/domain/lending/arrearsSql.ts, which says why it is indexable).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The loan's columns the arrears are worked out from (a table, or the same table's columns in an index). */
export interface LoanTermsColumns {
    price: AnyPgColumn;
    deposit: AnyPgColumn;
    balance: AnyPgColumn;
    instalment: AnyPgColumn;
    term: AnyPgColumn;
    instalmentPeriod: AnyPgColumn;
    firstDueDate: AnyPgColumn;
}

/** What the instalments have been paid (the deposit apart), less reversals. */
export const paidOf = (l: LoanTermsColumns): SQL => sql`(${l.price} - ${l.deposit} - ${l.balance})`;

/** The instalments paid in full, oldest first (never below 0). */
const coveredOf = (l: LoanTermsColumns): SQL => sql`greatest(0, floor(${paidOf(l)} / ${l.instalment}))::int`;

/**
 * The due date of the oldest instalment not paid in full; null once every instalment is paid (or
 * for a loan without instalments). Immutable, so it is an index's expression: written once here
 * for the index and the queries, which the planner matches to each other. Its text must not
 * change without a migration recreating `loans_arrears_idx`.
 */
export const oldestUnpaidDue = (l: LoanTermsColumns): SQL =>
    sql`(CASE WHEN ${l.instalment} > 0 AND ${paidOf(l)} < ${l.term} * ${l.instalment}
              THEN CASE WHEN ${l.instalmentPeriod} = 'weekly'
                        THEN ${l.firstDueDate} + 7 * ${coveredOf(l)}
                        ELSE (${l.firstDueDate} + make_interval(months => ${coveredOf(l)}))::date END END)`;
