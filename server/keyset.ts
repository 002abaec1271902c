/**
 * Keyset pages: "the rows after this one" instead of "skip N rows". A list's order is an exact,
 * unique key (its sort columns, then the primary key as tie-breaker); a page answers the key of its
 * last row as an opaque cursor (`next`), and the page after it is asked for with that cursor
 * (`after`): the database walks its index from the key on, so a deep page costs what the first
 * does, where an OFFSET reads and drops every row before it. The streamed exports
 * (server/exports.ts) read their batches so, and the portal's data provider sends the cursor of the
 * page it just showed when the next one is asked for.
 *
 * A cursor is base64url of JSON `[order, ...values]`: `order` names the list and its sort (a cursor
 * of another sort is refused), each value checked against its key's kind before it reaches SQL, so
 * a malformed cursor is a 400 naming `after`, never a database error. Moments travel as whole
 * microseconds since the epoch (timestamptz's own precision: milliseconds would skip or repeat
 * rows made within one).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { invalidInput } from './http';

/** What a key's value is, for checking a cursor and binding it with its type. */
export type KeyKind = 'int' | 'text' | 'moment' | 'numeric' | { enum: readonly string[]; type: string };

/** One part of a list's order: the expression, its direction and kind. */
export interface KeyPart {
    expression: AnyPgColumn | SQL;
    descending: boolean;
    kind: KeyKind;
}

/** A list's order as a key: its parts, and the name a cursor of it carries. */
export interface Keyset {
    order: string;
    parts: readonly KeyPart[];
}

export type KeyValue = string | number;

const badCursor = (message: string) =>
    invalidInput([{ field: 'after', message: `after is not a cursor of this list (${message})`, key: 'errors.field_invalid' }]);

// eslint-disable-next-line no-control-regex -- a NUL is what PostgreSQL's text refuses
const UNPAIRED_OR_NUL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const checked = (kind: KeyKind, value: unknown): KeyValue => {
    if (kind === 'int' || kind === 'moment') {
        if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    } else if (kind === 'numeric') {
        if (typeof value === 'number' && Number.isFinite(value)) return value;
    } else if (kind === 'text') {
        if (typeof value === 'string' && value.length <= 1000 && !UNPAIRED_OR_NUL.test(value)) return value;
    } else if (typeof value === 'string' && kind.enum.includes(value)) {
        return value;
    }
    throw badCursor('a value of the wrong kind');
};

/** The cursor of a row whose key values (`keyOf`'s, as the database answered them) are these. */
export const cursorOf = (keyset: Keyset, values: readonly KeyValue[]): string =>
    Buffer.from(JSON.stringify([keyset.order, ...values])).toString('base64url');

/** A cursor's values, checked against the keyset: a 400 naming `after` for any other text. */
export const readCursor = (keyset: Keyset, cursor: string): KeyValue[] => {
    let decoded: unknown;
    try {
        decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
        throw badCursor('not readable');
    }
    if (!Array.isArray(decoded) || decoded[0] !== keyset.order) throw badCursor('another list or sort');
    if (decoded.length !== keyset.parts.length + 1) throw badCursor('a key of another length');
    return keyset.parts.map((part, index) => checked(part.kind, decoded[index + 1]));
};

const bound = (kind: KeyKind, value: KeyValue): SQL => {
    if (kind === 'moment') return sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
    if (kind === 'int') return sql`${value}::bigint`;
    if (kind === 'numeric') return sql`${value}::numeric`;
    if (kind === 'text') return sql`${value}::text`;
    return sql`${value}::${sql.raw(kind.type)}`;
};

const valueOf = (part: KeyPart): SQL =>
    part.kind === 'moment'
        ? sql`(extract(epoch from ${part.expression}) * 1000000)::bigint`
        : part.kind === 'numeric'
          ? sql`${part.expression}::float8`
          : sql`${part.expression}`;

/**
 * The key of each row, selected beside its fields (a JSON array: `cursorOf` takes it as it is).
 * A numeric travels as a double: the keys it orders (prices, 2 decimals) are written exactly so.
 */
export const keyOf = (keyset: Keyset): SQL<KeyValue[]> =>
    sql`json_build_array(${sql.join(keyset.parts.map(valueOf), sql`, `)})`.mapWith(
        value => (typeof value === 'string' ? JSON.parse(value) : value) as KeyValue[],
    );

/**
 * The rows after the key `values` in the keyset's order. When every part goes the same way this is
 * one row comparison, which an index on those columns answers by a range; otherwise the
 * lexicographic condition spelt out, behind the first part's own bound (a range of its index).
 */
export const afterKey = (keyset: Keyset, values: readonly KeyValue[]): SQL => {
    const { parts } = keyset;
    const sameWay = parts.every(part => part.descending === parts[0]?.descending);
    if (sameWay) {
        const left = sql.join(
            parts.map(part => sql`${part.expression}`),
            sql`, `,
        );
        const right = sql.join(
            parts.map((part, index) => bound(part.kind, values[index] as KeyValue)),
            sql`, `,
        );
        return parts[0]?.descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
    }
    // The first part's bound, which every branch implies, said once more so that an index on it
    // starts at the key (an Index Cond) instead of walking from its end with the branches as a filter.
    const [first] = parts;
    const from = first
        ? first.descending
            ? sql`${first.expression} <= ${bound(first.kind, values[0] as KeyValue)}`
            : sql`${first.expression} >= ${bound(first.kind, values[0] as KeyValue)}`
        : sql`true`;
    const branches = parts.map((part, index) => {
        const equal = parts
            .slice(0, index)
            .map((earlier, at) => sql`${earlier.expression} = ${bound(earlier.kind, values[at] as KeyValue)}`);
        const beyond = part.descending
            ? sql`${part.expression} < ${bound(part.kind, values[index] as KeyValue)}`
            : sql`${part.expression} > ${bound(part.kind, values[index] as KeyValue)}`;
        return sql`(${sql.join([...equal, beyond], sql` AND `)})`;
    });
    return sql`(${from} AND (${sql.join(branches, sql` OR `)}))`;
};
