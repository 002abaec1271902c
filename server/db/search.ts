/**
 * What a "contains" search reads, written once for the trigram indexes that serve it (the schema)
 * and the queries (server/domain/records/search.ts), which the planner matches to each other: a
 * person's name as searched, and a trigram index on a column or expression. pg_trgm is migration
 * 0017's (PGlite loads it too: db/index.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A person's name as a search reads it: first and last with one space. The expression of
 * `customers_name_trgm_idx` (schema/customers.ts): its text must not change without a migration
 * recreating that index.
 */
export const fullNameOf = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL =>
    sql`(${person.firstName} || ' ' || ${person.lastName})`;

/**
 * A GIN trigram index's column (`index(…).using('gin', trigramsOf(…))`): it finds `LIKE` and
 * `ILIKE` '%text%' of three characters or more without reading the table.
 */
export const trigramsOf = (expression: AnyPgColumn | SQL): SQL => sql`${expression} gin_trgm_ops`;
