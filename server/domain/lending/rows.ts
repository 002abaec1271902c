/** Raw SQL's parameters the same way on PGlite and on PostgreSQL. */

/** Whole numbers as a PostgreSQL array literal, for `= ANY(…::int[])` and `unnest`. */
export const intArray = (values: readonly number[]) => `{${values.map(value => String(Math.trunc(value))).join(',')}}`;
