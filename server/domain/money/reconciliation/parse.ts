/**
 * A statement read into the units its import writes (index.ts, the file read first, whole): the
 * payments to decide and the rejections as they are stored, in line order, cut into batches of
 * IMPORT_BATCH units. Deterministic, so a resumed import finds the same batches in the kept bytes.
 */
import { statementRows, type PaymentRow } from '../statement';
import { rejection, type NotRecorded } from './decide';
import { nextTask, READ_SLICE } from './turns';

/**
 * Units of a file per transaction (a payment is one unit, a stored rejection one, even a run of
 * junk lines). On PGlite the database runs one transaction at a time on this process's own thread:
 * an import of 50,000 rows as one transaction stalled every other request for its ~9 s, and a
 * batch of 5,000 froze the event loop for up to 1.5 s. A batch of 500 holds both for tens of ms.
 */
export const IMPORT_BATCH = 500;

/** A unit of the file, in line order: a payment to decide, or a rejection as it is stored. */
type Unit = { payment: PaymentRow; rejected?: undefined } | { payment?: undefined; rejected: StoredRow };

/** A file read: its number of rows (lines after the header) and its units in line order. */
export interface Parsed {
    rows: number;
    units: Unit[];
}

/** A row that records nothing as stored: a run of identical junk rejections ends at `lastLine`. */
export type StoredRow = NotRecorded & { lastLine: number | null };

/** A rejection of which nothing readable is kept: its line, field and problem say all there is. */
const junk = (row: NotRecorded) =>
    row.outcome === 'rejected' && row.reference === null && row.msisdn === null && row.cents === null;

/**
 * The rows in line order with each run of junk rejections on consecutive lines, with the same field
 * and problem, made one (schema/money.ts `reconciliation_rows.last_line`): a file of junk lines
 * stores a row per kind of fault, not per line, and reads back the same.
 */
export const compacted = (rows: readonly NotRecorded[]): StoredRow[] => {
    const stored: StoredRow[] = [];
    let last: StoredRow | undefined;
    for (const row of rows) {
        if (
            last &&
            junk(row) &&
            junk(last) &&
            row.field === last.field &&
            row.problem === last.problem &&
            row.line === (last.lastLine ?? last.line) + 1
        ) {
            last.lastLine = row.line;
            continue;
        }
        last = { ...row, lastLine: null };
        stored.push(last);
    }
    return stored;
};

/**
 * Reads a statement whole (415, 400 or 413 before anything is stored). Deterministic: a resumed
 * import reads the same units from the kept bytes, so its batch numbers mean the same rows.
 */
export const parseStatement = async (bytes: Buffer): Promise<Parsed> => {
    const payments: PaymentRow[] = [];
    const rejected: NotRecorded[] = [];
    let read = 0;
    for (const row of statementRows(bytes)) {
        if (row.ok) payments.push(row);
        else rejected.push(rejection(row));
        // Other requests are served between slices: no stretch of reading holds the process.
        if (++read % READ_SLICE === 0) await nextTask();
    }
    // Compacting the rejections alone stores what compacting every unrecorded row did: a run joins
    // consecutive lines only, and a line between (a payment, or a duplicate) breaks it either way.
    const stored = compacted(rejected);
    const units: Unit[] = [];
    let next = 0;
    const storedBefore = (line: number) => {
        for (let row = stored[next]; row !== undefined && row.line < line; row = stored[++next]) units.push({ rejected: row });
    };
    for (const payment of payments) {
        storedBefore(payment.line);
        units.push({ payment });
    }
    storedBefore(Number.POSITIVE_INFINITY);
    return { rows: read, units };
};

/** Batches of a file: at least one, so that a file of no rows is marked done too. */
export const batchCount = (parsed: Parsed): number => Math.max(1, Math.ceil(parsed.units.length / IMPORT_BATCH));
