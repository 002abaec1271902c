/**
 * What a statement may hold (index.ts "Reconciliation"): its columns, its rows at most, the
 * largest payment a row may carry, and why a row is rejected. The server reads a statement against
 * these (server/domain/money/statement/); the portal says them before a file is chosen.
 */

/** The largest single payment a statement may carry, in ZAR. */
export const MAX_PAYMENT_AMOUNT = 1_000_000;

/**
 * A statement's header names these columns, in any order (more are ignored): `date` (YYYY-MM-DD,
 * or a date and time), `amount` (ZAR, positive, at most two decimals), `reference` (the payment's
 * own), `msisdn` (the payer's number); `account` (the loan reference the payer gave) may be left
 * out or empty.
 */
export const STATEMENT_COLUMNS = ['date', 'amount', 'reference', 'msisdn'] as const;
export const OPTIONAL_STATEMENT_COLUMNS = ['account'] as const;

/**
 * The most rows (records after the header, blank lines not counted) a statement may hold: a real
 * statement holds tens of thousands. A file with more is refused whole (413
 * `errors.statement_too_many_rows` on `file`) before anything of it is stored: 5 MB of one-letter
 * lines once stored 2.6 million rejected rows.
 */
export const MAX_STATEMENT_ROWS = 50_000;

/** Why a row was rejected, named by its field. */
export const ROW_PROBLEMS = ['missing', 'invalid', 'too_large', 'not_positive', 'too_many_columns'] as const;
