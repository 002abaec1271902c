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
 * - At most MAX_STATEMENT_ROWS rows follow the header (blank lines not counted): past it the file
 *   is refused whole, 413 `errors.statement_too_many_rows` on `file`.
 * - A row is rejected for the first fault found, in this order: a value in a column beyond the
 *   header's (`too_many_columns`, with no field: no column is named), then `date`, `amount`,
 *   `reference`, `msisdn`, `account` (each `missing` when empty, else `invalid`, and an amount
 *   `not_positive` or `too_large`).
 */
import { internationalMsisdn, isMsisdn, LOAN_REFERENCE_PATTERN } from '../../../contract/fields';
import {
    MAX_PAYMENT_AMOUNT,
    MAX_STATEMENT_ROWS,
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
    /** When it was paid, in epoch milliseconds. */
    paidAt: number;
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

/** How much of the file is decoded at a time: whole lines, widened for a record that runs past it. */
const WINDOW_BYTES = 256 * 1024;

/** Line breaks in text[from, to): LF, or CR not followed by LF. */
const lineBreaks = (text: string, from: number, to: number): number => {
    let count = 0;
    for (let at = from; at < to; at++) {
        const char = text.charCodeAt(at);
        if (char === LF || (char === CR && text.charCodeAt(at + 1) !== LF)) count++;
    }
    return count;
};

/** A record read from a window of text, or null when a quoted field runs past the window. */
interface Parsed {
    fields: string[];
    /** Where the next record starts in the window. */
    next: number;
    /** The line breaks it spans, its own end included. */
    breaks: number;
}

/** Where the field starting at `at` ends: the next comma, CR or LF (or the end). */
const fieldEnd = (text: string, at: number): number => {
    let end = at;
    while (end < text.length) {
        const char = text.charCodeAt(end);
        if (char === COMMA || char === LF || char === CR) break;
        end++;
    }
    return end;
};

/** One record from `start` with quoted fields, or a lone CR: read character by character. */
const quotedRecord = (text: string, start: number): Parsed | null => {
    const fields: string[] = [];
    let at = start;
    let breaks = 0;
    for (;;) {
        let value: string;
        if (text.charCodeAt(at) === QUOTE) {
            const from = at + 1;
            let close = text.indexOf('"', from);
            while (close !== -1 && text.charCodeAt(close + 1) === QUOTE) close = text.indexOf('"', close + 2);
            if (close === -1) return null;
            breaks += lineBreaks(text, from, close);
            value = text.slice(from, close).replaceAll('""', '"');
            // Anything after the closing quote up to the next separator is kept as written.
            at = fieldEnd(text, close + 1);
            value += text.slice(close + 1, at);
        } else {
            const from = at;
            at = fieldEnd(text, at);
            value = text.slice(from, at);
        }
        fields.push(value);
        if (at >= text.length) return { fields, next: at, breaks };
        const char = text.charCodeAt(at);
        if (char === COMMA) {
            at++;
            if (at >= text.length) {
                fields.push('');
                return { fields, next: at, breaks };
            }
            continue;
        }
        // CRLF, LF or CR: the record ends.
        at += char === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
        return { fields, next: at, breaks: breaks + 1 };
    }
};

/**
 * The file's records, one at a time, blank lines skipped (see the header). Call `checkText` first:
 * this reads the bytes as UTF-8 without judging them. The file is decoded a window of whole lines
 * at a time; a line without a quote or a lone CR (nearly every line of a statement) is split as it
 * is, any other record read character by character.
 */
export function* csvRecords(bytes: Buffer): Generator<CsvRecord> {
    const end = bytes.length;
    let at = startsWithBom(bytes) ? BOM.length : 0;
    let line = 1;
    let window = WINDOW_BYTES;
    while (at < end) {
        let windowEnd = Math.min(end, at + window);
        if (windowEnd < end) {
            const lastLf = bytes.lastIndexOf(LF, windowEnd - 1);
            if (lastLf < at) {
                window *= 2;
                continue;
            }
            windowEnd = lastLf + 1;
        }
        const text = bytes.toString('utf8', at, windowEnd);
        let pos = 0;
        // The next quote, CR and LF from `pos` (the window's length when there is none), each looked for
        // again only once passed: every character of the window is searched once per kind, so reading
        // is linear in the file's size whatever its line endings (searching for the next LF from every
        // record of a file of lone CRs read the rest of the file once per line: 5 MB took minutes).
        let quoteAt = -1;
        let crAt = -1;
        let lfAt = -1;
        const next = (char: string, from: number) => {
            const found = text.indexOf(char, from);
            return found === -1 ? text.length : found;
        };
        let cut = false;
        while (pos < text.length) {
            if (quoteAt < pos) quoteAt = next('"', pos);
            if (crAt < pos) crAt = next('\r', pos);
            if (lfAt < pos) lfAt = next('\n', pos);
            const lineEnd = lfAt;
            const stop = lineEnd > pos && crAt === lineEnd - 1 ? lineEnd - 1 : lineEnd;
            if (quoteAt >= lineEnd && crAt >= stop) {
                const first = line;
                const content = text.slice(pos, stop);
                pos = lineEnd + 1;
                line++;
                if (content.trim() !== '') yield { line: first, fields: content.split(',') };
                continue;
            }
            const record = quotedRecord(text, pos);
            if (!record) {
                if (windowEnd >= end) {
                    throw new HttpError(400, 'errors.field_invalid', `Line ${line}: a quoted field is never closed`, 'file');
                }
                // The record runs past the window: read again from its start, with a wider one.
                at += Buffer.byteLength(text.slice(0, pos));
                window *= 2;
                cut = true;
                break;
            }
            const first = line;
            pos = record.next;
            line += record.breaks;
            if (record.fields.length === 1 && (record.fields[0] ?? '').trim() === '') continue;
            yield { line: first, fields: record.fields };
        }
        if (!cut) {
            at = windowEnd;
            window = WINDOW_BYTES;
        }
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

/** The instant a day begins in the business time zone, worked out once per day (`days`). */
const dayStart = (day: string, days: Map<string, number | null>): number => {
    let start = days.get(day);
    if (start === undefined || start === null) {
        start = startOfDay(day).getTime();
        days.set(day, start);
    }
    return start;
};

/**
 * The instant a statement's date means, in epoch milliseconds: a plain date is the start of that
 * day in the business time zone; a date and time is that time there, unless it names its own offset
 * (`Z`, `+02:00`). `days` keeps what each plain date means (null when it is none): a statement has
 * few days and many rows, so most rows cost one look-up.
 */
const paidAtOf = (text: string, days: Map<string, number | null>): number | null => {
    const plain = text.length === 10;
    if (plain) {
        const known = days.get(text);
        if (known !== undefined) return known;
    }
    const match = DATE_TIME.exec(text);
    if (!match || !realDay(Number(match[1]), Number(match[2]), Number(match[3]))) {
        if (plain) days.set(text, null);
        return null;
    }
    const [, y = '', mo = '', d = '', h, mi, s, fraction, zone] = match;
    if (plain) return dayStart(text, days);
    const hours = Number(h ?? 0);
    const minutes = Number(mi ?? 0);
    const seconds = Number(s ?? 0);
    if (hours > 23 || minutes > 59 || seconds > 59) return null;
    const within = hours * HOUR_MS + minutes * MINUTE_MS + seconds * 1000 + Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
    if (!zone) return dayStart(`${y}-${mo}-${d}`, days) + within;
    const midnightUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d));
    if (zone === 'Z' || zone === 'z') return midnightUtc + within;
    const digits = zone.replace(':', '');
    const offsetHours = Number(digits.slice(1, 3));
    const offsetMinutes = Number(digits.slice(3, 5));
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const offset = (offsetHours * HOUR_MS + offsetMinutes * MINUTE_MS) * (digits.startsWith('-') ? -1 : 1);
    return midnightUtc + within - offset;
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

/** The trimmed text of a column in a row; '' when the file has no such column or the row stops short. */
const cell = (fields: readonly string[], at: number): string => (at < 0 || at >= fields.length ? '' : (fields[at] ?? '').trim());

const rejection = (
    line: number,
    field: Column | null,
    problem: RowProblem,
    reference: string,
    msisdn: string,
    amount: Amount,
): StatementRow => ({
    ok: false,
    line,
    field,
    problem,
    reference: kept(reference),
    msisdn: kept(msisdn),
    cents: amount.cents,
});

/** Is there a value in a column beyond the header's? */
const overflows = (fields: readonly string[], width: number): boolean => {
    for (let at = width; at < fields.length; at++) if ((fields[at] ?? '').trim() !== '') return true;
    return false;
};

/**
 * Reads one data row against the header: a payment, or a rejection with its field and problem.
 * `days` is the reader's memo of days' starts (see `paidAtOf`). No function is made per row: this
 * runs for every row of a statement of up to MAX_STATEMENT_ROWS.
 */
export const readRow = (record: CsvRecord, layout: StatementLayout, days: Map<string, number | null>): StatementRow => {
    const { fields, line } = record;
    const { index } = layout;
    const reference = cell(fields, index.reference);
    const msisdn = cell(fields, index.msisdn);
    const amount = amountOf(cell(fields, index.amount));
    if (overflows(fields, layout.width)) return rejection(line, null, 'too_many_columns', reference, msisdn, amount);
    const dateText = cell(fields, index.date);
    if (dateText === '') return rejection(line, 'date', 'missing', reference, msisdn, amount);
    const paidAt = paidAtOf(dateText, days);
    if (paidAt === null) return rejection(line, 'date', 'invalid', reference, msisdn, amount);
    if ('problem' in amount) return rejection(line, 'amount', amount.problem, reference, msisdn, amount);
    if (reference === '') return rejection(line, 'reference', 'missing', reference, msisdn, amount);
    if (!PAYMENT_REFERENCE_PATTERN.test(reference)) return rejection(line, 'reference', 'invalid', reference, msisdn, amount);
    if (msisdn === '') return rejection(line, 'msisdn', 'missing', reference, msisdn, amount);
    if (!isMsisdn(msisdn)) return rejection(line, 'msisdn', 'invalid', reference, msisdn, amount);
    // Upper-cased only when it has to be: most accounts are written as the loan's reference.
    let account = cell(fields, index.account);
    if (account !== '' && !LOAN_REFERENCE_PATTERN.test(account)) {
        account = account.toUpperCase();
        if (!LOAN_REFERENCE_PATTERN.test(account)) return rejection(line, 'account', 'invalid', reference, msisdn, amount);
    }
    return {
        ok: true,
        line,
        paidAt,
        cents: amount.cents,
        reference,
        msisdn: internationalMsisdn(msisdn),
        account: account === '' ? null : account,
    };
};

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
