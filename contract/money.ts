/**
 * Money (spec §7 "Transactions", "Reconciliation", "TPI"; §2 `transactions/find`,
 * `suspense-transactions`, `reconciliation`, `tpi/*`; docs/domain.md "transaction",
 * "reconciliation upload", "Insurance (TPI)").
 *
 * - **Transactions.** Every payment has a reference unique across all payments: the same payment
 *   again (a replayed callback, a statement uploaded twice) is reported as a duplicate and never
 *   recorded twice. `search/transaction` finds any of them in the caller's reach.
 * - **Suspense.** A payment that matched no loan waits in suspense (`open`). Finance assigns it to
 *   the right loan (`correct_wrong_account_transactions`: the payment moves to the loan and the
 *   loan's balance falls by its amount, once, in one transaction) or sets it aside with a note
 *   (`queue/suspense/accounts`: `queued`). `get_wrong_account_transactions` is the loan picker:
 *   the loans a payment may belong to, suggested from what the payer gave and searchable.
 * - **Reconciliation.** A bank or mobile-money statement (CSV, at most 5 MB, the columns in
 *   `STATEMENT_COLUMNS`) is imported in one transaction: every row is matched to a loan,
 *   recorded in suspense, reported as a duplicate, or rejected with the field at fault and why.
 *   Uploads are kept with their per-row outcomes; the same file again imports nothing.
 * - **Third-party insurance.** Claims paid by the insurer towards a loan (`successful`, which
 *   lowered its balance) or refused (`failed`). A successful claim may be reversed: a maker asks
 *   (`request_tpi_reversal`), someone else holding APPROVE_REVERSAL_THIRD_PARTY_INSURANCE approves
 *   (the claim's amount goes back on the loan's balance as a `reversal` payment) or denies it.
 * - **Reach.** A caller attached to a shop sees and acts on the payments and claims of its shop's
 *   loans only; suspense payments, belonging to no shop, are back-office work. Staff without a
 *   shop see everything. Out of reach answers as what does not exist: lists leave it out (a shop's
 *   suspense queue is empty), a payment in suspense answers 404 `errors.transaction_not_found`, a
 *   claim `errors.claim_not_found`, a reversal `errors.request_not_found`, and a loan to assign a
 *   payment to `errors.loan_not_found`. Statements reach every shop's loans, so reconciliation is
 *   back-office work too: a caller attached to a shop is refused its three calls (403).
 *
 * Refusals a screen shows: 404 `errors.transaction_not_found`, `errors.loan_not_found`,
 * `errors.claim_not_found`, `errors.request_not_found`; 409 `errors.suspense_resolved` (the
 * payment left suspense already), `errors.loan_state` (the loan takes no payments),
 * `errors.amount_exceeds_balance`, `errors.claim_not_reversible`, `errors.request_pending`,
 * `errors.request_decided`; 403 `errors.own_request`; 413 `errors.payload_too_large`; 415
 * `errors.unsupported_media_type` (not a CSV, whatever its name); 400 `errors.statement_columns`
 * (a header without the required columns).
 */
import { z } from 'zod';
import { CURRENCY } from './customers';
import { defineCall, id } from './define';
import { calendarDay, loanReference, msisdn, reasonText } from './fields';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from './loans';

const dateText = calendarDay;
const person = z.object({ id: z.number().int(), name: z.string() });
const order = z.enum(['asc', 'desc']).default('desc');
const pageNumber = z.number().int().min(1).max(1_000_000).default(1);
/** Pages run to 500 rows so an export walks a whole list. */
const pageSize = z.number().int().min(1).max(500).default(25);
/** A search box: contains, over the fields each list names. */
const searchText = z.string().trim().max(64).optional();

/** A payment provider's reference: letters, digits and `-_/.`, as banks and mobile money write them. */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_/.-]{2,63}$/;
export const paymentReference = z.string().trim().regex(PAYMENT_REFERENCE_PATTERN, 'valid payment reference required');

/** The largest single payment a statement may carry, in ZAR. */
export const MAX_PAYMENT_AMOUNT = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Transactions

/** Where a payment stands in suspense: waiting, set aside with a note, or assigned to a loan. */
export const SUSPENSE_STATUSES = ['open', 'queued', 'corrected'] as const;
export type SuspenseStatus = (typeof SUSPENSE_STATUSES)[number];

/** Why a payment matched no loan. */
export const SUSPENSE_REASONS = [
    /** The account the payer gave is no loan, and their number has no loan taking payments. */
    'unknown_account',
    /** The loan named takes no payments (not active). */
    'loan_not_active',
    /** The payer's number has several active loans and the account named none of them. */
    'several_loans',
    /** More than the loan's balance. */
    'exceeds_balance',
] as const;
export type SuspenseReason = (typeof SUSPENSE_REASONS)[number];

export const moneyTransaction = z.object({
    id: z.number().int(),
    reference: z.string(),
    msisdn: z.string(),
    /** The loan it is recorded on; null while in suspense. */
    loan_reference: z.string().nullable(),
    customer_name: z.string().nullable(),
    /** The customer's random public id, which their view's address names; null while in suspense. */
    customer_public_id: z.string().nullable(),
    amount: z.number(),
    currency: z.literal(CURRENCY),
    channel: z.enum(TRANSACTION_CHANNELS),
    kind: z.enum(TRANSACTION_KINDS),
    /** What the payer gave as the account (a loan reference), when anything. */
    account: z.string().nullable(),
    /** When it was paid (the statement's date), and when it was recorded. */
    paid_at: z.string(),
    created_at: z.string(),
    /** Null for a payment that matched its loan at once. */
    suspense_status: z.enum(SUSPENSE_STATUSES).nullable(),
    suspense_reason: z.enum(SUSPENSE_REASONS).nullable(),
    /** The statement upload that brought it, if one did. */
    upload_id: z.number().int().nullable(),
});
export type MoneyTransaction = z.infer<typeof moneyTransaction>;

export const TRANSACTION_SORTS = ['paid_at', 'amount', 'reference'] as const;

export const searchTransactions = defineCall({
    summary:
        'Find payments by reference (whole or its start), phone number, loan reference or dates (paid, YYYY-MM-DD inclusive, business days), newest first by default',
    method: 'POST',
    path: '/api/v1/search/transaction',
    access: 'FIND_TRANSACTION',
    body: z.object({
        reference: z.string().trim().max(64).optional(),
        msisdn: msisdn.optional(),
        loan_reference: loanReference.optional(),
        from: dateText.optional(),
        to: dateText.optional(),
        kind: z.enum(TRANSACTION_KINDS).optional(),
        channel: z.enum(TRANSACTION_CHANNELS).optional(),
        /** Matched to a loan, or waiting in suspense (open or queued). */
        state: z.enum(['matched', 'suspense']).optional(),
        sort: z.enum(TRANSACTION_SORTS).default('paid_at'),
        order,
        page_number: pageNumber,
        page_size: pageSize,
    }),
    response: z.object({ data: z.array(moneyTransaction), total_items: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Suspense

export const suspenseItem = moneyTransaction.extend({
    suspense_status: z.enum(SUSPENSE_STATUSES),
    /** Why it was set aside, by whom and when (queued). */
    queue_note: z.string().nullable(),
    queued_by: person.nullable(),
    queued_at: z.string().nullable(),
    /** Who assigned it to its loan, and when (corrected). */
    corrected_by: person.nullable(),
    corrected_at: z.string().nullable(),
});
export type SuspenseItem = z.infer<typeof suspenseItem>;

export const SUSPENSE_SORTS = ['paid_at', 'amount', 'created_at'] as const;

export const suspenseTransactions = defineCall({
    summary:
        'The suspense queue: payments that matched no loan, open and queued unless a status is asked for, filtered and paged; oldest payment first by default',
    method: 'POST',
    path: '/api/v1/suspense_transactions',
    access: 'VIEW_SUSPENSE_TRANSACTIONS',
    body: z.object({
        status: z.enum(SUSPENSE_STATUSES).optional(),
        reason: z.enum(SUSPENSE_REASONS).optional(),
        channel: z.enum(TRANSACTION_CHANNELS).optional(),
        from: dateText.optional(),
        to: dateText.optional(),
        /** Reference, phone number or the account the payer gave. */
        q: searchText,
        sort: z.enum(SUSPENSE_SORTS).default('paid_at'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: pageNumber,
        page_size: pageSize,
    }),
    response: z.object({ data: z.array(suspenseItem), total_items: z.number().int() }),
});

/** A loan a suspense payment may be assigned to. */
export const loanCandidate = z.object({
    loan_reference: z.string(),
    msisdn: z.string(),
    customer_name: z.string(),
    status: z.string(),
    balance: z.number(),
    instalment: z.number(),
    currency: z.literal(CURRENCY),
    /** Why it is offered: the account the payer gave, the payer's number, or the search. */
    match: z.enum(['account', 'msisdn', 'search']),
    /** Whether the payment can go on it now (active, and the amount within its balance). */
    assignable: z.boolean(),
});
export type LoanCandidate = z.infer<typeof loanCandidate>;

export const wrongAccountTransactions = defineCall({
    summary:
        "Correcting a wrong-account payment: the suspense payment and the loans it may belong to (the account it names, the payer's loans), or those a search finds by loan reference, phone number or name",
    method: 'POST',
    path: '/api/v1/get_wrong_account_transactions',
    access: 'VIEW_SUSPENSE_TRANSACTIONS',
    body: z.object({ transaction_id: id, q: searchText }),
    response: z.object({ transaction: suspenseItem, candidates: z.array(loanCandidate) }),
});

export const queueSuspense = defineCall({
    summary: 'Set a suspense payment aside with a note saying why (queued); it stays in suspense until corrected',
    method: 'POST',
    path: '/api/v1/queue/suspense/accounts',
    access: 'CORRECT_SUSPENSE_TRANSACTIONS',
    body: z.object({ transaction_id: id, note: reasonText }),
    response: z.object({ transaction: suspenseItem }),
});

export const correctSuspense = defineCall({
    summary:
        'Assign a suspense payment to its loan: recorded as an instalment on an active loan whose balance covers it, the balance lowered once, in one transaction',
    method: 'POST',
    path: '/api/v1/correct_wrong_account_transactions',
    access: 'CORRECT_SUSPENSE_TRANSACTIONS',
    body: z.object({ transaction_id: id, loan_reference: loanReference, note: z.string().trim().max(500).optional() }),
    response: z.object({
        transaction: suspenseItem,
        loan: z.object({ loan_reference: z.string(), balance_before: z.number(), balance: z.number() }),
    }),
});

// ---------------------------------------------------------------------------------------------
// Reconciliation

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

/**
 * What became of a row: recorded on its loan, recorded in suspense, already recorded (the same
 * reference earlier in the file or before), or refused as written.
 */
export const ROW_OUTCOMES = ['matched', 'suspense', 'duplicate', 'rejected'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** Why a row was rejected, named by its field. */
export const ROW_PROBLEMS = ['missing', 'invalid', 'too_large', 'not_positive', 'too_many_columns'] as const;

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
    path: '/api/v1/reconciliation_uploads',
    access: 'UPLOAD_RECONCILIATION_DOCUMENT',
    body: z.object({
        sort: z.enum(RECONCILIATION_UPLOAD_SORTS).default('created_at'),
        order,
        page_number: pageNumber,
        page_size: pageSize,
    }),
    response: z.object({ data: z.array(reconciliationUpload), total_items: z.number().int() }),
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

// ---------------------------------------------------------------------------------------------
// Third-party insurance (TPI)

export const TPI_CLAIM_STATUSES = ['successful', 'failed'] as const;
/** Spec §4: the reversal labels. */
export const TPI_REVERSAL_STATUSES = ['pending', 'approved', 'denied'] as const;
export type TpiReversalStatus = (typeof TPI_REVERSAL_STATUSES)[number];

export const tpiClaim = z.object({
    id: z.number().int(),
    loan_reference: z.string(),
    msisdn: z.string(),
    customer_name: z.string(),
    /** The customer's random public id, which their view's address names (the claim's loan is shown there). */
    customer_public_id: z.string(),
    insurer: z.string(),
    insurer_reference: z.string(),
    amount: z.number(),
    currency: z.literal(CURRENCY),
    status: z.enum(TPI_CLAIM_STATUSES),
    /** Why the insurer refused it (failed). */
    reason: z.string().nullable(),
    created_at: z.string(),
    /** When an approved reversal put it back on the loan. */
    reversed_at: z.string().nullable(),
    /** The reversal waiting for a checker, if one is. */
    pending_reversal_id: z.number().int().nullable(),
});
export type TpiClaim = z.infer<typeof tpiClaim>;

export const tpiReversal = z.object({
    id: z.number().int(),
    claim: tpiClaim,
    reason: z.string(),
    status: z.enum(TPI_REVERSAL_STATUSES),
    requested_by: person,
    created_at: z.string(),
    decided_by: person.nullable(),
    decision_note: z.string().nullable(),
    decided_at: z.string().nullable(),
});
export type TpiReversal = z.infer<typeof tpiReversal>;

/** The claim lists' optional filter object (`{}` when none, spec §7). */
const claimFilter = z.object({
    /** Loan reference, phone number, customer name or the insurer's reference. */
    q: searchText,
    from: dateText.optional(),
    to: dateText.optional(),
    sort: z.enum(['created_at', 'amount']).default('created_at'),
    order,
    page_number: pageNumber,
    page_size: pageSize,
});

const claimsAnswer = z.object({ records: z.array(tpiClaim), total_items: z.number().int() });

export const successfulTpiClaims = defineCall({
    summary: 'Insurance claims the insurer paid towards a loan, newest first, filtered and paged',
    method: 'POST',
    path: '/api/v1/successful_tpi_claims',
    access: 'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
    body: claimFilter,
    response: claimsAnswer,
});

export const failedTpiClaims = defineCall({
    summary: 'Insurance claims the insurer refused, with why, newest first, filtered and paged',
    method: 'POST',
    path: '/api/v1/failed_tpi_claims',
    access: 'VIEW_FAILED_THIRD_PARTY_INSURANCE',
    body: claimFilter,
    response: claimsAnswer,
});

/** The columns the reversal queue sorts by, each along an index (server/db/schema/money.ts). */
export const TPI_REVERSAL_SORTS = ['created_at', 'decided_at'] as const;

export const requestedTpiReversals = defineCall({
    summary:
        'Reversal requests, pending unless a status is asked for (`{}` when no filter), newest first unless `sort`/`order` say otherwise, paged',
    method: 'POST',
    path: '/api/v1/requested_tpi_reversals',
    // The makers who ask and the checkers who decide both work this queue.
    access: ['REQUEST_REVERSAL_THIRD_PARTY_INSURANCE', 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE'],
    body: z.object({
        status: z.enum(TPI_REVERSAL_STATUSES).default('pending'),
        q: searchText,
        mine: z.boolean().optional(),
        sort: z.enum(TPI_REVERSAL_SORTS).default('created_at'),
        order,
        page_number: pageNumber,
        page_size: pageSize,
    }),
    response: z.object({ records: z.array(tpiReversal), total_items: z.number().int() }),
});

export const requestTpiReversal = defineCall({
    summary: 'Ask for a successful claim to be reversed, saying why; one waits per claim at a time',
    method: 'POST',
    path: '/api/v1/request_tpi_reversal',
    access: 'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE',
    body: z.object({ claim_id: id, reason: reasonText }),
    response: z.object({ reversal: tpiReversal }),
});

export const decideTpiReversal = defineCall({
    summary:
        "Approve or deny a reversal (not one's own): approving puts the claim's amount back on the loan's balance as a reversal payment; denying says why",
    method: 'POST',
    path: '/api/v1/approve_deny_tpi_reversal_request',
    access: 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE',
    body: z
        .object({
            reversal_id: id,
            decision: z.enum(['approve', 'deny']),
            note: z.string().trim().max(500).optional(),
        })
        .refine(value => value.decision === 'approve' || (value.note ?? '').length >= 3, {
            path: ['note'],
            message: 'errors.note_required',
        }),
    response: z.object({ reversal: tpiReversal }),
});

export const moneyCalls = {
    searchTransactions,
    suspenseTransactions,
    wrongAccountTransactions,
    queueSuspense,
    correctSuspense,
    reconcileDeposits,
    reconciliationUploads,
    reconciliationRows,
    successfulTpiClaims,
    failedTpiClaims,
    requestedTpiReversals,
    requestTpiReversal,
    decideTpiReversal,
};
