/**
 * The calls that act on an existing loan (spec §7 "Loan", "IMEI", "Loan transfer"): a customer's
 * loans with their device state, deposits, statements and insurance; the requests a maker raises
 * for a checker (deregistration, IMEI change, transfer of ownership), which wait `pending` in the
 * approvals queues; and cancelling a sale that has not gone through (sales-exit reasons, spec §9).
 *
 * A loan is seen by whoever sees its customer (contract/customers.ts). Refusals a screen shows:
 * 404 `errors.loan_not_found`; 409 `errors.loan_state` (the loan's status does not allow it),
 * `errors.request_pending` (a request of that kind already waits for this loan).
 */
import { z } from 'zod';
import { approvalRequest } from './approvals';
import { defineCall } from './define';
import { CURRENCY, INSTALMENT_PERIODS, LOCK_SOLUTIONS } from './customers';
import { deviceLock } from './devices';
import { imei, loanReference, msisdn, reasonText } from './fields';
import { loanStanding, scheduledInstalment } from './lending';

/**
 * `draft` → `awaiting_deposit` → `awaiting_lock` → `active` → `completed`; `cancelled` from
 * `draft` and `awaiting_deposit`; `deactivated` from `active` (deregistration approved).
 */
export const LOAN_STATUSES = [
    'draft',
    'awaiting_deposit',
    'awaiting_lock',
    'active',
    'completed',
    'cancelled',
    'deactivated',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Spec §9, in this order on screen. */
export const SALES_EXIT_REASONS = [
    'system_issue',
    'customer_just_browsing',
    'customer_no_longer_present',
    'customer_changed_mind',
    'needs_more_time',
    'price_concerns',
    'other',
] as const;

/**
 * Why a loan was cancelled: a sales-exit reason a seller gave, or `reservation_expired`, given by
 * the server alone when a draft was not finished within DRAFT_RESERVATION_HOURS
 * (contract/origination.ts): its phone went back in stock and the customer's credit back to them.
 */
export const CANCELLATION_REASONS = [...SALES_EXIT_REASONS, 'reservation_expired'] as const;

export const TRANSACTION_KINDS = ['deposit', 'instalment', 'reversal'] as const;
export const TRANSACTION_CHANNELS = ['mpesa', 'card', 'cash', 'bank'] as const;

const person = z.object({ id: z.number().int(), name: z.string() });

export const loan = z.object({
    id: z.number().int(),
    loan_reference: z.string(),
    msisdn: z.string(),
    imei: z.string(),
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    image: z.string().nullable(),
    lock_solution: z.enum(LOCK_SOLUTIONS),
    /** The total payable: the deposit and every instalment (what the balance starts from). */
    price: z.number(),
    deposit: z.number(),
    instalment: z.number(),
    instalment_period: z.enum(INSTALMENT_PERIODS),
    term: z.number().int(),
    /**
     * The terms accepted (contract/origination.ts `quote`): cash_price − deposit = amount_financed;
     * total_payable (= price) − cash_price = cost_of_credit; the first instalment's day (YYYY-MM-DD).
     */
    cash_price: z.number(),
    amount_financed: z.number(),
    cost_of_credit: z.number(),
    total_payable: z.number(),
    /** YYYY-MM-DD: one period after the deposit day (before the deposit, after the day it was quoted). */
    first_due_date: z.string(),
    /** What is still due: 0 once paid off (`completed`), and 0 for a `cancelled` sale, which owes nothing. */
    balance: z.number(),
    amount_paid: z.number(),
    currency: z.literal(CURRENCY),
    status: z.enum(LOAN_STATUSES),
    cancellation_reason: z.enum(CANCELLATION_REASONS).nullable(),
    agent: person.nullable(),
    store: person.nullable(),
    /** The device's lock: requested apart from confirmed (contract/devices.ts). Null before a device is attached. */
    device: deviceLock.nullable(),
    created_at: z.string(),
});
export type Loan = z.infer<typeof loan>;

/**
 * A loan as the customer view reads it: with its schedule and its standing today
 * (contract/lending.ts), both null/empty for a loan without a schedule (before its deposit, a
 * cancelled sale, a deactivated loan).
 */
export const scheduledLoan = loan.extend({
    standing: loanStanding.nullable(),
    schedule: z.array(scheduledInstalment),
});
export type ScheduledLoan = z.infer<typeof scheduledLoan>;

export const customerLoans = defineCall({
    summary:
        "A customer's loans, newest first, each with its balance, its schedule and standing today, and its device's lock state, and the requests waiting for a checker on any of them",
    method: 'POST',
    path: '/api/v1/lipa_pole_pole_loans',
    access: 'VIEW_CUSTOMER_LOANS',
    body: z.object({ msisdn }),
    response: z.object({ data: z.array(scheduledLoan), pending_requests: z.array(approvalRequest) }),
});

export const transaction = z.object({
    id: z.number().int(),
    reference: z.string(),
    msisdn: z.string(),
    loan_reference: z.string().nullable(),
    amount: z.number(),
    currency: z.literal(CURRENCY),
    channel: z.enum(TRANSACTION_CHANNELS),
    kind: z.enum(TRANSACTION_KINDS),
    created_at: z.string(),
});

export const depositTransactions = defineCall({
    summary: "A customer's deposits (the first payment of each loan, and unmatched ones from their phone), newest first",
    method: 'POST',
    path: '/api/v1/deposit_transactions',
    access: 'VIEW_CUSTOMER_LOANS',
    body: z.object({ msisdn, loan_reference: loanReference.optional() }),
    response: z.object({ data: z.array(transaction) }),
});

export const loanStatements = defineCall({
    summary:
        "A loan's statement: the terms accepted (cash price, deposit, amount financed, cost of credit, instalments, first due date, total payable as `price`), every payment in date order with the balance after it, and the balance now",
    method: 'POST',
    path: '/api/v1/loan_statements',
    access: 'VIEW_CUSTOMER_LOANS',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan_reference: z.string(),
        currency: z.literal(CURRENCY),
        /** The total payable, as the loan's `price`. */
        price: z.number(),
        deposit: z.number(),
        /** The amount financed: cash price − deposit. */
        financed: z.number(),
        cash_price: z.number(),
        cost_of_credit: z.number(),
        instalment: z.number(),
        instalment_period: z.enum(INSTALMENT_PERIODS),
        term: z.number().int(),
        first_due_date: z.string(),
        balance: z.number(),
        status: z.enum(LOAN_STATUSES),
        entries: z.array(
            z.object({
                date: z.string(),
                reference: z.string(),
                kind: z.enum(TRANSACTION_KINDS),
                amount: z.number(),
                balance_after: z.number(),
            }),
        ),
    }),
});

export const INSURANCE_STATUSES = ['active', 'expired', 'none'] as const;

export const checkInsurance = defineCall({
    summary: "Whether a loan's device is insured, by whom, and until when",
    method: 'POST',
    path: '/api/v1/check-insurance',
    access: 'VIEW_CUSTOMER_LOANS',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan_reference: z.string(),
        insured: z.boolean(),
        status: z.enum(INSURANCE_STATUSES),
        insurer: z.string().nullable(),
        policy_number: z.string().nullable(),
        premium: z.number().nullable(),
        currency: z.literal(CURRENCY),
        /** YYYY-MM-DD. */
        cover_until: z.string().nullable(),
    }),
});

// ---------------------------------------------------------------------------------------------
// Requests for a checker (maker-checker)

export { approvalRequest, type ApprovalRequest } from './approvals';

/** What each request call answers: the loan's pending requests, the new one among them. */
const pendingRequests = z.object({ pending_requests: z.array(approvalRequest) });

export const requestLoanDeactivation = defineCall({
    summary:
        'Ask for a loan to be deactivated (deregistration). The loan must be active; the request waits for a checker holding APPROVE_DEREGISTRATION. A second one while one is pending is a 409.',
    method: 'POST',
    path: '/api/v1/request/loan/deactivation',
    access: 'REQUEST_LOAN_DEACTIVATION',
    body: z.object({ loan_reference: loanReference, reason: reasonText }),
    response: pendingRequests,
});

export const requestImeiChange = defineCall({
    summary:
        "Ask for a loan's device to be exchanged for another IMEI (a replacement phone). The loan must be active and its device lock active; the new IMEI must be valid and on no other open loan.",
    method: 'POST',
    path: '/api/v1/request/change/imei',
    access: 'REQUEST_IMEI_CHANGE',
    body: z.object({ loan_reference: loanReference, new_imei: imei, reason: reasonText }),
    response: pendingRequests,
});

export const requestLoanTransfer = defineCall({
    summary:
        'Ask for a loan to be transferred to another customer (by phone number). The loan must be active and the new owner an existing customer other than the current one.',
    method: 'POST',
    path: '/api/v1/customer_request_transfer_loan',
    access: 'REQUEST_TRANSFER_LOAN_OWNERSHIP',
    body: z.object({ loan_reference: loanReference, new_msisdn: msisdn, reason: reasonText }),
    response: pendingRequests,
});

/**
 * Who would take the loan if a transfer were asked now: the new owner's name, found among the
 * customers the maker may see, once every check the transfer request runs has passed (the loan
 * active, nothing conflicting waiting, a known customer other than the current owner). Refuses as
 * the request would: 404 `errors.customer_not_found` (field `new_msisdn`), 409
 * `errors.same_owner`, `errors.loan_state`, `errors.request_pending`, `errors.deregistration_pending`.
 * The transfer dialog shows the name before the maker confirms; nothing is written.
 */
export const transferOwnerLookup = defineCall({
    summary:
        "The new owner a loan transfer would go to: their name and number, once the transfer request's checks pass; refuses as the request would",
    method: 'POST',
    path: '/api/v1/transfer_loan_owner_lookup',
    access: 'REQUEST_TRANSFER_LOAN_OWNERSHIP',
    body: z.object({ loan_reference: loanReference, new_msisdn: msisdn }),
    response: z.object({ loan_reference: z.string(), msisdn: z.string(), name: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Cancelling a sale

export const loanCancellationOptions = defineCall({
    summary:
        "The sales-exit reasons a loan may be cancelled with: all of them while the loan is `draft` or `awaiting_deposit`, none otherwise ('No options available').",
    method: 'POST',
    path: '/api/v1/get_loan_cancellation_options',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan_reference: z.string(),
        status: z.enum(LOAN_STATUSES),
        cancellable: z.boolean(),
        options: z.array(z.enum(SALES_EXIT_REASONS)),
    }),
});

export const cancelLoan = defineCall({
    summary:
        'Cancel a sale that has not gone through (`draft` or `awaiting_deposit`) with a sales-exit reason; `other` needs a note. The reserved phone goes back in stock.',
    method: 'POST',
    path: '/api/v1/initiate_loan_cancellation',
    access: 'ADD_LOAN',
    body: z.object({
        loan_reference: loanReference,
        reason: z.enum(SALES_EXIT_REASONS),
        note: z.string().trim().max(500).optional(),
    }),
    response: loan,
});

export const loanCalls = {
    customerLoans,
    depositTransactions,
    loanStatements,
    checkInsurance,
    requestLoanDeactivation,
    requestImeiChange,
    requestLoanTransfer,
    transferOwnerLookup,
    loanCancellationOptions,
    cancelLoan,
};
