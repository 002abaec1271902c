/**
 * Feathers-style lists on the database (spec §7 `/prerequisites` conventions): `$sort` from an
 * allow-list, `q` as a case-insensitive "contains", and the `{ total, limit, skip, data }` page.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidInput } from './http';

type Sortable = AnyPgColumn | SQL;

/** `$sort=name` / `$sort=-name` → ORDER BY, from an allow-list; id breaks ties so pages are stable. */
export const orderBy = (sort: string | undefined, allowed: Record<string, Sortable>, tieBreaker: AnyPgColumn): SQL[] => {
    if (!sort) return [asc(tieBreaker)];
    const descending = sort.startsWith('-');
    const field = descending ? sort.slice(1) : sort;
    // Own keys only: `$sort=__proto__` or `constructor` must not find the object's prototype.
    const column = Object.hasOwn(allowed, field) ? allowed[field] : undefined;
    if (!column) {
        throw invalidInput([
            {
                field: '$sort',
                message: `$sort must be one of ${Object.keys(allowed).join(', ')} (prefix - to reverse)`,
                key: 'errors.field_invalid',
            },
        ]);
    }
    return [descending ? desc(column) : asc(column), asc(tieBreaker)];
};

/** A case-insensitive "contains" pattern with LIKE's wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, match => `\\${match}`)}%`;

/** Every match's count, beside each row of the page: the page and its total in one query. */
export const totalCount = sql<number>`(count(*) over ())::int`;

/**
 * One page of a list and the count of every match, in one query: `rows` selects `total_count:
 * totalCount` beside its fields, with LIMIT and OFFSET from `$limit` and `$skip`. Only a page
 * with no rows (past the end, or `$limit=0`) costs a second query, `countAll`, with the same filter.
 */
export const pageOf = async <Row extends { total_count: number }>(
    query: { $limit: number; $skip: number },
    rows: (limit: number, offset: number) => Promise<Row[]>,
    countAll: () => Promise<{ value: number }[]>,
) => {
    const found = await rows(query.$limit, query.$skip);
    const total = found[0]?.total_count ?? (query.$skip === 0 && query.$limit > 0 ? 0 : ((await countAll())[0]?.value ?? 0));
    const data = found.map(({ total_count: _total, ...row }) => row);
    return { total, limit: query.$limit, skip: query.$skip, data };
};

/** `page_number` and `page_size` ('all' for every row) → LIMIT and OFFSET (the shop-style pages). */
export const pageWindow = (page: { page_number: number; page_size: number | 'all' }) =>
    page.page_size === 'all'
        ? { limit: null, offset: 0 }
        : { limit: page.page_size, offset: (page.page_number - 1) * page.page_size };

/**
 * One shop-style page of rows, each with `total_items: totalCount` beside its fields, and the count
 * of every match: only a page with no rows past the first costs a second query, `countAll`.
 */
export const pageRows = async <Row extends { total_items: number }>(
    rows: Row[],
    countAll: () => Promise<{ value: number }[]>,
    offset: number,
) => {
    const total = rows[0]?.total_items ?? (offset === 0 ? 0 : ((await countAll())[0]?.value ?? 0));
    return { rows: rows.map(({ total_items: _total, ...row }) => row), total };
};
