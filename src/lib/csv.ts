/**
 * CSV in the browser, without a library: reading an uploaded file (RFC 4180: quoted fields,
 * doubled quotes, CRLF or LF) and writing an export whose cells a spreadsheet will not run as
 * formulas.
 */

/** The rows of a CSV text, each a list of cells, with the line each row starts on (1-based). */
export const parseCsv = (text: string): { line: number; cells: string[] }[] => {
    const rows: { line: number; cells: string[] }[] = [];
    let cells: string[] = [];
    let cell = '';
    let quoted = false;
    let line = 1;
    let rowLine = 1;
    const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
    const endRow = () => {
        cells.push(cell);
        if (cells.some(value => value.trim() !== '')) rows.push({ line: rowLine, cells });
        cells = [];
        cell = '';
    };
    for (let index = 0; index < source.length; index++) {
        const char = source[index]!;
        if (quoted) {
            if (char === '"') {
                if (source[index + 1] === '"') {
                    cell += '"';
                    index++;
                } else quoted = false;
            } else {
                if (char === '\n') line++;
                cell += char;
            }
        } else if (char === '"' && cell === '') quoted = true;
        else if (char === ',' || char === ';' || char === '\t') {
            cells.push(cell);
            cell = '';
        } else if (char === '\n' || char === '\r') {
            if (char === '\r' && source[index + 1] === '\n') index++;
            endRow();
            line++;
            rowLine = line;
        } else cell += char;
    }
    if (cell !== '' || cells.length > 0) endRow();
    return rows;
};

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

/** A column of an export: its title and each row's value; a number is written with `decimals` if given. */
export interface CsvColumn<Row> {
    title: string;
    value: (row: Row) => unknown;
    decimals?: number;
}

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

/**
 * A CSV text: a header of the column titles, then one line per row, CRLF between lines. Every
 * export of the portal is written by this function; react-admin's own exporter (jsonexport, which
 * neutralises nothing) is never used: each `<List>` passes `exporter={false}` or its own exporter.
 */
export const toCsv = <Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string =>
    [
        columns.map(column => csvCell(column.title)),
        ...rows.map(row => columns.map(column => csvCell(column.value(row), column.decimals))),
    ]
        .map(cells => cells.join(','))
        .join('\r\n');
