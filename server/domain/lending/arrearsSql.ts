/**
 * Arrears in SQL, on a loan's own row: the schedule's rule (./schedule.ts) written so that a list
 * can filter, sort and page loans in arrears in the database, along an index.
 *
 * What makes it indexable: the due date of a loan's oldest unpaid instalment depends on its row
 * alone (its first due date, period, instalment, and what it has paid), not on today. Payments pay
 * the oldest instalment first, so the instalments paid in full are what it has paid ÷ instalment,
 * rounded down, and the oldest unpaid one is the next. A loan is in arrears when that date is
 * before today; its days overdue are today − that date, so the buckets are ranges of it and the
 * days are its order. `loans_arrears_idx` (schema/loans.ts) holds it for active loans, so the
 * expression itself is the database layer's (server/db/arrears.ts `oldestUnpaidDue`).
 *
 * What it has paid is `price − deposit − balance`: the instalments less reversals (and insurers'
 * payments, which lower the balance the same way), as analytics counts it. Only the amount overdue
 * depends on today, and is worked out for the rows read, by the schedule's own SQL (./scheduleSql.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { oldestUnpaidDue, paidOf, type LoanTermsColumns } from '../../db/arrears';
import { instalmentsDueBy, scheduleOfLoan } from './scheduleSql';

// The index's expression is the database's (server/db/arrears.ts); the queue reads it from here.
export { oldestUnpaidDue, paidOf, type LoanTermsColumns };

/** A day (YYYY-MM-DD) as an SQL date. */
export const dayValue = (day: string): SQL => sql`${day}::date`;

const DAY_MS = 86_400_000;

/** The day `days` after (or before) `day`. */
export const shiftDay = (day: string, days: number): string =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What fell due on or before yesterday and is unpaid (0 when nothing is overdue). */
export const amountOverdueSql = (l: LoanTermsColumns, today: string): SQL =>
    sql`greatest(0, ${instalmentsDueBy(shiftDay(today, -1), scheduleOfLoan(l))} * ${l.instalment} - greatest(0, ${paidOf(l)}))`;
