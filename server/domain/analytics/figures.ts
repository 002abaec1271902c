/**
 * The analytics figures (contract/analytics.ts header; docs/domain.md "Analytics"), every one an
 * SQL aggregate: a handful of set-based queries per call, never a query per loan or per bucket,
 * and no row read into the process to be added up. The SQL lives here (and the scope conditions
 * in scope.ts) so it can be measured and tuned in one place.
 *
 * Days are business days (Africa/Johannesburg, server/domain/approvals/dates.ts): a period's
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
import {
    MIN_COMPARABLE_LOANS,
    PAR_DAYS,
    type BiBucket,
    type BiChange,
    type BiChangeReason,
    type BiChanges,
    type BiKpis,
} from '../../../contract/analytics';
import type { Database, Queryable } from '../../db';
import { admins, deviceLocks, loans, stores, transactions } from '../../db/schema';
import { containing } from '../../lists';
import { BUSINESS_TIME_ZONE, endOfDay, startOfDay } from '../approvals/dates';
import { lastDueBy, lastDueOn, SCHEDULE_COLUMNS } from '../lending/scheduleSql';
import { isAgent, selectRows, withinReach, type Scope } from './scope';

/** Days from and to, both included (YYYY-MM-DD, business days). */
export interface Period {
    from: string;
    to: string;
}

const DAY_MS = 86_400_000;

/** A day `days` after (or before) `day`. */
export const addDays = (day: string, days: number): string =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
});

/** The business day an instant falls on (YYYY-MM-DD). */
export const businessDay = (at: Date): string => dayFormat.format(at);

const ZONE = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const dayValue = (day: string) => sql`${day}::date`;
const localDay = (column: SQL) => sql`(${column} AT TIME ZONE ${ZONE})::date`;
/**
 * A payment's business day, written exactly as the statistics object of migration
 * 0011_analytics_statistics names it, so the planner knows how many days the payments fall on
 * (hundreds, not a million) and adds them up by day in a hash table rather than by sorting them.
 */
const PAID_DAY = sql`(t.paid_at AT TIME ZONE ${ZONE})::date`;

/** The statuses of a loan whose deposit was paid. */
const ORIGINATED = sql.raw(`('awaiting_lock', 'active', 'completed', 'deactivated')`);

/** A payment's worth to what was collected: a reversal takes its amount back. */
const COLLECTED = sql`CASE WHEN t.kind = 'reversal' THEN -t.amount ELSE t.amount END`;
const INSTALMENTS = sql`CASE t.kind WHEN 'instalment' THEN t.amount WHEN 'reversal' THEN -t.amount ELSE 0 END`;

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

const CAP_DUE = sql`CASE WHEN x.d0 IS NULL THEN NULL ELSE ${lastDueOn(sql`x.cap`)} END`;

/** How many instalments fell due in `window`: from its first day to its last, today or the loan's last day. */
const dueIn = (window: Period, today: string) =>
    sql`CASE WHEN x.d0 IS NULL THEN 0
             ELSE greatest(0, least(x.term, ${lastDueBy(window.to < today ? window.to : today)}, x.cap_due)
                              - greatest(0, ${lastDueBy(addDays(window.from, -1))})) END`;

/**
 * A loan that may add to a figure: active (today's figures), or whose deposit and schedule, from
 * its deposit to its last instalment (the first due date, which is never before the deposit day,
 * then at most 31 days a month), can reach the periods (what it originated and what fell due).
 */
const mayCount = (period: Period, previous: Period) =>
    sql`(l.status = 'active' OR (l.deposit_day <= ${dayValue(period.to)}
         AND greatest(l.deposit_day, l.first_due_date) + l.term * CASE WHEN l.instalment_period = 'weekly' THEN 7 ELSE 31 END
             >= ${dayValue(previous.from)}))`;

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
const figures = (
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

interface HeldRow {
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

interface PaidRow {
    collected: number | string;
    collected_previous: number | string;
    instalments: number | string;
    instalments_previous: number | string;
}

/** A rate, or null when there is nothing to divide by. */
const rateOf = (part: number, whole: number): number | null => (whole > 0 ? Math.max(0, part) / whole : null);

/**
 * The share of what fell due that was repaid: at most 1. Paying ahead or catching up arrears pays
 * more than fell due in a period; counted whole it made rates of 200%, and a change from one to
 * 90.8% read "down 109.2 percentage points".
 */
const repaymentRateOf = (instalments: number, due: number): number | null => {
    const rate = rateOf(instalments, due);
    return rate === null ? null : Math.min(1, rate);
};

const todayOf = (row: HeldRow) => ({
    active_loans: Number(row.active_loans),
    active_balance: Number(row.active_balance),
    par_balance: Number(row.par_balance),
    par_rate: rateOf(Number(row.par_balance), Number(row.active_balance)),
    devices_locked: Number(row.devices_locked),
});

/** The headline figures of a period (or, `previous`, of the period before), with today's. */
const toKpis = (held: HeldRow, paid: PaidRow, previous: boolean): BiKpis => {
    const due = Number(previous ? held.instalments_due_previous : held.instalments_due);
    const instalments = Number(previous ? paid.instalments_previous : paid.instalments);
    return {
        loans_originated: Number(previous ? held.loans_originated_previous : held.loans_originated),
        loan_value: Number(previous ? held.loan_value_previous : held.loan_value),
        collected: Number(previous ? paid.collected_previous : paid.collected),
        instalments_due: due,
        instalments_collected: instalments,
        // A period whose reversals outweigh its instalments repaid nothing, not less than nothing.
        repayment_rate: repaymentRateOf(instalments, due),
        ...todayOf(held),
    };
};

const noChange = (reason: BiChangeReason): BiChange => ({ kind: 'none', reason });

/** An amount or count against the period before's, over a base of `loans` loans then. */
const relativeChange = (now: number, before: number, loans: number): BiChange =>
    loans < MIN_COMPARABLE_LOANS || before <= 0
        ? noChange('no_comparable_period')
        : { kind: 'relative', value: (now - before) / before };

/** A rate against the period before's, in percentage points, over a base of `loans` loans then. */
const pointsChange = (now: number | null, before: number | null, loans: number): BiChange =>
    now === null
        ? noChange('no_rate')
        : before === null || loans < MIN_COMPARABLE_LOANS
          ? noChange('no_comparable_period')
          : { kind: 'points', value: now - before };

/** How each compared figure moved from the period before (contract/analytics.ts "Changes"). */
const changesOf = (held: HeldRow, kpis: BiKpis, previous: BiKpis): BiChanges => {
    const sold = Number(held.loans_originated_previous);
    return {
        loans_originated: relativeChange(kpis.loans_originated, previous.loans_originated, sold),
        loan_value: relativeChange(kpis.loan_value, previous.loan_value, sold),
        collected: relativeChange(kpis.collected, previous.collected, Number(held.loans_owing_previous)),
        repayment_rate: pointsChange(kpis.repayment_rate, previous.repayment_rate, Number(held.loans_due_previous)),
    };
};

/** The ranked figures of one row (held and paid joined to it, null when it has neither). */
const toRanked = (row: Partial<HeldRow & PaidRow>) => ({
    loans_originated: Number(row.loans_originated ?? 0),
    loan_value: Number(row.loan_value ?? 0),
    collected: Number(row.collected ?? 0),
    active_loans: Number(row.active_loans ?? 0),
    par_rate: rateOf(Number(row.par_balance ?? 0), Number(row.active_balance ?? 0)),
    devices_locked: Number(row.devices_locked ?? 0),
});

/** A period that ends the day before `period` starts and covers nothing: for queries that need no previous period. */
const noPrevious = (period: Period): Period => ({ from: period.from, to: addDays(period.from, -1) });

/**
 * The headline figures for `period` and for `previous` (which must end the day before `period`
 * starts), with today's figures (the same for both): one query.
 */
export const kpisOf = async (
    db: Queryable,
    scope: Scope,
    period: Period,
    previous: Period,
    today: string,
): Promise<{ kpis: BiKpis; previous: BiKpis; changes: BiChanges }> => {
    const [row] = await selectRows<HeldRow & PaidRow>(
        db,
        sql`${figures(scope, period, previous, today, null)} SELECT held.*, paid.* FROM held, paid`,
    );
    if (!row) throw new Error('An aggregate answered no row');
    const kpis = toKpis(row, row, false);
    const before = toKpis(row, row, true);
    return { kpis, previous: before, changes: changesOf(row, kpis, before) };
};

// ---------------------------------------------------------------------------------------------
// Series

export interface SeriesRow {
    date: string;
    loans_originated: number;
    loan_value: number;
    collected: number;
    instalments: number;
    branded_loans: number;
    branded_value: number;
    unbranded_loans: number;
    unbranded_value: number;
}

export interface Series {
    points: SeriesRow[];
    /** What was collected in the previous period, when one was asked for. */
    previous: { collected: number; instalments: number };
}

/**
 * Sales and collections by bucket, every bucket of the period present (zeros included), each
 * named by its first day (ISO weeks start on Monday, months on the 1st) clipped to the period;
 * and, with `previous` (which must end the day before `period` starts), what was collected then.
 * Without `money`, the sales alone (the branded split needs no collections).
 *
 * One pass over the payments of both periods (the `transactions_paid_idx` range, from the index
 * alone), added up by business day, then the days by bucket through a table of the days and the
 * bucket each falls in (NULL for the previous period's): no scan per bucket. Sales are the loans
 * whose first deposit was paid in the period (the `loans_deposit_paid_idx` range), also split by
 * branded and unbranded shop.
 */
export const seriesOf = async (
    db: Queryable,
    scope: Scope,
    period: Period,
    bucket: BiBucket,
    previous: Period | null = null,
    money = true,
): Promise<Series> => {
    const start = instant(startOfDay(period.from));
    const end = instant(endOfDay(period.to));
    const moneyStart = previous ? instant(startOfDay(previous.from)) : start;
    const from = dayValue(period.from);
    const loanJoin = scope.unrestricted ? sql`` : sql`JOIN ${loans} l ON l.id = t.loan_id`;
    const onLoans = scope.unrestricted ? sql`t.loan_id IS NOT NULL` : scope.loans;
    const rows = await selectRows<SeriesRow & { date: string | null }>(
        db,
        sql`
        WITH days AS (
            SELECT g::date AS day,
                   CASE WHEN g::date < ${from} THEN NULL ELSE greatest(date_trunc(${bucket}::text, g)::date, ${from}) END AS bucket
            FROM generate_series(${previous?.from ?? period.from}::timestamp, ${period.to}::timestamp, interval '1 day') AS g
        ),
        sold AS (
            SELECT l.deposit_day AS day,
                   count(*)::int AS loans,
                   sum(l.price) AS value,
                   count(*) FILTER (WHERE s.branded)::int AS branded_loans,
                   sum(l.price) FILTER (WHERE s.branded) AS branded_value,
                   count(*) FILTER (WHERE NOT s.branded)::int AS unbranded_loans,
                   sum(l.price) FILTER (WHERE NOT s.branded) AS unbranded_value
            FROM ${loans} l
            LEFT JOIN ${stores} s ON s.id = l.store_id
            WHERE l.deposit_paid_at >= ${start} AND l.deposit_paid_at < ${end}
              AND l.status IN ${ORIGINATED} AND ${scope.loans}
            GROUP BY 1
        ),
        sales AS (
            SELECT d.bucket, sum(loans) AS loans, sum(value) AS value, sum(branded_loans) AS branded_loans,
                   sum(branded_value) AS branded_value, sum(unbranded_loans) AS unbranded_loans,
                   sum(unbranded_value) AS unbranded_value
            FROM sold JOIN days d ON d.day = sold.day
            GROUP BY d.bucket
        ),
        paid AS (
            SELECT ${PAID_DAY} AS day, sum(${COLLECTED}) AS collected, sum(${INSTALMENTS}) AS instalments
            FROM ${transactions} t
            ${loanJoin}
            WHERE ${money ? sql`t.paid_at >= ${moneyStart} AND t.paid_at < ${end} AND ${onLoans}` : sql`FALSE`}
            GROUP BY 1
        ),
        money AS (
            SELECT d.bucket, sum(paid.collected) AS collected, sum(paid.instalments) AS instalments
            FROM paid JOIN days d ON d.day = paid.day
            GROUP BY d.bucket
        ),
        buckets AS (SELECT DISTINCT bucket FROM days)
        SELECT to_char(b.bucket, 'YYYY-MM-DD') AS date,
               coalesce(sales.loans, 0)::int AS loans_originated,
               coalesce(sales.value, 0) AS loan_value,
               coalesce(money.collected, 0) AS collected,
               coalesce(money.instalments, 0) AS instalments,
               coalesce(sales.branded_loans, 0)::int AS branded_loans,
               coalesce(sales.branded_value, 0) AS branded_value,
               coalesce(sales.unbranded_loans, 0)::int AS unbranded_loans,
               coalesce(sales.unbranded_value, 0) AS unbranded_value
        FROM buckets b
        LEFT JOIN sales ON sales.bucket IS NOT DISTINCT FROM b.bucket
        LEFT JOIN money ON money.bucket IS NOT DISTINCT FROM b.bucket
        ORDER BY b.bucket NULLS FIRST`,
    );
    const point = (row: SeriesRow): SeriesRow => ({
        date: row.date,
        loans_originated: Number(row.loans_originated),
        loan_value: Number(row.loan_value),
        collected: Number(row.collected),
        instalments: Number(row.instalments),
        branded_loans: Number(row.branded_loans),
        branded_value: Number(row.branded_value),
        unbranded_loans: Number(row.unbranded_loans),
        unbranded_value: Number(row.unbranded_value),
    });
    const before = rows.find(row => row.date === null);
    return {
        points: rows.flatMap(row => (row.date === null ? [] : [point({ ...row, date: row.date })])),
        previous: { collected: Number(before?.collected ?? 0), instalments: Number(before?.instalments ?? 0) },
    };
};

/**
 * The overview: the headline figures of the period and the previous one (held by the loans: one
 * query) and the series, whose sums are the period's collections (one pass over the payments).
 */
export const overviewOf = async (
    db: Queryable,
    scope: Scope,
    period: Period,
    previous: Period,
    today: string,
    bucket: BiBucket,
): Promise<{ kpis: BiKpis; previous: BiKpis; changes: BiChanges; series: SeriesRow[] }> => {
    const [held] = await selectRows<HeldRow>(
        db,
        sql`${figures(scope, period, previous, today, null, false)} SELECT held.* FROM held`,
    );
    if (!held) throw new Error('An aggregate answered no row');
    const series = await seriesOf(db, scope, period, bucket, previous);
    const total = (pick: (row: SeriesRow) => number) => series.points.reduce((sum, row) => sum + pick(row), 0);
    // Money summed in cents, as the database holds it, so the parts add up to the cent.
    const cents = (value: number) => Math.round(value * 100);
    const paid: PaidRow = {
        collected: total(row => cents(row.collected)) / 100,
        instalments: total(row => cents(row.instalments)) / 100,
        collected_previous: series.previous.collected,
        instalments_previous: series.previous.instalments,
    };
    const kpis = toKpis(held, paid, false);
    const before = toKpis(held, paid, true);
    return { kpis, previous: before, changes: changesOf(held, kpis, before), series: series.points };
};

// ---------------------------------------------------------------------------------------------
// Rankings

type RankedRow = Parameters<typeof toRanked>[0] & { total: number };

export interface Ranking<Row> {
    total: number;
    data: Row[];
}

const rankingOf = async <Row extends RankedRow, Out>(
    db: Queryable,
    query: SQL,
    present: (row: Row) => Out,
): Promise<Ranking<Out>> => {
    const rows = await selectRows<Row>(db, query);
    return { total: Number(rows[0]?.total ?? 0), data: rows.map(present) };
};

const TOTAL = sql`(count(*) OVER ())::int AS total`;

/** A ranking row's figures, from the `held` (h) and `paid` (p) rows of its key. */
const RANKED_COLUMNS = sql`
    coalesce(h.loans_originated, 0) AS loans_originated,
    coalesce(h.loan_value, 0) AS loan_value,
    coalesce(p.collected, 0) AS collected,
    coalesce(h.active_loans, 0) AS active_loans,
    coalesce(h.active_balance, 0) AS active_balance,
    coalesce(h.par_balance, 0) AS par_balance,
    coalesce(h.devices_locked, 0) AS devices_locked`;

const RANKING_ORDER = sql`ORDER BY loans_originated DESC, loan_value DESC`;

/** The shops in scope, by loans originated in the period. */
export const shopRanking = (db: Queryable, scope: Scope, period: Period, today: string, limit: number) =>
    rankingOf(
        db,
        sql`${figures(scope, period, noPrevious(period), today, BY_SHOP)}
            SELECT s.id AS shop_id, s.name, s.region, s.branded, ${RANKED_COLUMNS}, ${TOTAL}
            FROM ${stores} s
            LEFT JOIN held h ON h.key = s.id
            LEFT JOIN paid p ON p.key = s.id
            WHERE ${scope.shops}
            ${RANKING_ORDER}, s.name, s.id
            LIMIT ${limit}`,
        (row: RankedRow & { shop_id: number; name: string; region: string; branded: boolean }) => ({
            shop_id: Number(row.shop_id),
            name: row.name,
            region: row.region,
            branded: row.branded,
            ...toRanked(row),
        }),
    );

/** The owners of the shops in scope, each with their shops taken together (one row for the shops nobody owns). */
export const ownerRanking = (db: Queryable, scope: Scope, period: Period, today: string, limit: number) =>
    rankingOf(
        db,
        sql`${figures(scope, period, noPrevious(period), today, BY_OWNER)},
            owners AS (
                SELECT coalesce(s.owner_admin_id, 0) AS key, count(*)::int AS shops
                FROM ${stores} s WHERE ${scope.shops} GROUP BY 1
            )
            SELECT nullif(o.key, 0) AS owner_id, CASE WHEN o.key <> 0 THEN a.first_name || ' ' || a.last_name END AS name,
                   o.shops, ${RANKED_COLUMNS}, ${TOTAL}
            FROM owners o
            LEFT JOIN held h ON h.key = o.key
            LEFT JOIN paid p ON p.key = o.key
            LEFT JOIN ${admins} a ON a.id = o.key
            ${RANKING_ORDER}, name NULLS LAST, o.key
            LIMIT ${limit}`,
        (row: RankedRow & { owner_id: number | null; name: string | null; shops: number }) => ({
            owner_id: row.owner_id === null ? null : Number(row.owner_id),
            name: row.name,
            shops: Number(row.shops),
            ...toRanked(row),
        }),
    );

/** The agents in scope, by the loans they originated in the period (of the loans in scope). */
export const agentRanking = (db: Queryable, scope: Scope, period: Period, today: string, limit: number) =>
    rankingOf(
        db,
        sql`${figures(scope, period, noPrevious(period), today, BY_AGENT)}
            SELECT a.id AS agent_id, a.first_name || ' ' || a.last_name AS name,
                   CASE WHEN ${scope.reached(sql`s.id`)} THEN s.name END AS shop,
                   ${RANKED_COLUMNS}, ${TOTAL}
            FROM ${admins} a
            LEFT JOIN ${stores} s ON s.id = a.store_id
            LEFT JOIN held h ON h.key = a.id
            LEFT JOIN paid p ON p.key = a.id
            WHERE ${scope.agents}
            ${RANKING_ORDER}, name, a.id
            LIMIT ${limit}`,
        (row: RankedRow & { agent_id: number; name: string; shop: string | null }) => ({
            agent_id: Number(row.agent_id),
            name: row.name,
            shop: row.shop,
            ...toRanked(row),
        }),
    );

/** Branded against unbranded shops in scope: always two rows, branded first. */
export const brandSplit = async (db: Queryable, scope: Scope, period: Period, today: string) => {
    const rows = await selectRows<RankedRow & { branded: boolean; shops: number }>(
        db,
        sql`${figures(scope, period, noPrevious(period), today, BY_BRAND)},
            shops AS (SELECT s.branded, count(*)::int AS shops FROM ${stores} s WHERE ${scope.shops} GROUP BY s.branded)
            SELECT b.branded, coalesce(shops.shops, 0) AS shops, ${RANKED_COLUMNS}, 2 AS total
            FROM (VALUES (TRUE, 1), (FALSE, 0)) AS b (branded, key)
            LEFT JOIN shops ON shops.branded = b.branded
            LEFT JOIN held h ON h.key = b.key
            LEFT JOIN paid p ON p.key = b.key
            ORDER BY b.branded DESC`,
    );
    return rows.map(row => ({ branded: row.branded, shops: Number(row.shops), ...toRanked(row) }));
};

// ---------------------------------------------------------------------------------------------
// What the caller may pick

/** The first day a loan in reach had its deposit paid (the earliest day worth picking). */
export const earliestDay = async (db: Queryable, reach: number[] | null): Promise<string | null> => {
    const [row] = await selectRows<{ day: string | null }>(
        db,
        // On loans_deposit_paid_idx in order: the first loan sold ends the scan.
        sql`SELECT to_char(${localDay(sql`min(l.deposit_paid_at)`)}, 'YYYY-MM-DD') AS day FROM ${loans} l
            WHERE l.deposit_paid_at IS NOT NULL AND ${withinReach(reach, sql`l.store_id`)}`,
    );
    return row?.day ?? null;
};

export interface ScopeOption {
    id: string;
    name: string;
    detail: string | null;
}

/** The regions, shops or agents in the caller's reach, by name, `q` matching the name (a shop's also its region). */
export const scopeOptions = async (
    db: Queryable,
    kind: 'region' | 'shop' | 'agent',
    reach: number[] | null,
    q: string | undefined,
    limit: number,
): Promise<{ data: ScopeOption[]; total: number }> => {
    const pattern = q ? containing(q) : null;
    const matches = (column: SQL) => (pattern === null ? sql`TRUE` : sql`${column} ILIKE ${pattern}`);
    const query =
        kind === 'region'
            ? sql`SELECT s.region AS id, s.region AS name, NULL AS detail, ${TOTAL}
                  FROM ${stores} s WHERE ${withinReach(reach, sql`s.id`)} AND ${matches(sql`s.region`)}
                  GROUP BY s.region ORDER BY s.region LIMIT ${limit}`
            : kind === 'shop'
              ? sql`SELECT s.id::text AS id, s.name, s.region AS detail, ${TOTAL}
                    FROM ${stores} s
                    WHERE ${withinReach(reach, sql`s.id`)} AND (${matches(sql`s.name`)} OR ${matches(sql`s.region`)})
                    ORDER BY s.name, s.id LIMIT ${limit}`
              : sql`SELECT a.id::text AS id, a.first_name || ' ' || a.last_name AS name, s.name AS detail, ${TOTAL}
                    FROM ${admins} a LEFT JOIN ${stores} s ON s.id = a.store_id
                    WHERE ${isAgent} AND ${withinReach(reach, sql`a.store_id`)}
                      AND ${matches(sql`a.first_name || ' ' || a.last_name`)}
                    ORDER BY name, a.id LIMIT ${limit}`;
    const rows = await selectRows<ScopeOption & { total: number }>(db, query);
    return {
        total: Number(rows[0]?.total ?? 0),
        data: rows.map(row => ({ id: String(row.id), name: row.name, detail: row.detail })),
    };
};
