/**
 * Bulk SQL for a statement's import: values sent as one array parameter each (a batch of thousands
 * of rows is one statement, never a query per row), read back from either driver.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../../db';
import { nextTask } from './turns';

/** Rows per bulk write: large enough that round trips do not count, small enough to stay light. */
const BATCH = 5000;

export const select = async <Row>(db: Queryable, query: SQL): Promise<Row[]> => rowsOf<Row>(await db.execute(query));

const NEEDS_ESCAPE = /["\\]/;

/** A PostgreSQL array literal of texts (NULL for null), one parameter however many values. */
export const textArray = (values: readonly (string | null)[]): string =>
    `{${values
        .map(value =>
            value === null ? 'NULL' : NEEDS_ESCAPE.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : `"${value}"`,
        )
        .join(',')}}`;

/** A PostgreSQL array literal of integers (NULL for null). */
export const intArray = (values: readonly (number | null)[]): string =>
    `{${values.map(value => (value === null ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;

/** Cents as the text of a numeric: 12345 → '123.45'. */
export const moneyText = (cents: number): string => {
    const magnitude = Math.abs(cents);
    const text = `${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
    return cents < 0 ? `-${text}` : text;
};

/** A numeric column's text, as both drivers answer it, in cents. */
export const centsOf = (value: string | number): number => Math.round(Number(value) * 100);

export const batchesOf = <T>(items: readonly T[], size = BATCH): T[][] => {
    const batches: T[][] = [];
    for (let at = 0; at < items.length; at += size) batches.push(items.slice(at, at + size));
    return batches;
};

/**
 * `= ANY(…)` over an array parameter the planner does not see: given the array itself, it would
 * estimate each element's selectivity, some 15 µs an element (80 ms for 5,000 keys) before the
 * index is read at all; as an InitPlan the whole lookup of 5,000 keys takes about 10 ms.
 */
export const anyText = (values: readonly (string | null)[]) => sql`ANY((SELECT ${textArray(values)}::text[])::text[])`;
export const anyInt = (values: readonly number[]) => sql`ANY((SELECT ${intArray(values)}::int[])::int[])`;

/** Epoch seconds (to the millisecond) as PostgreSQL's `to_timestamp` reads them: cheaper than ISO text for either side. */
export const epochSeconds = (ms: number) => String(ms / 1000);

/**
 * Bulk statements sent one after another without waiting for each (PostgreSQL works on one while
 * the next is built); answers once all are done, with the first failure if any. Each is made a
 * promise once: a drizzle query runs each time it is awaited.
 */
export const pipelined = async (queries: Iterable<() => PromiseLike<unknown>>): Promise<void> => {
    const sent: Promise<unknown>[] = [];
    for (const query of queries) {
        const done = Promise.resolve(query());
        // Handled at once: a failure waits for Promise.all below, never unhandled in between.
        done.catch(() => undefined);
        sent.push(done);
        await nextTask();
    }
    await Promise.all(sent);
};
