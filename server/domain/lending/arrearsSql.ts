/**
 * Arrears in SQL, on a loan's own row: the schedule's rule (./schedule.ts) written so that a list
 * can filter, sort and page loans in arrears in the database, along an index.
 *
 * What makes it indexable: the due date of a loan's oldest unpaid instalment depends on its row
 * alone (its first due date, period, instalment, and what it has paid), not on today. Payments pay
 * the oldest instalment first, so the instalments paid in full are what it has paid ÷ instalment,
 * rounded down, and the oldest unpaid one is the next. A loan is in arrears when that date is
 * before today; its days overdue are today − that date, so the buckets are ranges of it and the
 * days are its order. `loans_arrears_idx` (schema/loans.ts) holds it for active loans.
 *
 * What it has paid is `price − deposit − balance`: the instalments less reversals (and insurers'
 * payments, which lower the balance the same way), as analytics counts it. Only the amount overdue
 * depends on today, and is worked out for the rows read, by the schedule's own SQL (./scheduleSql.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { instalmentsDueBy, scheduleOfLoan } from './scheduleSql';

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

/** A day (YYYY-MM-DD) as an SQL date. */
export const dayValue = (day: string): SQL => sql`${day}::date`;

const DAY_MS = 86_400_000;

/** The day `days` after (or before) `day`. */
export const shiftDay = (day: string, days: number): string =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What fell due on or before yesterday and is unpaid (0 when nothing is overdue). */
export const amountOverdueSql = (l: LoanTermsColumns, today: string): SQL =>
    sql`greatest(0, ${instalmentsDueBy(shiftDay(today, -1), scheduleOfLoan(l))} * ${l.instalment} - greatest(0, ${paidOf(l)}))`;
