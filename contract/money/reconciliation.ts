/**
 * Statement uploads (index.ts "Reconciliation"): importing a statement (`reconcileDeposits`), the
 * uploads' history and each upload's rows with what became of them.
 */
import { z } from 'zod';
import { defineCall, estimatedTotal, id } from '../define';
import { TRANSACTION_CHANNELS } from '../customers/loans';
import { order, pageNumber, pageSize, person } from './fields';
import { ROW_PROBLEMS } from './statement';
import { SUSPENSE_REASONS } from './transactions';

/**
 * What became of a row: recorded on its loan, recorded in suspense, already recorded (the same
 * reference earlier in the file or before), or refused as written.
 */
export const ROW_OUTCOMES = ['matched', 'suspense', 'duplicate', 'rejected'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const reconciliationUpload = z.object({
    id: z.number().int(),
    file_name: z.string(),
    channel: z.enum(TRANSACTION_CHANNELS),
    uploaded_by: person,
    created_at: z.string(),
    rows: z.number().int(),
    matched: z.number().int(),
    suspense: z.number().int(),
    duplicate: z.number().int(),
    rejected: z.number().int(),
    /** The total of the rows recorded (matched and suspense), in ZAR. */
    amount_recorded: z.number(),
    /** An earlier upload of exactly the same bytes, if there was one. */
    same_file_as: z.number().int().nullable(),
    /**
     * True while its rows are still being imported, in short batches (the counts are those of the
     * batches in so far); an upload's answer comes once it is false.
     */
    importing: z.boolean(),
});
export type ReconciliationUpload = z.infer<typeof reconciliationUpload>;

export const reconciliationRow = z.object({
    /** The line of the file (the header is line 1). */
    line: z.number().int(),
    outcome: z.enum(ROW_OUTCOMES),
    reference: z.string().nullable(),
    msisdn: z.string().nullable(),
    amount: z.number().nullable(),
    /** matched: the loan it went on. */
    loan_reference: z.string().nullable(),
    /** suspense: why no loan took it. */
    suspense_reason: z.enum(SUSPENSE_REASONS).nullable(),
    /** rejected: the column at fault and what is wrong with it. */
    field: z.string().nullable(),
    problem: z.enum(ROW_PROBLEMS).nullable(),
    /** matched, suspense, duplicate: the payment recorded (for a duplicate, the earlier one). */
    transaction_id: z.number().int().nullable(),
    /**
     * The customer (random public id, which their view's address names) of the loan that payment
     * is on, if it is on one: the row leads to them.
     */
    customer_public_id: z.string().nullable(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;

export const reconcileDeposits = defineCall({
    summary:
        'Upload a bank or mobile-money statement (CSV, at most 5 MB) and import it in one transaction: every row matched, put in suspense, a duplicate, or rejected with why',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/reconciliation_deposits',
    access: 'UPLOAD_RECONCILIATION_DOCUMENT',
    upload: true,
    body: z.object({ channel: z.enum(TRANSACTION_CHANNELS).default('bank') }),
    response: z.object({ upload: reconciliationUpload }),
});

/**
 * The columns the uploads' history sorts by, each along an index (server/db/schema/money.ts): when
 * it was uploaded, how many rows it held, the amount it recorded.
 */
export const RECONCILIATION_UPLOAD_SORTS = ['created_at', 'rows', 'amount_recorded'] as const;

export const reconciliationUploads = defineCall({
    summary: 'The statements uploaded, newest first unless `sort`/`order` say otherwise, with their counts',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/reconciliation_uploads',
    access: 'UPLOAD_RECONCILIATION_DOCUMENT',
    body: z.object({
        sort: z.enum(RECONCILIATION_UPLOAD_SORTS).default('created_at'),
        order,
        page_number: pageNumber,
        page_size: pageSize,
    }),
    response: z.object({ data: z.array(reconciliationUpload), total_items: z.number().int(), estimated: estimatedTotal }),
});

/**
 * The columns an upload's rows sort by: the line (file order), the amount. Ties by line, which is
 * unique within an upload.
 */
export const RECONCILIATION_ROW_SORTS = ['line', 'amount'] as const;

export const reconciliationRows = defineCall({
    summary:
        "One upload's rows with their outcomes, in file order unless `sort`/`order` say otherwise, of one outcome if asked, paged",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/reconciliation_upload_rows',
    access: 'UPLOAD_RECONCILIATION_DOCUMENT',
    body: z.object({
        upload_id: id,
        outcome: z.enum(ROW_OUTCOMES).optional(),
        sort: z.enum(RECONCILIATION_ROW_SORTS).default('line'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: pageNumber,
        page_size: pageSize,
    }),
    response: z.object({ upload: reconciliationUpload, data: z.array(reconciliationRow), total_items: z.number().int() }),
});
