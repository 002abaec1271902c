/**
 * Writing a batch's rows in bulk (index.ts, step 2c): its payments, the rows it records nothing
 * for, and the balances its matched payments lowered; never a query per row.
 */
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db';
import { referenceKeyOf } from '../reference';
import { batchesOf, epochSeconds, intArray, moneyText, pipelined, textArray } from './bulkSql';
import type { Recorded } from './decide';
import type { StoredRow } from './parse';

/** The payments, in file order (no answer per row is needed: a duplicate finds its payment by reference). */
export const insertPayments = async (
    tx: Transaction,
    recorded: readonly Recorded[],
    upload: { id: number; channel: string; at: string },
): Promise<void> => {
    await pipelined(
        batchesOf(recorded).map(
            batch => () =>
                tx.execute(
                    sql`INSERT INTO transactions (reference, msisdn, loan_id, amount, channel, kind, account, paid_at,
                    suspense_status, suspense_reason, upload_id, upload_line, created_at)
                SELECT v.reference, v.msisdn, v.loan_id, v.amount, ${upload.channel}::transaction_channel, 'instalment',
                       v.account, to_timestamp(v.paid_at), CASE WHEN v.reason IS NULL THEN NULL ELSE 'open'::suspense_status END,
                       v.reason::suspense_reason, ${upload.id}::int, v.line, ${upload.at}::timestamptz
                FROM unnest(
                    ${textArray(batch.map(entry => entry.row.reference))}::text[],
                    ${textArray(batch.map(entry => entry.row.msisdn))}::text[],
                    ${intArray(batch.map(entry => entry.loanId))}::int[],
                    ${`{${batch.map(entry => moneyText(entry.row.cents)).join(',')}}`}::numeric[],
                    ${textArray(batch.map(entry => entry.row.account))}::text[],
                    ${`{${batch.map(entry => epochSeconds(entry.row.paidAt)).join(',')}}`}::float8[],
                    ${textArray(batch.map(entry => entry.reason))}::text[],
                    ${intArray(batch.map(entry => entry.row.line))}::int[]
                ) AS v(reference, msisdn, loan_id, amount, account, paid_at, reason, line)`,
                ),
        ),
    );
};

/**
 * The duplicate and rejected rows, compacted. A duplicate's earlier payment is found by its
 * reference's key, once the payments are in: one recorded before, or by an earlier row of this file.
 */
export const insertNotRecorded = async (tx: Transaction, rows: readonly StoredRow[], uploadId: number): Promise<void> => {
    await pipelined(
        batchesOf(rows).map(
            batch => () =>
                tx.execute(
                    sql`INSERT INTO reconciliation_rows (upload_id, line, last_line, outcome, reference, msisdn, amount, field, problem, transaction_id)
                SELECT ${uploadId}::int, v.line, v.last_line, v.outcome::reconciliation_row_outcome, v.reference, v.msisdn, v.amount, v.field,
                       v.problem::reconciliation_row_problem,
                       CASE WHEN v.outcome = 'duplicate' THEN (SELECT t.id FROM transactions t
                           WHERE ${referenceKeyOf(sql`t.reference`)} = ${referenceKeyOf(sql`v.reference`)}) END
                FROM unnest(
                    ${intArray(batch.map(row => row.line))}::int[],
                    ${intArray(batch.map(row => row.lastLine))}::int[],
                    ${textArray(batch.map(row => row.outcome))}::text[],
                    ${textArray(batch.map(row => row.reference))}::text[],
                    ${textArray(batch.map(row => row.msisdn))}::text[],
                    ${textArray(batch.map(row => (row.cents === null ? null : moneyText(row.cents))))}::numeric[],
                    ${textArray(batch.map(row => row.field))}::text[],
                    ${textArray(batch.map(row => row.problem))}::text[]
                ) AS v(line, last_line, outcome, reference, msisdn, amount, field, problem)`,
                ),
        ),
    );
};

/** Lowers each matched loan's balance by what this import put on it, one statement per batch of loans. */
export const lowerBalances = async (tx: Transaction, recorded: readonly Recorded[], at: string): Promise<void> => {
    const paid = new Map<number, number>();
    for (const entry of recorded) {
        if (entry.loanId !== null) paid.set(entry.loanId, (paid.get(entry.loanId) ?? 0) + entry.row.cents);
    }
    for (const batch of batchesOf([...paid.entries()].sort(([a], [b]) => a - b))) {
        await tx.execute(
            sql`UPDATE loans SET balance = loans.balance - v.amount, updated_at = ${at}::timestamptz
                FROM unnest(
                    ${intArray(batch.map(([id]) => id))}::int[],
                    ${`{${batch.map(([, cents]) => moneyText(cents)).join(',')}}`}::numeric[]
                ) AS v(id, amount)
                WHERE loans.id = v.id`,
        );
    }
};
