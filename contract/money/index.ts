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
 *   `STATEMENT_COLUMNS`) is imported in short batches: every row is matched to a loan,
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
 *
 * One file per call family: ./transactions.ts (a payment, finding payments), ./suspense.ts,
 * ./statement.ts (what a statement may hold), ./reconciliation.ts (statement uploads), ./tpi.ts;
 * ./fields.ts holds what they share. Every name is exported from here.
 */
import { reconcileDeposits, reconciliationRows, reconciliationUploads } from './reconciliation';
import { correctSuspense, queueSuspense, suspenseTransactions, wrongAccountTransactions } from './suspense';
import { decideTpiReversal, failedTpiClaims, requestedTpiReversals, requestTpiReversal, successfulTpiClaims } from './tpi';
import { searchTransactions } from './transactions';

export * from './reconciliation';
export * from './statement';
export * from './suspense';
export * from './tpi';
export * from './transactions';

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
