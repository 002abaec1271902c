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
 * - A loan's **deposit day** is the day of its first `deposit` payment (min paid_at), read through
 *   the partial index `transactions_deposit_idx` (loan_id, paid_at) WHERE kind = 'deposit'. A loan
 *   is **originated** in the period its deposit day falls in, once it has reached `awaiting_lock`
 *   (so `active`, `completed` and `deactivated` too).
 * - Its **schedule**: instalment k (1..term) falls due k weeks, or k calendar months (the day
 *   clipped to the month's end, as PostgreSQL adds months), after the deposit day. Nothing after
 *   today has fallen due; nothing after a `completed` loan's last payment, nor after the day a
 *   `deactivated` loan was deactivated (its last update). The instalments due in a period are
 *   counted by arithmetic on the deposit day, not by listing the schedule.
 * - **Collected**: deposits and instalments paid in the period on loans in scope, less the
 *   `reversal` payments (stored with a positive amount: server/domain/money/tpi.ts).
 *   *Instalments collected* are the instalments less the reversals (which undo an insurer's
 *   instalment). Payments in suspense have no loan, so no scope.
 * - **Today**: active loans and their balance; a loan is at risk (PAR) when its oldest unpaid
 *   instalment — the one after those its payments cover, (price − deposit − balance) ÷ instalment
 *   rounded down — fell due more than PAR_DAYS days before today. A device is locked when its
 *   provider confirmed it locked (`device_locks.confirmed_state`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PAR_DAYS, type BiBucket, type BiKpis } from '../../../contract/analytics';
import type { Queryable } from '../../db';
import { admins, deviceLocks, loans, stores, transactions } from '../../db/schema';
import { containing } from '../../lists';
import { BUSINESS_TIME_ZONE, endOfDay, startOfDay } from '../approvals/dates';
import { inIds, isAgent, selectRows, withinReach, type Scope } from './scope';

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

/** The statuses of a loan whose deposit was paid. */
const ORIGINATED = sql.raw(`('awaiting_lock', 'active', 'completed', 'deactivated')`);

/** A payment's worth to what was collected: a reversal takes its amount back. */
const COLLECTED = sql`CASE WHEN t.kind = 'reversal' THEN -t.amount ELSE t.amount END`;
const INSTALMENTS = sql`CASE t.kind WHEN 'instalment' THEN t.amount WHEN 'reversal' THEN -t.amount ELSE 0 END`;

// ---------------------------------------------------------------------------------------------
// Schedules, on a loan row `x` with its deposit day `d0`

/** Whole calendar months from the deposit day's month to `day`'s. */
const monthsTo = (day: SQL) =>
    sql`((extract(year FROM ${day}) - extract(year FROM x.d0)) * 12 + extract(month FROM ${day}) - extract(month FROM x.d0))::int`;
const plusMonths = (months: SQL) => sql`(x.d0 + make_interval(months => ${months}))::date`;

/** The last instalment number due on or before `day`, and the first due on or after it (unbounded by the term). */
const lastDueBy = (day: SQL) =>
    sql`CASE WHEN x.instalment_period = 'weekly' THEN floor((${day} - x.d0) / 7.0)::int
             WHEN ${plusMonths(monthsTo(day))} <= ${day} THEN ${monthsTo(day)} ELSE ${monthsTo(day)} - 1 END`;
const firstDueFrom = (day: SQL) =>
    sql`CASE WHEN x.instalment_period = 'weekly' THEN ceil((${day} - x.d0) / 7.0)::int
             WHEN ${plusMonths(monthsTo(day))} >= ${day} THEN ${monthsTo(day)} ELSE ${monthsTo(day)} + 1 END`;

/** How many of the loan's instalments fall due from `from` to `to` (days, inclusive). */
const dueCount = (from: SQL, to: SQL) =>
    sql`CASE WHEN x.d0 IS NULL THEN 0
             ELSE greatest(0, least(x.term, ${lastDueBy(to)}) - greatest(1, ${firstDueFrom(from)}) + 1) END`;

/** Instalments the loan's payments cover, and the day the next one falls due. */
const COVERED = sql`greatest(0, floor((x.price - x.deposit - x.balance) / nullif(x.instalment, 0)))::int`;
const NEXT_DUE = sql`CASE WHEN x.instalment_period = 'weekly' THEN x.d0 + 7 * (${COVERED} + 1)
                          ELSE ${plusMonths(sql`${COVERED} + 1`)} END`;

// ---------------------------------------------------------------------------------------------
// One row per loan in scope

/**
 * One row per loan in scope with what it adds to the period's figures (and to the previous
 * period's, which ends the day before the period starts) and to today's. Loans that never had a
 * deposit and no payment in either period add nothing and are left out.
 */
const loanFacts = (scope: Scope, period: Period, previous: Period, today: string): SQL => {
    const start = instant(startOfDay(period.from));
    const end = instant(endOfDay(period.to));
    const previousStart = instant(startOfDay(previous.from));
    const now = dayValue(today);
    const dueIn = (window: Period) => dueCount(dayValue(window.from), sql`least(${dayValue(window.to)}, ${now}, x.cap)`);
    return sql`
        WITH paid AS (
            SELECT t.loan_id,
                   sum(${COLLECTED}) FILTER (WHERE t.paid_at >= ${start}) AS collected,
                   sum(${COLLECTED}) FILTER (WHERE t.paid_at < ${start}) AS collected_previous,
                   sum(${INSTALMENTS}) FILTER (WHERE t.paid_at >= ${start}) AS instalments,
                   sum(${INSTALMENTS}) FILTER (WHERE t.paid_at < ${start}) AS instalments_previous
            FROM ${transactions} t
            JOIN ${loans} l ON l.id = t.loan_id
            WHERE t.paid_at >= ${previousStart} AND t.paid_at < ${end} AND ${scope.loans}
            GROUP BY t.loan_id
        ),
        facts AS (
            SELECT x.id, x.store_id, x.agent_admin_id, x.status, x.price, x.balance, x.instalment,
                   coalesce(x.collected, 0) AS collected,
                   coalesce(x.collected_previous, 0) AS collected_previous,
                   coalesce(x.instalments, 0) AS instalments,
                   coalesce(x.instalments_previous, 0) AS instalments_previous,
                   (x.status IN ${ORIGINATED} AND x.first_paid >= ${start} AND x.first_paid < ${end}) AS originated,
                   (x.status IN ${ORIGINATED} AND x.first_paid >= ${previousStart} AND x.first_paid < ${start}) AS originated_previous,
                   ${dueIn(period)} AS due,
                   ${dueIn(previous)} AS due_previous,
                   (x.status = 'active' AND x.d0 IS NOT NULL AND ${COVERED} < x.term AND ${now} - ${NEXT_DUE} > ${PAR_DAYS}) AS at_risk,
                   (x.status = 'active' AND x.confirmed_state = 'locked') AS locked
            FROM (
                SELECT l.id, l.store_id, l.agent_admin_id, l.status, l.price, l.deposit, l.balance, l.instalment,
                       l.instalment_period, l.term, f.first_paid, ${localDay(sql`f.first_paid`)} AS d0,
                       CASE l.status WHEN 'completed' THEN ${localDay(sql`c.last_paid`)}
                                     WHEN 'deactivated' THEN ${localDay(sql`l.updated_at`)} END AS cap,
                       dl.confirmed_state, p.collected, p.collected_previous, p.instalments, p.instalments_previous
                FROM ${loans} l
                LEFT JOIN LATERAL (
                    SELECT min(d.paid_at) AS first_paid FROM ${transactions} d WHERE d.loan_id = l.id AND d.kind = 'deposit'
                ) f ON TRUE
                -- A completed loan's last payment, read only when its schedule can reach the periods.
                LEFT JOIN LATERAL (
                    SELECT max(z.paid_at) AS last_paid FROM ${transactions} z
                    WHERE l.status = 'completed' AND z.loan_id = l.id AND z.kind <> 'reversal'
                      AND f.first_paid < ${end} AND ${localDay(sql`f.first_paid`)} + l.term * 31 >= ${dayValue(previous.from)}
                ) c ON TRUE
                LEFT JOIN ${deviceLocks} dl ON dl.loan_id = l.id
                LEFT JOIN paid p ON p.loan_id = l.id
                WHERE ${scope.loans} AND (l.status IN ${ORIGINATED} OR p.loan_id IS NOT NULL)
            ) x
        )`;
};

/** The period's figures and today's, over the `facts` rows. */
const KPI_COLUMNS = sql`
    count(*) FILTER (WHERE originated)::int AS loans_originated,
    coalesce(sum(price) FILTER (WHERE originated), 0)::float8 AS loan_value,
    coalesce(sum(collected), 0)::float8 AS collected,
    coalesce(sum(due * instalment), 0)::float8 AS instalments_due,
    coalesce(sum(instalments), 0)::float8 AS instalments_collected,
    count(*) FILTER (WHERE status = 'active')::int AS active_loans,
    coalesce(sum(balance) FILTER (WHERE status = 'active'), 0)::float8 AS active_balance,
    coalesce(sum(balance) FILTER (WHERE at_risk), 0)::float8 AS par_balance,
    count(*) FILTER (WHERE locked)::int AS devices_locked`;

const PREVIOUS_COLUMNS = sql`
    count(*) FILTER (WHERE originated_previous)::int AS previous_loans_originated,
    coalesce(sum(price) FILTER (WHERE originated_previous), 0)::float8 AS previous_loan_value,
    coalesce(sum(collected_previous), 0)::float8 AS previous_collected,
    coalesce(sum(due_previous * instalment), 0)::float8 AS previous_instalments_due,
    coalesce(sum(instalments_previous), 0)::float8 AS previous_instalments_collected`;

/** The columns of a ranking row, from its group's `agg` row (zero for a member with no loans). */
const RANKED_COLUMNS = sql`
    coalesce(agg.loans_originated, 0) AS loans_originated,
    coalesce(agg.loan_value, 0) AS loan_value,
    coalesce(agg.collected, 0) AS collected,
    coalesce(agg.active_loans, 0) AS active_loans,
    coalesce(agg.active_balance, 0) AS active_balance,
    coalesce(agg.par_balance, 0) AS par_balance,
    coalesce(agg.devices_locked, 0) AS devices_locked`;

const RANKING_ORDER = sql`ORDER BY loans_originated DESC, loan_value DESC`;

interface KpiRow {
    loans_originated: number;
    loan_value: number;
    collected: number;
    instalments_due: number;
    instalments_collected: number;
    active_loans: number;
    active_balance: number;
    par_balance: number;
    devices_locked: number;
}

interface PreviousRow {
    previous_loans_originated: number;
    previous_loan_value: number;
    previous_collected: number;
    previous_instalments_due: number;
    previous_instalments_collected: number;
}

/** A rate, or null when there is nothing to divide by. */
const rateOf = (part: number, whole: number): number | null => (whole > 0 ? Math.max(0, part) / whole : null);

const toKpis = (row: KpiRow): BiKpis => {
    const value = (key: keyof KpiRow) => Number(row[key]);
    return {
        loans_originated: value('loans_originated'),
        loan_value: value('loan_value'),
        collected: value('collected'),
        instalments_due: value('instalments_due'),
        instalments_collected: value('instalments_collected'),
        // A period whose reversals outweigh its instalments repaid nothing, not less than nothing.
        repayment_rate: rateOf(value('instalments_collected'), value('instalments_due')),
        active_loans: value('active_loans'),
        active_balance: value('active_balance'),
        par_balance: value('par_balance'),
        par_rate: rateOf(value('par_balance'), value('active_balance')),
        devices_locked: value('devices_locked'),
    };
};

/** The ranked figures of one row. */
export const toRanked = (
    row: Pick<
        KpiRow,
        'loans_originated' | 'loan_value' | 'collected' | 'active_loans' | 'active_balance' | 'par_balance' | 'devices_locked'
    >,
) => ({
    loans_originated: Number(row.loans_originated),
    loan_value: Number(row.loan_value),
    collected: Number(row.collected),
    active_loans: Number(row.active_loans),
    par_rate: rateOf(Number(row.par_balance), Number(row.active_balance)),
    devices_locked: Number(row.devices_locked),
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
): Promise<{ kpis: BiKpis; previous: BiKpis }> => {
    const [row] = await selectRows<KpiRow & PreviousRow>(
        db,
        sql`${loanFacts(scope, period, previous, today)} SELECT ${KPI_COLUMNS}, ${PREVIOUS_COLUMNS} FROM facts`,
    );
    if (!row) throw new Error('An aggregate answered no row');
    const current = toKpis(row);
    return {
        kpis: current,
        previous: {
            ...current,
            ...toKpis({
                ...row,
                loans_originated: row.previous_loans_originated,
                loan_value: row.previous_loan_value,
                collected: row.previous_collected,
                instalments_due: row.previous_instalments_due,
                instalments_collected: row.previous_instalments_collected,
            }),
        },
    };
};

// ---------------------------------------------------------------------------------------------
// Series

export interface SeriesRow {
    date: string;
    loans_originated: number;
    loan_value: number;
    collected: number;
    branded_loans: number;
    branded_value: number;
    unbranded_loans: number;
    unbranded_value: number;
}

/**
 * Sales and collections by bucket, every bucket of the period present (zeros included), each
 * named by its first day clipped to the period (ISO weeks start on Monday). Sales are the loans'
 * first deposits paid in the period (a deposit with no earlier one on its loan, on
 * `transactions_deposit_idx`), also split by branded and unbranded shop.
 */
export const seriesOf = async (db: Queryable, scope: Scope, period: Period, bucket: BiBucket): Promise<SeriesRow[]> => {
    const start = instant(startOfDay(period.from));
    const end = instant(endOfDay(period.to));
    const from = dayValue(period.from);
    const unit = sql`${bucket}::text`;
    const bucketOf = (at: SQL) => sql`greatest(date_trunc(${unit}, ${at} AT TIME ZONE ${ZONE})::date, ${from})`;
    const rows = await selectRows<SeriesRow>(
        db,
        sql`
        WITH buckets AS (
            SELECT DISTINCT greatest(date_trunc(${unit}, g)::date, ${from}) AS bucket
            FROM generate_series(${period.from}::timestamp, ${period.to}::timestamp, interval '1 day') AS g
        ),
        sales AS (
            SELECT ${bucketOf(sql`t.paid_at`)} AS bucket,
                   count(*)::int AS loans,
                   sum(l.price) AS value,
                   count(*) FILTER (WHERE s.branded)::int AS branded_loans,
                   sum(l.price) FILTER (WHERE s.branded) AS branded_value,
                   count(*) FILTER (WHERE NOT s.branded)::int AS unbranded_loans,
                   sum(l.price) FILTER (WHERE NOT s.branded) AS unbranded_value
            FROM ${transactions} t
            JOIN ${loans} l ON l.id = t.loan_id
            LEFT JOIN ${stores} s ON s.id = l.store_id
            WHERE t.kind = 'deposit' AND t.paid_at >= ${start} AND t.paid_at < ${end}
              AND l.status IN ${ORIGINATED} AND ${scope.loans}
              AND NOT EXISTS (
                  SELECT 1 FROM ${transactions} e
                  WHERE e.loan_id = t.loan_id AND e.kind = 'deposit'
                    AND (e.paid_at < t.paid_at OR (e.paid_at = t.paid_at AND e.id < t.id))
              )
            GROUP BY 1
        ),
        money AS (
            SELECT ${bucketOf(sql`t.paid_at`)} AS bucket, sum(${COLLECTED}) AS collected
            FROM ${transactions} t
            JOIN ${loans} l ON l.id = t.loan_id
            WHERE t.paid_at >= ${start} AND t.paid_at < ${end} AND ${scope.loans}
            GROUP BY 1
        )
        SELECT to_char(b.bucket, 'YYYY-MM-DD') AS date,
               coalesce(sales.loans, 0)::int AS loans_originated,
               coalesce(sales.value, 0)::float8 AS loan_value,
               coalesce(money.collected, 0)::float8 AS collected,
               coalesce(sales.branded_loans, 0)::int AS branded_loans,
               coalesce(sales.branded_value, 0)::float8 AS branded_value,
               coalesce(sales.unbranded_loans, 0)::int AS unbranded_loans,
               coalesce(sales.unbranded_value, 0)::float8 AS unbranded_value
        FROM buckets b
        LEFT JOIN sales ON sales.bucket = b.bucket
        LEFT JOIN money ON money.bucket = b.bucket
        ORDER BY b.bucket`,
    );
    return rows.map(row => ({
        date: row.date,
        loans_originated: Number(row.loans_originated),
        loan_value: Number(row.loan_value),
        collected: Number(row.collected),
        branded_loans: Number(row.branded_loans),
        branded_value: Number(row.branded_value),
        unbranded_loans: Number(row.unbranded_loans),
        unbranded_value: Number(row.unbranded_value),
    }));
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

/** The shops in scope, by loans originated in the period. */
export const shopRanking = (db: Queryable, scope: Scope, period: Period, today: string, limit: number) =>
    rankingOf(
        db,
        sql`${loanFacts(scope, period, noPrevious(period), today)},
            agg AS (SELECT store_id AS key, ${KPI_COLUMNS} FROM facts GROUP BY store_id)
            SELECT s.id AS shop_id, s.name, s.region, s.branded, ${RANKED_COLUMNS}, ${TOTAL}
            FROM ${stores} s LEFT JOIN agg ON agg.key = s.id
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
        sql`${loanFacts(scope, period, noPrevious(period), today)},
            agg AS (
                SELECT s.owner_admin_id AS key, ${KPI_COLUMNS}
                FROM facts JOIN ${stores} s ON s.id = facts.store_id
                WHERE ${scope.shops}
                GROUP BY s.owner_admin_id
            ),
            owners AS (
                SELECT s.owner_admin_id AS owner_id, count(*)::int AS shops FROM ${stores} s WHERE ${scope.shops} GROUP BY s.owner_admin_id
            )
            SELECT o.owner_id, CASE WHEN o.owner_id IS NOT NULL THEN a.first_name || ' ' || a.last_name END AS name, o.shops,
                   ${RANKED_COLUMNS}, ${TOTAL}
            FROM owners o
            LEFT JOIN agg ON agg.key IS NOT DISTINCT FROM o.owner_id
            LEFT JOIN ${admins} a ON a.id = o.owner_id
            ${RANKING_ORDER}, name NULLS LAST, o.owner_id
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
        sql`${loanFacts(scope, period, noPrevious(period), today)},
            agg AS (SELECT agent_admin_id AS key, ${KPI_COLUMNS} FROM facts WHERE agent_admin_id IS NOT NULL GROUP BY agent_admin_id)
            SELECT a.id AS agent_id, a.first_name || ' ' || a.last_name AS name,
                   CASE WHEN ${scope.reached(sql`s.id`)} THEN s.name END AS shop,
                   ${RANKED_COLUMNS}, ${TOTAL}
            FROM ${admins} a
            LEFT JOIN ${stores} s ON s.id = a.store_id
            LEFT JOIN agg ON agg.key = a.id
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
        sql`${loanFacts(scope, period, noPrevious(period), today)},
            agg AS (SELECT s.branded AS key, ${KPI_COLUMNS} FROM facts JOIN ${stores} s ON s.id = facts.store_id GROUP BY s.branded),
            shops AS (SELECT s.branded AS key, count(*)::int AS shops FROM ${stores} s WHERE ${scope.shops} GROUP BY s.branded)
            SELECT b.branded, coalesce(shops.shops, 0) AS shops, ${RANKED_COLUMNS}, 2 AS total
            FROM (VALUES (TRUE), (FALSE)) AS b (branded)
            LEFT JOIN shops ON shops.key = b.branded
            LEFT JOIN agg ON agg.key = b.branded
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
        reach === null
            ? // On transactions_paid_idx in order: the first deposit ends the scan.
              sql`SELECT to_char(${localDay(sql`min(t.paid_at)`)}, 'YYYY-MM-DD') AS day
                  FROM ${transactions} t WHERE t.kind = 'deposit' AND t.loan_id IS NOT NULL`
            : sql`SELECT to_char(${localDay(sql`min(t.paid_at)`)}, 'YYYY-MM-DD') AS day
                  FROM ${loans} l JOIN ${transactions} t ON t.loan_id = l.id AND t.kind = 'deposit'
                  WHERE ${inIds(sql`l.store_id`, reach)}`,
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
