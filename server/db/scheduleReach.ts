/**
 * The last day a loan's schedule can reach, in SQL on the loan's own row: from its deposit day (or
 * its first due date, which is never before it) the term's instalments at 7 days a week or at most
 * 31 days a month. Analytics adds up only the loans that are active or whose reach is on or after
 * its periods' first day (server/domain/analytics/sqlTerms.ts `mayCount`), so a report reads the
 * loans still running through `loans_schedule_reach_idx` (schema/loans.ts, migration 0039) instead
 * of walking every loan ever sold. Immutable, so it is an index's expression: written once here for
 * the index and the query, which the planner matches to each other. Its text must not change
 * without a migration recreating the index.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The loan's columns its reach is worked out from (a table's, or `l.`-qualified SQL in a query). */
export interface ScheduleReachColumns {
    depositDay: AnyPgColumn | SQL;
    firstDueDate: AnyPgColumn | SQL;
    term: AnyPgColumn | SQL;
    instalmentPeriod: AnyPgColumn | SQL;
}

export const scheduleReach = (l: ScheduleReachColumns): SQL =>
    sql`(greatest(${l.depositDay}, ${l.firstDueDate}) + ${l.term} * CASE WHEN ${l.instalmentPeriod} = 'weekly' THEN 7 ELSE 31 END)`;
