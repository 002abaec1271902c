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
 * Where a word's `%{name}` is taken from (`ExportColumnShape.fill`): the first of `first` whose
 * field (a dot path into the row) holds text with more than spaces, written after its `prefix`
 * (`#` before a record's id); `otherwise` when none does.
 */
export interface ExportPickShape {
    first: { field: string; prefix?: string | undefined }[];
    otherwise?: string | undefined;
}

/**
 * A column of an export as data: where its value is in a list's row (`field`, a dot path into the
 * row as the list call answers it: `store_name`, `owner.name`), further fields joined to it with a
 * space (`join`: brand and model), the word each value is said with (`words`, keyed by the value
 * as text: a status, `true`/`false`, an audit action), what a word's `%{name}` is filled with
 * (`fill`: the audit event's subject in "Changed user %{subject}", as the portal's translate fills
 * it), what an empty value shows (`empty`), a number's decimals, and either a moment written as day
 * and time in the reader's language and time zone (`format: 'datetime'`, as src/lib/format.ts
 * `formatDateTime` writes it) or the value as JSON (`format: 'json'`, `null` for nothing: an audit
 * event's before and after).
 */
export interface ExportColumnShape {
    title: string;
    field: string;
    join?: readonly string[] | undefined;
    words?: Readonly<Record<string, string>> | undefined;
    fill?: Readonly<Record<string, ExportPickShape>> | undefined;
    empty?: string | undefined;
    decimals?: number | undefined;
    format?: 'datetime' | 'json' | undefined;
}

/** Where the reader is: their language and time zone (`Intl`'s names). */
export interface ExportReader {
    locale: string;
    time_zone: string;
}

/** A dot path's keys, split once per column rather than once per cell. */
const keysOf = (path: string): readonly string[] => path.split('.');

const valueAtKeys = (row: unknown, keys: readonly string[]): unknown => {
    let current: unknown = row;
    for (const key of keys) {
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

/** The day and the time of a moment with the reader's formatter; '' for nothing or nonsense. */
const dayAndTime = (value: unknown, formatter: Intl.DateTimeFormat): string => {
    if (typeof value !== 'string' && typeof value !== 'number') return '';
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return '';
    return formatter.format(date);
};

/** A pick (`ExportPickShape`) with its paths split: the text it chooses in a row. */
const picker = (pick: ExportPickShape): ((row: unknown) => string) => {
    const first = pick.first.map(({ field, prefix }) => ({ keys: keysOf(field), prefix: prefix ?? '' }));
    const otherwise = pick.otherwise ?? '';
    return row => {
        for (const { keys, prefix } of first) {
            const value = valueAtKeys(row, keys);
            if (typeof value === 'string' && value.trim() !== '') return `${prefix}${value}`;
        }
        return otherwise;
    };
};

/** The text a pick chooses in a row (`ExportPickShape`). */
export const pickText = (pick: ExportPickShape, row: unknown): string => picker(pick)(row);

/** `%{name}` in a word, as polyglot (react-admin's translate) writes it. */
const PLACEHOLDER = /%\{(\w+)\}/g;

/**
 * What a column shows for a row, before it is written as a cell (`csvCell`), with what the column
 * needs worked out once: its paths split, its picks, the reader's formatter. The server writes a
 * column's cell for every row of an export with it (`lineWriter`).
 */
const valueWriter = (column: ExportColumnShape, reader: ExportReader): ((row: unknown) => unknown) => {
    const keys = keysOf(column.field);
    if (column.format === 'json') {
        // JSON says nothing too (`null`), as the portal's audit export wrote `JSON.stringify(before ?? null)`.
        return row => JSON.stringify(valueAtKeys(row, keys) ?? null);
    }
    const joined = (column.join ?? []).map(keysOf);
    const empty = column.empty ?? '';
    const words = column.words;
    const fills = new Map(Object.entries(column.fill ?? {}).map(([name, pick]) => [name, picker(pick)]));
    // A word with its `%{name}`s filled from the row; a name the column does not fill stays as it is, as polyglot leaves it.
    const filled = (word: string, row: unknown) =>
        fills.size > 0 && word.includes('%{')
            ? word.replace(PLACEHOLDER, (whole, name: string) => fills.get(name)?.(row) ?? whole)
            : word;
    const formatter = column.format === 'datetime' ? formatterOf(reader) : null;
    return row => {
        let value = valueAtKeys(row, keys);
        if (joined.length > 0) {
            value = [value, ...joined.map(path => valueAtKeys(row, path))]
                .map(part => (part === null || part === undefined ? '' : String(part)))
                .join(' ');
        }
        if (value === null || value === undefined || value === '') return empty;
        if (words) {
            const key = String(value);
            return Object.hasOwn(words, key) ? filled(words[key]!, row) : key;
        }
        if (formatter) return dayAndTime(value, formatter);
        return value;
    };
};

/** What a column shows for a row, before it is written as a cell (`csvCell`). */
export const columnValue = (column: ExportColumnShape, row: unknown, reader: ExportReader): unknown =>
    valueWriter(column, reader)(row);

/** The line of a row for these columns and this reader, each column's work done once (`valueWriter`). */
export const lineWriter = (columns: readonly ExportColumnShape[], reader: ExportReader): ((row: unknown) => string) => {
    const cells = columns.map(column => {
        const value = valueWriter(column, reader);
        const decimals = column.decimals;
        return (row: unknown) => csvCell(value(row), decimals);
    });
    return row => {
        let line = '';
        for (let index = 0; index < cells.length; index++) line += (index === 0 ? '' : ',') + cells[index]!(row);
        return line;
    };
};

/** A row's line. */
export const columnsLine = (columns: readonly ExportColumnShape[], row: unknown, reader: ExportReader): string =>
    lineWriter(columns, reader)(row);

/** The header line: the columns' titles. */
export const titlesLine = (columns: readonly ExportColumnShape[]): string =>
    csvLine(columns.map(column => csvCell(column.title)));
