/**
 * CSV in the browser, without a library: reading an uploaded file (RFC 4180: quoted fields,
 * doubled quotes, CRLF or LF) and writing an export whose cells a spreadsheet will not run as
 * formulas.
 */
import { csvCell } from '../../contract/csv';

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

export { csvCell };

/** A column of an export: its title and each row's value; a number is written with `decimals` if given. */
export interface CsvColumn<Row> {
    title: string;
    value: (row: Row) => unknown;
    decimals?: number;
}

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
