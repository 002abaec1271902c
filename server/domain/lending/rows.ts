/** Reading raw SQL's answers the same way on PGlite and on PostgreSQL. */

/** The rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export const rowsOf = <Row>(result: unknown): Row[] =>
    Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

/** Whole numbers as a PostgreSQL array literal, for `= ANY(…::int[])` and `unnest`. */
export const intArray = (values: readonly number[]) => `{${values.map(value => String(Math.trunc(value))).join(',')}}`;
