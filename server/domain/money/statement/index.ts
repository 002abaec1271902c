/**
 * Reading a bank or mobile-money statement (contract/money/statement.ts `STATEMENT_COLUMNS`,
 * contract/money/reconciliation.ts `reconcileDeposits`): RFC 4180 CSV over the bytes received,
 * and each row's fields checked into a payment or a rejection naming the field at fault. What the
 * rows then become (matched, suspense, duplicate) is decided against the database in
 * ../reconciliation/.
 *
 * - The file must be text: a NUL byte or invalid UTF-8 (`TextDecoder` with `fatal`) is a 415 on
 *   `file`, whatever its name or declared type. A UTF-8 byte order mark is skipped.
 * - Records are read one at a time by a generator (`csvRecords`): fields separated by commas,
 *   quoted fields with `""` for a quote and line breaks inside, records ended by CRLF, LF or CR.
 *   A quote left open at the end of the file is a 400 on `file` (it would swallow every row after it).
 *   Text after a closing quote, before the next comma, is kept as written.
 * - Blank lines are skipped; a record's line is the line of the file it starts on (the header is
 *   line 1 when it is the first).
 * - The first record that is not blank is the header: column names trimmed, in any case, in any
 *   order; `date`, `amount`, `reference` and `msisdn` must be there (400 `errors.statement_columns`
 *   on `file` otherwise, an empty file too), `account` may be, other columns are ignored, and a
 *   name given twice means its first column.
 * - At most MAX_STATEMENT_ROWS rows follow the header (blank lines not counted): past it the file
 *   is refused whole, 413 `errors.statement_too_many_rows` on `file`.
 * - A row is rejected for the first fault found, in this order: a value in a column beyond the
 *   header's (`too_many_columns`, with no field: no column is named), then `date`, `amount`,
 *   `reference`, `msisdn`, `account` (each `missing` when empty, else `invalid`, and an amount
 *   `not_positive` or `too_large`).
 *
 * Here the whole read (`statementRows`); the parts: ./csv.ts (text and records), ./header.ts,
 * ./rows.ts (a row's fields), ./paidAt.ts (a row's date as an instant).
 */
import { MAX_STATEMENT_ROWS } from '../../../../contract/money';
import { HttpError } from '../../../http';
import { checkText, csvRecords } from './csv';
import { readHeader } from './header';
import { readRow, type StatementRow } from './rows';

export { checkText, csvRecords, type CsvRecord } from './csv';
export { readHeader, type StatementLayout } from './header';
export { readRow, type PaymentRow, type RejectedRow, type RowProblem, type StatementRow } from './rows';

const tooManyRows = () =>
    new HttpError(
        413,
        'errors.statement_too_many_rows',
        `The statement holds more than ${MAX_STATEMENT_ROWS} rows: split it into files of at most ${MAX_STATEMENT_ROWS} rows`,
        'file',
    );

/**
 * The whole statement read: its rows in file order (each a payment or a rejection). Refuses a
 * file that is not text (415) and a header without the columns (400), before any row is judged,
 * and a file of more than MAX_STATEMENT_ROWS rows (413) as soon as its next row is found: the
 * caller stores nothing until it has every row.
 */
export function* statementRows(bytes: Buffer): Generator<StatementRow> {
    checkText(bytes);
    const records = csvRecords(bytes);
    const layout = readHeader(records.next().value ?? undefined);
    const days = new Map<string, number | null>();
    let rows = 0;
    for (const record of records) {
        if (++rows > MAX_STATEMENT_ROWS) throw tooManyRows();
        yield readRow(record, layout, days);
    }
}
