/**
 * The analytics figures (contract/analytics/ header; docs/domain.md "Analytics"), every one an
 * SQL aggregate: a handful of set-based queries per call, never a query per loan or per bucket,
 * and no row read into the process to be added up. The SQL lives in this folder (and the scope
 * conditions in scope.ts) so it can be measured and tuned in one place: the terms every query
 * shares in sqlTerms.ts, the two aggregates below, and what reads them: kpis.ts (the headline
 * figures), series.ts, rankings.ts, options.ts (what the caller may pick).
 *
 * Days are business days (Africa/Johannesburg, server/time.ts): a period's
 * bounds become instants for the `transactions_paid_idx` range, and an instant's day is
 * `(instant AT TIME ZONE zone)::date`.
 *
 * - A loan's **deposit day** is the day of its first `deposit` payment (min paid_at), which the
 *   database keeps on the loan (`loans.deposit_paid_at` and `deposit_day`, migration
 *   0012_loan_deposit_day). A loan is **originated** in the period its deposit day falls in, once
 *   it has reached `awaiting_lock` (so `active`, `completed` and `deactivated` too).
 * - Its **schedule** is the lending module's (server/domain/lending/schedule.ts): instalment k
 *   (1..term) falls due k − 1 weeks, or k − 1 calendar months (the day clipped to the month's
 *   end), after the loan's first due date, the day the customer accepted. Nothing after today has
 *   fallen due; nothing after a `completed` loan's last payment (the last recorded: the one that
 *   paid it off), nor after the day a `deactivated` loan was deactivated (its last update). The
 *   instalments due in a period are counted by the module's SQL arithmetic on the first due date
 *   (`lastDueBy`, server/domain/lending/scheduleSql.ts), not by listing the schedule.
 * - **Collected**: deposits and instalments paid in the period on loans in scope, less the
 *   `reversal` payments (stored with a positive amount: server/domain/money/tpi/decide.ts).
 *   *Instalments collected* are the instalments less the reversals (which undo an insurer's
 *   instalment). Payments in suspense have no loan, so no scope.
 * - **Today**: active loans and their balance; a loan is at risk (PAR) when its oldest unpaid
 *   instalment — the one after those its payments cover, (price − deposit − balance) ÷ instalment
 *   rounded down — fell due more than PAR_DAYS days before today. A device is locked when its
 *   provider confirmed it locked (`device_locks.confirmed_state`).
 *
 * How it is read, at a million payments on PostgreSQL (bench/analytics.ts measures every call):
 * each call's statements run in one read-only transaction with JIT off (`analyticsRead`); the
 * loans' figures are one pass over the loans in scope that can count (active, or whose schedule
 * can reach the periods), each with its deposit day on its row; the sales of a period are a range
 * of `loans_deposit_paid_idx`; the payments are one range of `transactions_paid_idx`, which holds
 * their loan, kind and amount (an index-only scan), added up by business day (with the statistics
 * of migration 0011, in a hash table) and never re-read per bucket.
 */
import { sql, type SQL } from 'drizzle-orm';
import { deviceLocks, loans, stores, transactions } from '../../db/schema';
import { endOfDay, startOfDay } from '../../time';
import { lastDueBy, SCHEDULE_COLUMNS } from '../lending/scheduleSql';
import { PAR_DAYS } from '../../../contract/analytics';
import { addDays } from '../../time';
import type { Period } from './days';
import type { Scope } from './scope';
import { CAP_DUE, COLLECTED, dueIn, INSTALMENTS, instant, localDay, mayCount, ORIGINATED, type Dimension } from './sqlTerms';

// Other domains count business days with these and import them from here.
export type { Period } from './days';

// ---------------------------------------------------------------------------------------------
// The figures, as two aggregates: what the loans hold, and what was paid

/**
 * Two CTEs, `held` and `paid`, each one row per key (one row when `dimension` is null):
 *
 * - `held`: over the loans in scope whose deposit was paid, one row each with its deposit day
 *   (kept on the loan), what it originated and what fell due in the period and the previous one,
 *   and today's figures;
 * - `paid`: the payments on loans in scope in both periods, on `transactions_paid_idx`'s range.
 *
 * `previous` ends the day before `period` starts.
 */
export const figures = (
    scope: Scope,
    period: Period,
    previous: Period,
    today: string,
    dimension: Dimension | null,
    withPaid = true,
): SQL => {
    const start = instant(startOfDay(period.from));
    const end = instant(endOfDay(period.to));
    const previousStart = instant(startOfDay(previous.from));
    const keyColumn = dimension ? sql`${dimension.key} AS key,` : sql``;
    const groupBy = dimension ? sql`GROUP BY key` : sql``;
    const shopOfLoan = dimension?.stores ? sql`LEFT JOIN ${stores} s ON s.id = l.store_id` : sql``;
    const payments =
        scope.unrestricted && !dimension
            ? sql`FROM ${transactions} t WHERE t.paid_at >= ${previousStart} AND t.paid_at < ${end} AND t.loan_id IS NOT NULL`
            : sql`FROM ${transactions} t JOIN ${loans} l ON l.id = t.loan_id ${shopOfLoan}
                  WHERE t.paid_at >= ${previousStart} AND t.paid_at < ${end} AND ${scope.loans}`;
    const paid = sql`
        paid AS (
            SELECT ${keyColumn}
                   coalesce(sum(${COLLECTED}) FILTER (WHERE t.paid_at >= ${start}), 0) AS collected,
                   coalesce(sum(${COLLECTED}) FILTER (WHERE t.paid_at < ${start}), 0) AS collected_previous,
                   coalesce(sum(${INSTALMENTS}) FILTER (WHERE t.paid_at >= ${start}), 0) AS instalments,
                   coalesce(sum(${INSTALMENTS}) FILTER (WHERE t.paid_at < ${start}), 0) AS instalments_previous
            ${payments}
            ${groupBy}
        ),`;
    return sql`
        WITH ${withPaid ? paid : sql``}
        held AS (
            SELECT ${dimension ? sql`x.key,` : sql``}
                   count(*) FILTER (WHERE x.first_paid >= ${start} AND x.first_paid < ${end})::int AS loans_originated,
                   coalesce(sum(x.price) FILTER (WHERE x.first_paid >= ${start} AND x.first_paid < ${end}), 0) AS loan_value,
                   count(*) FILTER (WHERE x.first_paid >= ${previousStart} AND x.first_paid < ${start})::int AS loans_originated_previous,
                   coalesce(sum(x.price) FILTER (WHERE x.first_paid >= ${previousStart} AND x.first_paid < ${start}), 0) AS loan_value_previous,
                   coalesce(sum(${dueIn(period, today)} * x.instalment), 0) AS instalments_due,
                   coalesce(sum(${dueIn(previous, today)} * x.instalment), 0) AS instalments_due_previous,
                   -- The bases a change is stated against (MIN_COMPARABLE_LOANS): the loans with an
                   -- instalment due, and those that owed anything (sold in the period, or an instalment due).
                   count(*) FILTER (WHERE ${dueIn(period, today)} > 0)::int AS loans_due,
                   count(*) FILTER (WHERE ${dueIn(previous, today)} > 0)::int AS loans_due_previous,
                   count(*) FILTER (WHERE (x.first_paid >= ${start} AND x.first_paid < ${end})
                                       OR ${dueIn(period, today)} > 0)::int AS loans_owing,
                   count(*) FILTER (WHERE (x.first_paid >= ${previousStart} AND x.first_paid < ${start})
                                       OR ${dueIn(previous, today)} > 0)::int AS loans_owing_previous,
                   count(*) FILTER (WHERE x.status = 'active')::int AS active_loans,
                   coalesce(sum(x.balance) FILTER (WHERE x.status = 'active'), 0) AS active_balance,
                   -- At risk: fewer instalments covered (paid ÷ instalment, rounded down) than the term
                   -- and than were due PAR_DAYS + 1 days ago; compared as money, so nothing is divided.
                   coalesce(sum(x.balance) FILTER (
                       WHERE x.status = 'active' AND x.d0 IS NOT NULL AND x.paid < x.term * x.instalment
                         AND x.paid < ${lastDueBy(addDays(today, -(PAR_DAYS + 1)))} * x.instalment
                   ), 0) AS par_balance,
                   count(*) FILTER (WHERE x.status = 'active' AND x.confirmed_state = 'locked')::int AS devices_locked
            FROM (
                SELECT x.*, ${CAP_DUE} AS cap_due
                FROM (
                    SELECT ${keyColumn} l.status, l.price, l.balance, l.instalment, l.term,
                           ${SCHEDULE_COLUMNS}, l.deposit_paid_at AS first_paid, l.deposit_day AS d0,
                           CASE WHEN l.status = 'deactivated' THEN ${localDay(sql`l.updated_at`)}
                                -- A completed loan's last payment (the last recorded: the one that paid it off),
                                -- one probe of transactions_loan_idx from its end.
                                WHEN l.status = 'completed'
                                THEN ${localDay(sql`(
                                    SELECT z.paid_at FROM ${transactions} z
                                    WHERE z.loan_id = l.id AND z.kind <> 'reversal'
                                    ORDER BY z.created_at DESC, z.id DESC
                                    LIMIT 1
                                )`)} END AS cap,
                           l.price - l.deposit - l.balance AS paid,
                           dl.confirmed_state
                    FROM ${loans} l
                    ${shopOfLoan}
                    LEFT JOIN ${deviceLocks} dl ON dl.loan_id = l.id
                    WHERE ${scope.loans} AND l.status IN ${ORIGINATED} AND ${mayCount(period, previous)}
                    OFFSET 0
                ) x
                OFFSET 0
            ) x
            ${dimension ? sql`GROUP BY x.key` : sql``}
        )`;
};

export interface HeldRow {
    loans_originated: number;
    loan_value: number | string;
    loans_originated_previous: number;
    loan_value_previous: number | string;
    instalments_due: number | string;
    instalments_due_previous: number | string;
    loans_due: number;
    loans_due_previous: number;
    loans_owing: number;
    loans_owing_previous: number;
    active_loans: number;
    active_balance: number | string;
    par_balance: number | string;
    devices_locked: number;
}

export interface PaidRow {
    collected: number | string;
    collected_previous: number | string;
    instalments: number | string;
    instalments_previous: number | string;
}

/** A rate, or null when there is nothing to divide by. */
export const rateOf = (part: number, whole: number): number | null => (whole > 0 ? Math.max(0, part) / whole : null);

/** The ranked figures of one row (held and paid joined to it, null when it has neither). */
export const toRanked = (row: Partial<HeldRow & PaidRow>) => ({
    loans_originated: Number(row.loans_originated ?? 0),
    loan_value: Number(row.loan_value ?? 0),
    collected: Number(row.collected ?? 0),
    active_loans: Number(row.active_loans ?? 0),
    par_rate: rateOf(Number(row.par_balance ?? 0), Number(row.active_balance ?? 0)),
    devices_locked: Number(row.devices_locked ?? 0),
});

/** A period that ends the day before `period` starts and covers nothing: for queries that need no previous period. */
export const noPrevious = (period: Period): Period => ({ from: period.from, to: addDays(period.from, -1) });
