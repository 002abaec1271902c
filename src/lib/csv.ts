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

/** A cell a spreadsheet would read as a formula (=, +, -, @, tab, CR) is written as text. */
const safeCell = (value: unknown): string => {
    const text = value === null || value === undefined ? '' : String(value);
    const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

/** A CSV text: a header of the column titles, then one line per row. */
export const toCsv = <Row>(rows: readonly Row[], columns: readonly { title: string; value: (row: Row) => unknown }[]): string =>
    [columns.map(column => safeCell(column.title)), ...rows.map(row => columns.map(column => safeCell(column.value(row))))]
        .map(cells => cells.join(','))
        .join('\r\n');
