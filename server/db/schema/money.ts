/**
 * Money: the payments against loans (transactions), the statements uploaded to reconcile them,
 * and third-party insurance claims with their reversals. The rules are in server/domain/money/;
 * the shapes and lifecycles in contract/money/ and docs/domain.md.
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from '../../../contract/customers';
import {
    ROW_OUTCOMES,
    ROW_PROBLEMS,
    SUSPENSE_REASONS,
    SUSPENSE_STATUSES,
    TPI_CLAIM_STATUSES,
    TPI_REVERSAL_STATUSES,
} from '../../../contract/money';
import { trigramsOf } from '../search';
import { money } from './catalogue';
import { at, createdAt, identity } from './columns';
import { loans } from './loans';
import { admins } from './security';

export const transactionKind = pgEnum('transaction_kind', TRANSACTION_KINDS);
export const transactionChannel = pgEnum('transaction_channel', TRANSACTION_CHANNELS);
export const suspenseStatus = pgEnum('suspense_status', SUSPENSE_STATUSES);
export const suspenseReason = pgEnum('suspense_reason', SUSPENSE_REASONS);
export const rowOutcome = pgEnum('reconciliation_row_outcome', ROW_OUTCOMES);
export const rowProblem = pgEnum('reconciliation_row_problem', ROW_PROBLEMS);
export const tpiClaimStatus = pgEnum('tpi_claim_status', TPI_CLAIM_STATUSES);
export const tpiReversalStatus = pgEnum('tpi_reversal_status', TPI_REVERSAL_STATUSES);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A statement uploaded for reconciliation, with the counts of what became of its rows. */
export const reconciliationUploads = pgTable(
    'reconciliation_uploads',
    {
        id: identity(),
        fileName: text('file_name').notNull(),
        /** SHA-256 of the file's bytes: the same file again is recognised (`same_file_as`). */
        sha256: text('sha256').notNull(),
        channel: transactionChannel('channel').notNull(),
        uploadedBy: integer('uploaded_by')
            .notNull()
            .references(() => admins.id),
        rows: integer('rows').notNull(),
        matched: integer('matched').notNull(),
        suspense: integer('suspense').notNull(),
        duplicate: integer('duplicate').notNull(),
        rejected: integer('rejected').notNull(),
        amountRecorded: money('amount_recorded').notNull(),
        createdAt: createdAt(),
        /**
         * The file's bytes while its import is under way, null once its last batch is in: an import
         * interrupted (a crash) is resumed from them (server/domain/money/reconciliation/resume.ts).
         */
        pending: bytea('pending'),
        /** The batches of the file committed so far: a resumed import starts at the next, never again at one of these. */
        batchesDone: integer('batches_done').notNull().default(0),
    },
    table => [
        index('reconciliation_uploads_sha256_idx').on(table.sha256),
        index('reconciliation_uploads_created_idx').on(table.createdAt),
        // The history sorts by rows or amount recorded, either way, ties by id.
        index('reconciliation_uploads_rows_idx').on(table.rows, table.id),
        index('reconciliation_uploads_amount_idx').on(table.amountRecorded, table.id),
    ],
);

export const transactions = pgTable(
    'transactions',
    {
        id: identity(),
        /**
         * The payment provider's reference: a replayed payment is ignored, not doubled, whatever its
         * letter case or surrounding spaces (`transactions_reference_unique` below).
         */
        reference: text('reference').notNull(),
        msisdn: text('msisdn').notNull(),
        /** Null while unmatched (a suspense transaction). */
        loanId: integer('loan_id').references(() => loans.id),
        amount: money('amount').notNull(),
        channel: transactionChannel('channel').notNull(),
        kind: transactionKind('kind').notNull(),
        /** What the payer gave as the account (a loan reference), if anything. */
        account: text('account'),
        /** When it was paid (a statement's date); `created_at` is when it was recorded. */
        paidAt: at('paid_at').notNull().defaultNow(),
        /** Set while and since the payment sat in suspense; null for one matched at once. */
        suspenseStatus: suspenseStatus('suspense_status'),
        suspenseReason: suspenseReason('suspense_reason'),
        queueNote: text('queue_note'),
        queuedBy: integer('queued_by').references(() => admins.id),
        queuedAt: at('queued_at'),
        correctedBy: integer('corrected_by').references(() => admins.id),
        correctedAt: at('corrected_at'),
        /** The statement that brought it, and its line there. */
        uploadId: integer('upload_id').references(() => reconciliationUploads.id),
        uploadLine: integer('upload_line'),
        createdAt: createdAt(),
    },
    table => [
        // One payment per reference compared as providers and statements mean it: `p-x-1` is `P-X-1`.
        // Code compares with the same expression (server/domain/money/reference.ts). Migration 0013
        // renamed the case-variant duplicates recorded before it.
        uniqueIndex('transactions_reference_unique').on(sql`lower(btrim(${table.reference}))`),
        // The same key by its start (find transaction's reference search), whatever the collation.
        index('transactions_reference_search_idx').on(sql`lower(btrim(${table.reference})) text_pattern_ops`),
        index('transactions_loan_idx').on(table.loanId, table.createdAt),
        index('transactions_msisdn_idx').on(table.msisdn),
        // Migration 0012 adds INCLUDE (loan_id, kind, amount), which drizzle cannot say: analytics adds
        // up a period's payments from the index alone.
        index('transactions_paid_idx').on(table.paidAt, table.id),
        // Find transaction sorts by amount or by reference, either way, ties by id: a page of
        // either is read along its index rather than by sorting every payment.
        index('transactions_amount_idx').on(table.amount, table.id),
        index('transactions_reference_order_idx').on(table.reference, table.id),
        // Find transaction's channel and kind filters and its matched ones (on a loan), newest paid
        // first: each a range of its own index rather than a walk of the paid-day one that filters.
        index('transactions_channel_paid_idx').on(table.channel, table.paidAt, table.id),
        index('transactions_kind_paid_idx').on(table.kind, table.paidAt, table.id),
        index('transactions_matched_paid_idx')
            .on(table.paidAt, table.id)
            .where(sql`${table.loanId} IS NOT NULL`),
        // When each loan's deposit was paid: its sale's day and the start of its schedule (analytics).
        index('transactions_deposit_idx')
            .on(table.loanId, table.paidAt)
            .where(sql`${table.kind} = 'deposit'`),
        // A reference's start, whatever the database's collation.
        index('transactions_reference_prefix_idx').on(table.reference.op('text_pattern_ops')),
        index('transactions_suspense_idx')
            .on(table.suspenseStatus, table.paidAt)
            .where(sql`${table.suspenseStatus} IS NOT NULL`),
        // The suspense queue (server/domain/money/suspense.ts) sorted by when paid, amount or when
        // recorded, either way, ties by id. Its usual filter, what is still in suspense (open or
        // queued, IN_SUSPENSE), is no range of transactions_suspense_idx in any of those orders, so a
        // page walked every payment's transactions_paid_idx and threw away all but those (91 s at a
        // million customers, issue 25). Each reads only payments still in suspense, in its order, with
        // nothing to filter: the predicate is the filter. A status asked for alone is a range of
        // transactions_suspense_idx; corrected ones, the history, are not in these.
        index('transactions_suspense_paid_idx')
            .on(table.paidAt, table.id)
            .where(sql`${table.suspenseStatus} IN ('open', 'queued')`),
        index('transactions_suspense_amount_idx')
            .on(table.amount, table.id)
            .where(sql`${table.suspenseStatus} IN ('open', 'queued')`),
        index('transactions_suspense_created_idx')
            .on(table.createdAt, table.id)
            .where(sql`${table.suspenseStatus} IN ('open', 'queued')`),
        index('transactions_upload_idx')
            .on(table.uploadId, table.uploadLine)
            .where(sql`${table.uploadId} IS NOT NULL`),
    ],
);

/**
 * The rows of an upload that recorded nothing (duplicates and rejections); the rows it recorded
 * are the transactions carrying its `upload_id` and their line. A run of rejected rows on
 * consecutive lines with the same field and problem and nothing readable kept (no reference,
 * number or amount: a file of junk lines) is one row from `line` to `last_line`, read back as one
 * row per line: 50,000 such lines store one row, not 50,000.
 */
export const reconciliationRows = pgTable(
    'reconciliation_rows',
    {
        uploadId: integer('upload_id')
            .notNull()
            .references(() => reconciliationUploads.id),
        line: integer('line').notNull(),
        /** The last line of a run of identical rejections (see above); null for a single row. */
        lastLine: integer('last_line'),
        outcome: rowOutcome('outcome').notNull(),
        reference: text('reference'),
        msisdn: text('msisdn'),
        amount: money('amount'),
        field: text('field'),
        problem: rowProblem('problem'),
        /** A duplicate's earlier payment. */
        transactionId: integer('transaction_id').references(() => transactions.id),
    },
    table => [primaryKey({ columns: [table.uploadId, table.line] })],
);

/** An insurance claim on a loan's device: paid towards the loan (successful) or refused (failed). */
export const tpiClaims = pgTable(
    'tpi_claims',
    {
        id: identity(),
        loanId: integer('loan_id')
            .notNull()
            .references(() => loans.id),
        insurer: text('insurer').notNull(),
        insurerReference: text('insurer_reference').notNull().unique(),
        amount: money('amount').notNull(),
        status: tpiClaimStatus('status').notNull(),
        reason: text('reason'),
        /** The payment a successful claim made on the loan, and the reversal that undid it. */
        transactionId: integer('transaction_id').references(() => transactions.id),
        reversalTransactionId: integer('reversal_transaction_id').references(() => transactions.id),
        reversedAt: at('reversed_at'),
        createdAt: createdAt(),
    },
    table => [
        index('tpi_claims_status_idx').on(table.status, table.createdAt),
        index('tpi_claims_loan_idx').on(table.loanId),
        // The claim lists sorted by amount, either way, ties by id.
        index('tpi_claims_amount_idx').on(table.status, table.amount, table.id),
        // A search for part of the insurer's reference (server/domain/money/tpi/read.ts).
        index('tpi_claims_insurer_reference_trgm_idx').using('gin', trigramsOf(table.insurerReference)),
    ],
);

/** A request to reverse a successful claim, decided by someone else (maker-checker). */
export const tpiReversals = pgTable(
    'tpi_reversals',
    {
        id: identity(),
        claimId: integer('claim_id')
            .notNull()
            .references(() => tpiClaims.id),
        reason: text('reason').notNull(),
        status: tpiReversalStatus('status').notNull().default('pending'),
        makerAdminId: integer('maker_admin_id')
            .notNull()
            .references(() => admins.id),
        checkerAdminId: integer('checker_admin_id').references(() => admins.id),
        decisionNote: text('decision_note'),
        decidedAt: at('decided_at'),
        createdAt: createdAt(),
    },
    table => [
        // One reversal waits per claim, whoever asks at the same time.
        uniqueIndex('tpi_reversals_one_pending_key')
            .on(table.claimId)
            .where(sql`${table.status} = 'pending'`),
        index('tpi_reversals_status_idx').on(table.status, table.createdAt),
        // The queue sorted by when decided, either way, ties by id.
        index('tpi_reversals_decided_idx').on(table.status, table.decidedAt, table.id),
    ],
);
