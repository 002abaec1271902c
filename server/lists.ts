/**
 * Feathers-style lists on the database (spec §7 `/prerequisites` conventions): `$sort` from an
 * allow-list, `q` as a case-insensitive "contains", and the `{ total, limit, skip, data }` page.
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidInput } from './http';

type Sortable = AnyPgColumn | SQL;

/** `$sort=name` / `$sort=-name` → ORDER BY, from an allow-list; id breaks ties so pages are stable. */
export const orderBy = (sort: string | undefined, allowed: Record<string, Sortable>, tieBreaker: AnyPgColumn): SQL[] => {
    if (!sort) return [asc(tieBreaker)];
    const descending = sort.startsWith('-');
    const field = descending ? sort.slice(1) : sort;
    const column = allowed[field];
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

/**
 * One page of a list: the count of every match, and this page's rows. The callers give both
 * queries with the same filter; `rows` receives LIMIT and OFFSET from `$limit` and `$skip`.
 */
export const pageOf = async <Row>(
    query: { $limit: number; $skip: number },
    countAll: () => Promise<{ value: number }[]>,
    rows: (limit: number, offset: number) => Promise<Row[]>,
) => {
    const [[total], data] = await Promise.all([countAll(), rows(query.$limit, query.$skip)]);
    return { total: total?.value ?? 0, limit: query.$limit, skip: query.$skip, data };
};
