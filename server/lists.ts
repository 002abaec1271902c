/**
 * Feathers-style lists on the database (spec §7 `/prerequisites` conventions): `$sort` from an
 * allow-list, `q` as a case-insensitive "contains", and the `{ total, limit, skip, data }` page.
 */
import { asc, count, desc, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Queryable } from './db';
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

/** A list of a large table counts its matches exactly up to this many; past it, the total is an estimate. */
export const EXACT_COUNT_UP_TO = 10_000;

/** The rows the planner expects a statement to answer (its top node's `Plan Rows`). */
const plannedRows = async (db: Queryable, statement: SQL): Promise<number> => {
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`));
    const cell = rows[0]?.['QUERY PLAN'];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }] | undefined;
    return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
};

/**
 * One page of a list over a large table (one that grows with the business: audit events,
 * payments…), and an honest total that reads no more than a page and EXACT_COUNT_UP_TO index
 * entries, however large the table:
 *
 * - `rows` reads one row more than the page (no `count(*) over ()` beside it: that reads every
 *   match for every page), so a page that is not full, or has nothing after it, gives the exact
 *   total by itself (`skip` + its rows) and costs nothing more;
 * - otherwise the matches are counted, stopping at EXACT_COUNT_UP_TO + 1: up to that, exact;
 * - past it the total is the planner's estimate of the matches (at least the rows known to
 *   exist), answered with `estimated: true`, which the portal shows as a list of unknown length
 *   (react-admin's partial pagination: next and previous, no "of N"), never as a count.
 *
 * `matching` is the table and the filter alone (no joins, no order): what is counted; or, when a
 * filter reads a joined table (a search by the customer's name), `{ rows }`: a select of `1` from
 * the table with only the joins the filter needs, and the filter.
 */
export const largePageOf = async <Row>(
    db: Queryable,
    query: { $limit: number; $skip: number },
    rows: (limit: number, offset: number) => Promise<Row[]>,
    matching: Matching,
): Promise<{ total: number; limit: number; skip: number; data: Row[]; estimated?: true }> => {
    const found = query.$limit > 0 ? await rows(query.$limit + 1, query.$skip) : [];
    const more = found.length > query.$limit;
    const data = more ? found.slice(0, query.$limit) : found;
    const answer = { limit: query.$limit, skip: query.$skip, data };
    if (query.$limit > 0 && !more && (data.length > 0 || query.$skip === 0))
        return { ...answer, total: query.$skip + data.length };
    const matches =
        'rows' in matching
            ? matching.rows
            : db
                  .select({ one: sql`1` })
                  .from(matching.table)
                  .where(matching.where)
                  .$dynamic();
    const [counted] = await db.select({ value: count() }).from(matches.limit(EXACT_COUNT_UP_TO + 1).as('matching'));
    const exact = counted?.value ?? 0;
    if (exact <= EXACT_COUNT_UP_TO) return { ...answer, total: exact };
    const known = Math.max(exact, query.$skip + data.length + (more ? 1 : 0));
    return { ...answer, total: Math.max(known, await plannedRows(db, matches.getSQL())), estimated: true };
};

/**
 * The rows of one page, chosen by id: the page is found on its own table (along the index of its
 * order, LIMIT and OFFSET), and only its rows are then joined to what they show, instead of every
 * row skipped on the way being joined first. The rows still come back in `order`. `from` is the
 * table, or a select of the id from it joined to what the filter reads (a search's customer, a
 * shop's loan) and to nothing else (idsOfMatching).
 */
export const idsOfPage = (
    db: Queryable,
    id: AnyPgColumn,
    from: PgTable,
    page: { where: SQL | undefined; order: SQL[]; limit: number; offset: number },
): SQL => idsOfMatching(id, db.select({ id }).from(from).$dynamic(), page);

/** idsOfPage, on `matching`: a select of the id (`$dynamic()`) from the table and the joins its filter reads. */
export const idsOfMatching = (
    id: AnyPgColumn,
    matching: PgSelect,
    page: { where: SQL | undefined; order: SQL[]; limit: number; offset: number },
): SQL =>
    // `= ANY(ARRAY(…))`, not `IN (…)`: the page's ids are worked out first, once (an InitPlan), and its
    // rows are then read by their ids, whatever the planner would make of a join to the subquery
    // (with IN, on a small table, a walk of every row testing each against the page's ids).
    sql`${id} = ANY(ARRAY(${matching
        .where(page.where)
        .orderBy(...page.order)
        .limit(page.limit)
        .offset(page.offset)}))`;

/**
 * What a search finds through a list's column (server/domain/records/search.ts: customers, loans,
 * staff): the ids it finds, from an index, and the condition that a column names one of them,
 * looked up by key for each row tested.
 */
export interface Found {
    ids: SQLWrapper;
    namedBy: (column: AnyPgColumn) => SQL;
}

/** One way a list's rows match a search: a column of theirs naming what it finds, or a condition on their own columns. */
export type SearchPath = { column: AnyPgColumn; found: Found } | { where: SQL | undefined };

/** A list's search: its table, its id, and the ways its rows match (any of them). */
export interface Searched {
    table: PgTable;
    id: AnyPgColumn;
    paths: readonly SearchPath[];
}

/**
 * A search through several paths (its customer, its loan, a column of its own) as a condition on
 * the list's own table, so the page is chosen and counted on that table alone (idsOfPage). An OR
 * across joined tables can only be tested on each row walked, so a search that matched nothing
 * read every row in reach. So what the paths find is first counted, each up to EXACT_COUNT_UP_TO
 * (a search that finds little stops at once):
 *
 * - **up to it**, the search is `id IN (a UNION ALL b …)`, each path a select of the list's ids by
 *   what an index found (a trigram index for part of a name or number, then the list's foreign
 *   key): a few lookups, whatever the list's size. The ids found through another table were read
 *   by the count itself, and the condition names them (`= ANY`), so the page and its count look
 *   the list's rows up by them rather than search the trigram indexes twice more (at a million
 *   customers, a number's search 40–50 ms → 15–25);
 * - **past it** (a common name), the rows are walked in the list's order, each tested against
 *   what was found, held in a hash: with so many matches a page is found within a few hundred
 *   rows, and the honest total stops counting at EXACT_COUNT_UP_TO;
 * - when the text is too short to look up (`lookUp` false: under three characters, no trigram),
 *   finding everything it names would read every customer, and it names so many that a page is
 *   near: the rows are walked in order, each path tested by a lookup of the row's key.
 *
 * `few` is where the first form ends (a test moves it to answer a search each way).
 */
export const searchedThrough = async (
    db: Queryable,
    { table, id, paths }: Searched,
    lookUp: boolean,
    few = EXACT_COUNT_UP_TO,
): Promise<SQL> => {
    // Each path: what it finds (read first, up to `few` + 1), the list's rows it names by what was
    // read, and its condition on a row tested against what it finds (hashed) or by a lookup of the
    // row's key. A path through another table reads the ids it finds (customers', loans', staff's:
    // integers), so the page and its count look the list's rows up by them instead of searching the
    // indexes again; a path on the list's own columns is counted, and named by its condition.
    const ways = paths.map(path => {
        if (!('found' in path)) {
            // No condition is every row, the same each way.
            const where = path.where ?? sql`true`;
            const own = () => db.select({ id }).from(table).where(where);
            return {
                read: sql`(SELECT count(*)::int FROM (${own()} LIMIT ${few + 1}) AS found)`,
                countOf: (counted: unknown) => Number(counted ?? 0),
                named: () => own(),
                hashed: where,
                lookedUp: where,
            };
        }
        const named = sql`${path.column} IN (${path.found.ids})`;
        return {
            // The ids as one text, '1,2,3' ('' for none), the same on PGlite and postgres.js.
            read: sql`(SELECT coalesce(string_agg(found.id::text, ','), '') FROM (${path.found.ids} LIMIT ${few + 1}) AS found(id))`,
            countOf: (ids: unknown) => (ids ? String(ids).split(',').length : 0),
            named: (ids: unknown) =>
                db
                    .select({ id })
                    .from(table)
                    .where(sql`${path.column} = ANY(${`{${String(ids ?? '')}}`}::int[])`),
            hashed: named,
            lookedUp: path.found.namedBy(path.column),
        };
    });
    if (!lookUp) return anyOf(ways.map(way => way.lookedUp));
    const [probe] = rowsOf(
        await db.execute(
            sql`SELECT ${sql.join(
                ways.map((way, index) => sql`${way.read} AS ${sql.identifier(`p${index}`)}`),
                sql`, `,
            )}`,
        ),
    );
    const read = ways.map((_, index) => probe?.[`p${index}`]);
    const found = ways.reduce((sum, way, index) => sum + way.countOf(read[index]), 0);
    if (found <= few)
        return sql`${id} IN (${sql.join(
            ways.map((way, index) => way.named(read[index])),
            sql` UNION ALL `,
        )})`;
    return anyOf(ways.map(way => way.hashed));
};

/** Any of the conditions (false when none is given). */
const anyOf = (conditions: SQL[]): SQL => or(...conditions) ?? sql`false`;

/** What a large list counts (largePageOf): a table and its filter, or a select (of `1`, or of the id as idsOfMatching takes it) with its joins and filter. */
export type Matching = { table: PgTable; where: SQL | undefined } | { rows: PgSelect };

/**
 * largePageOf for the lists paged by `page_number` and `page_size` and answering `total_items`:
 * `limit` and `offset` as pageWindow gives them. `estimated` is answered only when true, so an
 * exact total's answer is as before.
 */
export const largePageRows = async <Row>(
    db: Queryable,
    window: { limit: number; offset: number },
    rows: (limit: number, offset: number) => Promise<Row[]>,
    matching: Matching,
): Promise<{ rows: Row[]; total_items: number; estimated?: true }> => {
    const page = await largePageOf(db, { $limit: window.limit, $skip: window.offset }, rows, matching);
    return { rows: page.data, total_items: page.total, ...(page.estimated ? { estimated: true as const } : {}) };
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
