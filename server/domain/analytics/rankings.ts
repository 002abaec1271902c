/** The rankings: shops, owners and agents in scope by loans originated, and branded against unbranded shops. */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { admins, stores } from '../../db/schema';
import type { Period } from './days';
import { figures, noPrevious, toRanked } from './figures';
import { selectRows, type Scope } from './scope';
import { BY_AGENT, BY_BRAND, BY_OWNER, BY_SHOP, TOTAL } from './sqlTerms';

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
