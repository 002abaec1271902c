/** What the caller may pick: the earliest day worth a report, and the regions, shops and agents in reach. */
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { admins, loans, stores } from '../../db/schema';
import { containing } from '../../lists';
import { isAgent, selectRows, withinReach } from './scope';
import { localDay, TOTAL } from './sqlTerms';

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
