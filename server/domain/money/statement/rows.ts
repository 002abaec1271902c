/**
 * A statement's data row read against its header (index.ts, the last point): a payment whose every
 * field is good, or a rejection naming the first field at fault and why.
 */
import { internationalMsisdn, isMsisdn, LOAN_REFERENCE_PATTERN } from '../../../../contract/fields';
import { MAX_PAYMENT_AMOUNT, PAYMENT_REFERENCE_PATTERN, ROW_PROBLEMS } from '../../../../contract/money';
import type { CsvRecord } from './csv';
import type { Column, StatementLayout } from './header';
import { paidAtOf } from './paidAt';

export type RowProblem = (typeof ROW_PROBLEMS)[number];

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

const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
/** The integer digits an amount may have (contract/money/statement.ts: `^\d{1,9}(\.\d{1,2})?$`). */
const AMOUNT_DIGITS = 9;
const MAX_CENTS = MAX_PAYMENT_AMOUNT * 100;
/** What is kept of a rejected row's reference or number for the report, at most. */
const KEPT_TEXT = 64;

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
