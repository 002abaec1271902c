/**
 * A customer's loans (spec §7 "Loan"): the loan record with its device state, and what the
 * customer view reads about each: its schedule and standing, deposits, statement and insurance.
 * The requests a maker raises on a loan are approvals' (contract/approvals/loanRequests.ts);
 * cancelling a sale that has not gone through is origination's (contract/origination/).
 *
 * A loan is seen by whoever sees its customer (contract/customers/index.ts): 404
 * `errors.loan_not_found` for any other.
 */
import { z } from 'zod';
import { approvalRequest } from '../approvals/request';
import { defineCall } from '../define';
import { deviceLock, LOCK_SOLUTIONS } from '../devices';
import { CURRENCY, loanReference, msisdn, person } from '../fields';
import { loanStanding, scheduledInstalment } from '../lending';
import { INSTALMENT_PERIODS } from './view';

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
 * (contract/origination/): its phone went back in stock and the customer's credit back to them.
 */
export const CANCELLATION_REASONS = [...SALES_EXIT_REASONS, 'reservation_expired'] as const;

export const TRANSACTION_KINDS = ['deposit', 'instalment', 'reversal'] as const;
export const TRANSACTION_CHANNELS = ['mpesa', 'card', 'cash', 'bank'] as const;

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
     * The terms accepted (contract/origination/ `quote`): cash_price − deposit = amount_financed;
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
    readOnly: true,
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
    readOnly: true,
    path: '/api/v1/deposit_transactions',
    access: 'VIEW_CUSTOMER_LOANS',
    body: z.object({ msisdn, loan_reference: loanReference.optional() }),
    response: z.object({ data: z.array(transaction) }),
});

export const loanStatements = defineCall({
    summary:
        "A loan's statement: the terms accepted (cash price, deposit, amount financed, cost of credit, instalments, first due date, total payable as `price`), every payment in date order with the balance after it, and the balance now",
    method: 'POST',
    readOnly: true,
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
    readOnly: true,
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

export const customerLoanCalls = { customerLoans, depositTransactions, loanStatements, checkInsurance };
