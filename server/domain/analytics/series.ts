/** Sales and collections by bucket of days (the BI page's charts and the overview's totals). */
import { sql } from 'drizzle-orm';
import type { BiBucket } from '../../../contract/analytics';
import type { Queryable } from '../../db';
import { loans, stores, transactions } from '../../db/schema';
import { endOfDay, startOfDay } from '../../time';
import type { Period } from './days';
import { selectRows, type Scope } from './scope';
import { COLLECTED, dayValue, INSTALMENTS, instant, ORIGINATED, PAID_DAY } from './sqlTerms';

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
