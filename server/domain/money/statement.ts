/**
 * Reading a bank or mobile-money statement (contract/money.ts `reconcileDeposits`,
 * `STATEMENT_COLUMNS`): RFC 4180 CSV over the bytes received, and each row's fields checked into
 * a payment or a rejection naming the field at fault. What the rows then become (matched,
 * suspense, duplicate) is decided against the database in ./reconciliation.ts.
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
 * - A row is rejected for the first fault found, in this order: a value in a column beyond the
 *   header's (`too_many_columns`, with no field: no column is named), then `date`, `amount`,
 *   `reference`, `msisdn`, `account` (each `missing` when empty, else `invalid`, and an amount
 *   `not_positive` or `too_large`).
 */
import { MSISDN_PATTERN, LOAN_REFERENCE_PATTERN } from '../../../contract/fields';
import {
    MAX_PAYMENT_AMOUNT,
    OPTIONAL_STATEMENT_COLUMNS,
    PAYMENT_REFERENCE_PATTERN,
    ROW_PROBLEMS,
    STATEMENT_COLUMNS,
} from '../../../contract/money';
import { HttpError } from '../../http';
import { startOfDay } from '../approvals/dates';

export type RowProblem = (typeof ROW_PROBLEMS)[number];
type Column = (typeof STATEMENT_COLUMNS)[number] | (typeof OPTIONAL_STATEMENT_COLUMNS)[number];

/** One record of the file: the line it starts on and its fields as written. */
export interface CsvRecord {
    line: number;
    fields: string[];
}

/** A row whose every field is good: a payment to match. Amounts are in cents. */
export interface PaymentRow {
    line: number;
    paidAt: Date;
    cents: number;
    reference: string;
    /** Without a leading +, as customers' numbers are kept. */
    msisdn: string;
    /** The loan reference the payer gave, trimmed and upper-cased; null when none. */
    account: string | null;
}

/** A row refused as written, with what could be read of it for the upload's report. */
export interface RejectedRow {
    line: number;
    field: Column | null;
    problem: RowProblem;
    reference: string | null;
    msisdn: string | null;
    cents: number | null;
}

export type StatementRow = ({ ok: true } & PaymentRow) | ({ ok: false } & RejectedRow);

const notText = () =>
    new HttpError(
        415,
        'errors.unsupported_media_type',
        'The file is not a CSV text file (judged by its content, not its name)',
        'file',
    );

const BOM = [0xef, 0xbb, 0xbf] as const;
const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Validation happens in slices so that no copy of the whole file as text is ever made. */
const VALIDATE_SLICE = 64 * 1024;

/**
 * Refuses (415) bytes that are not UTF-8 text. The decoder runs in streaming mode over slices, so
 * a character split between two slices is judged whole and the text is never held all at once.
 */
export const checkText = (bytes: Uint8Array): void => {
    if (bytes.indexOf(0) !== -1) throw notText();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
        for (let at = 0; at < bytes.length; at += VALIDATE_SLICE) {
            decoder.decode(bytes.subarray(at, at + VALIDATE_SLICE), { stream: true });
        }
        decoder.decode();
    } catch {
        throw notText();
    }
};

const startsWithBom = (bytes: Uint8Array) => BOM.every((value, index) => bytes[index] === value);

/** A field's text: plain ASCII is copied byte for byte, anything else decoded (already checked by `checkText`). */
const textOf = (bytes: Buffer, from: number, to: number, ascii: boolean) =>
    to <= from ? '' : bytes.toString(ascii ? 'latin1' : 'utf8', from, to);

/** Line breaks in bytes[from, to): LF, or CR not followed by LF. */
const lineBreaks = (bytes: Buffer, from: number, to: number): number => {
    let count = 0;
    for (let at = from; at < to; at++) {
        const byte = bytes[at];
        if (byte === LF || (byte === CR && bytes[at + 1] !== LF)) count++;
    }
    return count;
};

/**
 * The file's records, one at a time, blank lines skipped (see the header). Call `checkText` first:
 * this reads the bytes as UTF-8 without judging them.
 */
export function* csvRecords(bytes: Buffer): Generator<CsvRecord> {
    const end = bytes.length;
    let at = startsWithBom(bytes) ? BOM.length : 0;
    let line = 1;
    while (at < end) {
        const first = line;
        const fields: string[] = [];
        for (;;) {
            let value: string;
            if (bytes[at] === QUOTE) {
                const from = at + 1;
                let close = bytes.indexOf(QUOTE, from);
                let escaped = false;
                while (close !== -1 && bytes[close + 1] === QUOTE) {
                    escaped = true;
                    close = bytes.indexOf(QUOTE, close + 2);
                }
                if (close === -1) {
                    throw new HttpError(400, 'errors.field_invalid', `Line ${first}: a quoted field is never closed`, 'file');
                }
                line += lineBreaks(bytes, from, close);
                value = textOf(bytes, from, close, false);
                if (escaped) value = value.replaceAll('""', '"');
                at = close + 1;
                // Anything after the closing quote up to the next separator is kept as written.
                const rest = at;
                while (at < end && bytes[at] !== COMMA && bytes[at] !== LF && bytes[at] !== CR) at++;
                if (at > rest) value += textOf(bytes, rest, at, false);
            } else {
                const from = at;
                let ascii = true;
                for (; at < end; at++) {
                    const byte = bytes[at] ?? 0;
                    if (byte === COMMA || byte === LF || byte === CR) break;
                    if (byte >= 0x80) ascii = false;
                }
                value = textOf(bytes, from, at, ascii);
            }
            fields.push(value);
            if (at >= end) break;
            if (bytes[at] === COMMA) {
                at++;
                if (at >= end) {
                    fields.push('');
                    break;
                }
                continue;
            }
            // CRLF, LF or CR: the record ends.
            at += bytes[at] === CR && bytes[at + 1] === LF ? 2 : 1;
            line++;
            break;
        }
        if (fields.length === 1 && (fields[0] ?? '').trim() === '') continue;
        yield { line: first, fields };
    }
}

// ---------------------------------------------------------------------------------------------
// The header

/** Where each known column is in the file's rows; -1 for `account` when the file has none. */
export interface StatementLayout {
    index: Record<Column, number>;
    /** How many columns the header names: a row with a value beyond them is refused. */
    width: number;
}

export const readHeader = (record: CsvRecord | undefined): StatementLayout => {
    const names = (record?.fields ?? []).map(name => name.trim().toLowerCase());
    const position = (column: Column) => names.indexOf(column);
    const missing = STATEMENT_COLUMNS.filter(column => position(column) === -1);
    if (!record || missing.length > 0) {
        const wanted = [...STATEMENT_COLUMNS, ...OPTIONAL_STATEMENT_COLUMNS.map(column => `${column} (optional)`)];
        const lacking = record ? `lacks ${missing.join(', ')}` : 'is empty';
        throw new HttpError(
            400,
            'errors.statement_columns',
            `The statement ${lacking}: its first line must name the columns ${wanted.join(', ')}`,
            'file',
        );
    }
    return {
        index: {
            date: position('date'),
            amount: position('amount'),
            reference: position('reference'),
            msisdn: position('msisdn'),
            account: position('account'),
        },
        width: names.length,
    };
};

// ---------------------------------------------------------------------------------------------
// The fields

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/;
const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
/** The integer digits an amount may have (contract/money.ts: `^\d{1,9}(\.\d{1,2})?$`). */
const AMOUNT_DIGITS = 9;
const MAX_CENTS = MAX_PAYMENT_AMOUNT * 100;
/** What is kept of a rejected row's reference or number for the report, at most. */
const KEPT_TEXT = 64;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Is year-month-day a day of the calendar? Years before 1900 are no payment's. */
const realDay = (year: number, month: number, day: number) => {
    if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
    return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/**
 * The instant a statement's date means: a plain date is the start of that day in the business
 * time zone; a date and time is that time there, unless it names its own offset (`Z`, `+02:00`).
 * `days` keeps each day's start once worked out: a statement has few days and many rows.
 */
const paidAtOf = (text: string, days: Map<string, number>): Date | null => {
    const match = DATE_TIME.exec(text);
    if (!match) return null;
    const [, y = '', mo = '', d = '', h, mi, s, fraction, zone] = match;
    if (!realDay(Number(y), Number(mo), Number(d))) return null;
    const hours = Number(h ?? 0);
    const minutes = Number(mi ?? 0);
    const seconds = Number(s ?? 0);
    if (hours > 23 || minutes > 59 || seconds > 59) return null;
    const within = hours * HOUR_MS + minutes * MINUTE_MS + seconds * 1000 + Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
    const day = `${y}-${mo}-${d}`;
    if (zone) {
        const midnightUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d));
        if (zone === 'Z' || zone === 'z') return new Date(midnightUtc + within);
        const digits = zone.replace(':', '');
        const offsetHours = Number(digits.slice(1, 3));
        const offsetMinutes = Number(digits.slice(3, 5));
        if (offsetHours > 23 || offsetMinutes > 59) return null;
        const offset = (offsetHours * HOUR_MS + offsetMinutes * MINUTE_MS) * (digits.startsWith('-') ? -1 : 1);
        return new Date(midnightUtc + within - offset);
    }
    let start = days.get(day);
    if (start === undefined) {
        start = startOfDay(day).getTime();
        days.set(day, start);
    }
    return new Date(start + within);
};

type Amount = { cents: number } | { problem: RowProblem; cents: number | null };

const amountOf = (text: string): Amount => {
    if (text === '') return { problem: 'missing', cents: null };
    const match = AMOUNT.exec(text);
    if (!match) return { problem: 'invalid', cents: null };
    const [, sign, whole = '', fraction = ''] = match;
    if (whole.length > AMOUNT_DIGITS) {
        // Beyond the pattern's nine digits: say why when it is plain, else it is not an amount as written.
        const problem = sign ? 'not_positive' : Number(whole) > MAX_PAYMENT_AMOUNT ? 'too_large' : 'invalid';
        return { problem, cents: null };
    }
    const cents = (Number(whole) * 100 + Number(fraction.padEnd(2, '0'))) * (sign ? -1 : 1);
    if (sign || cents === 0) return { problem: 'not_positive', cents };
    if (cents > MAX_CENTS) return { problem: 'too_large', cents };
    return { cents };
};

const kept = (text: string) => (text === '' ? null : text.slice(0, KEPT_TEXT));

/**
 * Reads one data row against the header: a payment, or a rejection with its field and problem.
 * `days` is the reader's memo of days' starts (see `paidAtOf`).
 */
export const readRow = (record: CsvRecord, layout: StatementLayout, days: Map<string, number>): StatementRow => {
    const { fields, line } = record;
    const value = (column: Column) => {
        const at = layout.index[column];
        return at < 0 ? '' : (fields[at] ?? '').trim();
    };
    const referenceText = value('reference');
    const msisdnText = value('msisdn');
    const amount = amountOf(value('amount'));
    const reject = (field: Column | null, problem: RowProblem): StatementRow => ({
        ok: false,
        line,
        field,
        problem,
        reference: kept(referenceText),
        msisdn: kept(msisdnText),
        cents: amount.cents,
    });

    for (let at = layout.width; at < fields.length; at++) {
        if ((fields[at] ?? '').trim() !== '') return reject(null, 'too_many_columns');
    }
    const dateText = value('date');
    if (dateText === '') return reject('date', 'missing');
    const paidAt = paidAtOf(dateText, days);
    if (!paidAt) return reject('date', 'invalid');
    if ('problem' in amount) return reject('amount', amount.problem);
    if (referenceText === '') return reject('reference', 'missing');
    if (!PAYMENT_REFERENCE_PATTERN.test(referenceText)) return reject('reference', 'invalid');
    if (msisdnText === '') return reject('msisdn', 'missing');
    if (!MSISDN_PATTERN.test(msisdnText)) return reject('msisdn', 'invalid');
    const accountText = value('account').toUpperCase();
    if (accountText !== '' && !LOAN_REFERENCE_PATTERN.test(accountText)) return reject('account', 'invalid');
    return {
        ok: true,
        line,
        paidAt,
        cents: amount.cents,
        reference: referenceText,
        msisdn: msisdnText.replace(/^\+/, ''),
        account: accountText === '' ? null : accountText,
    };
};

/**
 * The whole statement read: its rows in file order (each a payment or a rejection). Refuses a
 * file that is not text (415) and a header without the columns (400), before any row is judged.
 */
export function* statementRows(bytes: Buffer): Generator<StatementRow> {
    checkText(bytes);
    const records = csvRecords(bytes);
    const layout = readHeader(records.next().value ?? undefined);
    const days = new Map<string, number>();
    for (const record of records) yield readRow(record, layout, days);
}
