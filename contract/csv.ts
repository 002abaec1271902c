/**
 * An export's cells, written the same in the browser (src/lib/csv.ts `toCsv`) and on the server
 * (server/exports.ts, which streams a list as CSV): a cell a spreadsheet will not run as a
 * formula, and a column described as data (`ExportColumn`, contract/exports.ts) turned into the
 * value it shows, so both sides write the same words from the same description.
 */

/**
 * Text a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, tab or CR, or
 * their full-width and small forms (`＝`, `＋`, `－`, `＠`, …, which some spreadsheets fold into
 * the plain ones), perhaps after whitespace (no-break and full-width spaces included: `\s` holds
 * them) or characters that show nothing (soft hyphen, Mongolian vowel separator, zero-width space,
 * non-joiner and joiner, word joiner, byte order mark).
 */
const LOOKS_LIKE_FORMULA =
    // The joiner stands alone (in a class it would join its neighbours); no two branches match the same character.
    /^(?:[\s\u00AD\u180E\u200B\u200C\u2060]|\u200D)*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B]/;
/** A cell holding a separator either way round (`,` or `;`, as a spreadsheet's locale reads it), a quote, a tab or a line break is quoted. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One cell of an export. A number is data: it is written as one (`-79.00` stays a negative amount)
 * and never neutralised. Text that a spreadsheet would run as a formula (it starts with a formula
 * character, perhaps after whitespace or invisible characters) gets a leading `'` (OWASP's CSV
 * injection advice), so it shows as the text it is; a text that only looks like a negative number
 * is such text too, and shows with its `'`.
 */
export const csvCell = (value: unknown, decimals?: number): string => {
    if (typeof value === 'number' || typeof value === 'bigint') {
        if (typeof value === 'number' && !Number.isFinite(value)) return '';
        return typeof value === 'number' && decimals !== undefined ? value.toFixed(decimals) : String(value);
    }
    const text = value === null || value === undefined ? '' : String(value);
    const guarded = LOOKS_LIKE_FORMULA.test(text) ? `'${text}` : text;
    return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

/** Lines of an export end so; a file is its header line, then a line per row. */
export const CSV_LINE_END = '\r\n';

/** A line of cells. */
export const csvLine = (cells: readonly string[]): string => cells.join(',');

/**
 * A column of an export as data: where its value is in a list's row (`field`, a dot path into the
 * row as the list call answers it: `store_name`, `owner.name`), further fields joined to it with a
 * space (`join`: brand and model), the word each value is said with (`words`, keyed by the value
 * as text: a status, `true`/`false`), what an empty value shows (`empty`), a number's decimals, and
 * a moment written as day and time in the reader's language and time zone (`format: 'datetime'`,
 * as src/lib/format.ts `formatDateTime` writes it).
 */
export interface ExportColumnShape {
    title: string;
    field: string;
    join?: readonly string[] | undefined;
    words?: Readonly<Record<string, string>> | undefined;
    empty?: string | undefined;
    decimals?: number | undefined;
    format?: 'datetime' | undefined;
}

/** Where the reader is: their language and time zone (`Intl`'s names). */
export interface ExportReader {
    locale: string;
    time_zone: string;
}

const valueAt = (row: unknown, path: string): unknown => {
    let current: unknown = row;
    for (const key of path.split('.')) {
        if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
        current = (current as Record<string, unknown>)[key];
    }
    return current;
};

/**
 * One formatter per language and zone, made once: a new `Intl.DateTimeFormat` per cell cost about
 * half a millisecond and ICU memory outside the JS heap that the collector frees late, so 100,000
 * cells took 55 s and grew a process by 1.2 GB (the first streamed export's growth, bench/export.ts).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (reader: ExportReader): Intl.DateTimeFormat => {
    const key = `${reader.locale}\0${reader.time_zone}`;
    let formatter = formatters.get(key);
    if (!formatter) {
        formatter = new Intl.DateTimeFormat(reader.locale, {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: reader.time_zone,
        });
        // A few languages and zones are used; a stranger's many cannot grow the map without bound.
        if (formatters.size >= 64) formatters.clear();
        formatters.set(key, formatter);
    }
    return formatter;
};

/** The day and the time of a moment in the reader's language and zone; '' for nothing or nonsense. */
const dayAndTime = (value: unknown, reader: ExportReader): string => {
    if (typeof value !== 'string' && typeof value !== 'number') return '';
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    return formatterOf(reader).format(date);
};

/** What a column shows for a row, before it is written as a cell (`csvCell`). */
export const columnValue = (column: ExportColumnShape, row: unknown, reader: ExportReader): unknown => {
    let value = valueAt(row, column.field);
    if (column.join && column.join.length > 0) {
        value = [value, ...column.join.map(path => valueAt(row, path))]
            .map(part => (part === null || part === undefined ? '' : String(part)))
            .join(' ');
    }
    if (value === null || value === undefined || value === '') return column.empty ?? '';
    if (column.words) {
        const key = String(value);
        return Object.hasOwn(column.words, key) ? column.words[key] : key;
    }
    if (column.format === 'datetime') return dayAndTime(value, reader);
    return value;
};

/** A row's line. */
export const columnsLine = (columns: readonly ExportColumnShape[], row: unknown, reader: ExportReader): string =>
    csvLine(columns.map(column => csvCell(columnValue(column, row, reader), column.decimals)));

/** The header line: the columns' titles. */
export const titlesLine = (columns: readonly ExportColumnShape[]): string =>
    csvLine(columns.map(column => csvCell(column.title)));
