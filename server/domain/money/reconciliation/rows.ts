/**
 * One upload's rows as the rows call answers them: the payments it recorded and the rows it did
 * not, in the order asked, a page at a time.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReconciliationRow, reconciliationRows, RowOutcome, SuspenseReason } from '../../../../contract/money';
import type { RowProblem } from '../statement';

export interface RowRecord {
    line: number;
    outcome: RowOutcome;
    reference: string | null;
    msisdn: string | null;
    amount: string | number | null;
    loan_reference: string | null;
    suspense_reason: SuspenseReason | null;
    field: string | null;
    problem: RowProblem | null;
    transaction_id: number | null;
    customer_public_id: string | null;
}

export const toRow = (row: RowRecord): ReconciliationRow => ({
    line: Number(row.line),
    outcome: row.outcome,
    reference: row.reference,
    msisdn: row.msisdn,
    amount: row.amount === null ? null : Number(row.amount),
    loan_reference: row.loan_reference,
    suspense_reason: row.suspense_reason,
    field: row.field,
    problem: row.problem,
    transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
    customer_public_id: row.customer_public_id,
});

type RowOrder = Pick<z.output<typeof reconciliationRows.body>, 'sort' | 'order'>;

/**
 * An upload's rows in the order asked, ties by line (unique within an upload) in the same
 * direction, so pages never overlap. Both parts are found by the upload's own indexes
 * (`transactions_upload_idx`, the rows' primary key); sorted by amount they are a top-N sort of
 * one upload's rows, at most MAX_STATEMENT_ROWS (contract/money/statement.ts), however many uploads there are.
 */
const rowOrder = ({ sort, order }: RowOrder, of: string): SQL => {
    const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
    const line = sql.raw(`${of}.line`);
    return sort === 'amount' ? sql`${sql.raw(`${of}.amount`)} ${direction}, ${line} ${direction}` : sql`${line} ${direction}`;
};

/**
 * One upload's rows in the order asked: the payments it recorded (a payment still without a
 * suspense status matched at once; one with a status went to suspense, even if assigned to a loan
 * since, and shows that loan) and the rows it did not record. Only the page's rows are joined to
 * the customer of their payment's loan (a duplicate's: its earlier payment's).
 */
export const uploadRowsQuery = (
    uploadId: number,
    outcome: RowOutcome | undefined,
    order: RowOrder,
    limit: number,
    offset: number,
): SQL => {
    const recorded = sql`SELECT t.upload_line AS line,
            CASE WHEN t.suspense_status IS NULL THEN 'matched' ELSE 'suspense' END AS outcome,
            t.reference, t.msisdn, t.amount, l.loan_reference, t.suspense_reason::text AS suspense_reason,
            NULL::text AS field, NULL::text AS problem, t.id AS transaction_id
        FROM transactions t LEFT JOIN loans l ON l.id = t.loan_id
        WHERE t.upload_id = ${uploadId}::int${
            outcome === 'matched'
                ? sql` AND t.suspense_status IS NULL`
                : outcome === 'suspense'
                  ? sql` AND t.suspense_status IS NOT NULL`
                  : sql``
        }`;
    // A run of junk rejections (`last_line`) is read back as one row per line.
    const notRecorded = sql`SELECT g.line, r.outcome::text AS outcome, r.reference, r.msisdn, r.amount,
            NULL::text AS loan_reference, NULL::text AS suspense_reason, r.field, r.problem::text AS problem, r.transaction_id
        FROM reconciliation_rows r CROSS JOIN LATERAL generate_series(r.line, coalesce(r.last_line, r.line)) AS g(line)
        WHERE r.upload_id = ${uploadId}::int${outcome ? sql` AND r.outcome = ${outcome}::reconciliation_row_outcome` : sql``}`;
    const parts =
        outcome === 'matched' || outcome === 'suspense'
            ? recorded
            : outcome === 'duplicate' || outcome === 'rejected'
              ? notRecorded
              : sql`${recorded} UNION ALL ${notRecorded}`;
    return sql`SELECT page.*, c.public_id::text AS customer_public_id
        FROM (SELECT * FROM (${parts}) AS upload_rows ORDER BY ${rowOrder(order, 'upload_rows')}
            LIMIT ${limit}::int OFFSET ${offset}::int) AS page
        LEFT JOIN transactions p ON p.id = page.transaction_id
        LEFT JOIN loans pl ON pl.id = p.loan_id
        LEFT JOIN customers c ON c.id = pl.customer_id
        ORDER BY ${rowOrder(order, 'page')}`;
};
