/**
 * The SQL terms every analytics query shares: days and instants in the business time zone, what a
 * payment is worth to what was collected, the read-only transaction a report runs in, the
 * schedule's due-date arithmetic on a loan row, and the keys a figure is grouped by.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Queryable } from '../../db';
import { scheduleReach } from '../../db/scheduleReach';
import { BUSINESS_TIME_ZONE } from '../../time';
import { lastDueBy, lastDueOn } from '../lending/scheduleSql';
import { addDays } from '../../time';
import type { Period } from './days';

export const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
export const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
export const dayValue = (day: string) => sql`${day}::date`;
export const localDay = (column: SQL) => sql`(${column} AT TIME ZONE ${ZONE})::date`;
/**
 * A payment's business day, written exactly as the statistics object of migration
 * 0011_analytics_statistics names it, so the planner knows how many days the payments fall on
 * (hundreds, not a million) and adds them up by day in a hash table rather than by sorting them.
 */
export const PAID_DAY = sql`(t.paid_at AT TIME ZONE ${ZONE})::date`;

/** The statuses of a loan whose deposit was paid. */
export const ORIGINATED = sql.raw(`('awaiting_lock', 'active', 'completed', 'deactivated')`);

/** A payment's worth to what was collected: a reversal takes its amount back. */
export const COLLECTED = sql`CASE WHEN t.kind = 'reversal' THEN -t.amount ELSE t.amount END`;
export const INSTALMENTS = sql`CASE t.kind WHEN 'instalment' THEN t.amount WHEN 'reversal' THEN -t.amount ELSE 0 END`;

/**
 * Reads for a report in one read-only transaction without JIT compilation: PostgreSQL compiles a
 * statement whose estimated cost is high, and these statements' estimates are (a pass over every
 * loan that can count, a probe for each completed one), so compiling cost seconds where running
 * them costs less.
 */
export const analyticsRead = <T>(db: Database, read: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(
        async tx => {
            await tx.execute(sql`SET LOCAL jit = off`);
            return read(tx);
        },
        { accessMode: 'read only' },
    );

// ---------------------------------------------------------------------------------------------
// Schedules: the due-date arithmetic of server/domain/lending/scheduleSql.ts, on a loan row `x`
// that also holds its deposit day `d0` (null before the deposit) and `cap_due`, the last
// instalment due by its own last day (a completed or deactivated loan's; null without one)

export const CAP_DUE = sql`CASE WHEN x.d0 IS NULL THEN NULL ELSE ${lastDueOn(sql`x.cap`)} END`;

/** How many instalments fell due in `window`: from its first day to its last, today or the loan's last day. */
export const dueIn = (window: Period, today: string) =>
    sql`CASE WHEN x.d0 IS NULL THEN 0
             ELSE greatest(0, least(x.term, ${lastDueBy(window.to < today ? window.to : today)}, x.cap_due)
                              - greatest(0, ${lastDueBy(addDays(window.from, -1))})) END`;

/**
 * A loan `l`'s schedule's reach (server/db/scheduleReach.ts), as `loans_schedule_reach_idx` indexes
 * it: with the active loans (`loans_arrears_idx`, partial on them) a BitmapOr of two ranges.
 */
const LOAN_REACH = scheduleReach({
    depositDay: sql`l.deposit_day`,
    firstDueDate: sql`l.first_due_date`,
    term: sql`l.term`,
    instalmentPeriod: sql`l.instalment_period`,
});

/**
 * A loan that may add to a figure: active (today's figures), or whose deposit and schedule, from
 * its deposit to its last instalment (the first due date, which is never before the deposit day,
 * then at most 31 days a month), can reach the periods (what it originated and what fell due).
 */
export const mayCount = (period: Period, previous: Period) =>
    sql`(l.status = 'active' OR (l.deposit_day <= ${dayValue(period.to)} AND ${LOAN_REACH} >= ${dayValue(previous.from)}))`;

// ---------------------------------------------------------------------------------------------
// What each figure is grouped by

/** A ranking's key on a loan `l` (and its shop `s`): a whole number, 0 or -1 for none. */
export interface Dimension {
    key: SQL;
    /** The key reads the loan's shop. */
    stores: boolean;
}

export const BY_SHOP: Dimension = { key: sql`coalesce(l.store_id, 0)`, stores: false };
export const BY_AGENT: Dimension = { key: sql`coalesce(l.agent_admin_id, 0)`, stores: false };
/** The shop's owner (0: nobody; -1: a loan of no shop). */
export const BY_OWNER: Dimension = {
    key: sql`CASE WHEN s.id IS NULL THEN -1 ELSE coalesce(s.owner_admin_id, 0) END`,
    stores: true,
};
/** 1 branded, 0 unbranded, -1 a loan of no shop. */
export const BY_BRAND: Dimension = { key: sql`CASE WHEN s.id IS NULL THEN -1 WHEN s.branded THEN 1 ELSE 0 END`, stores: true };

/** How many rows a query matched, on each row it answers (a page of a ranking or a list of options). */
export const TOTAL = sql`(count(*) OVER ())::int AS total`;
