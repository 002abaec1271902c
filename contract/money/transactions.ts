/**
 * Payments (index.ts "Transactions"): a payment as every money list shows it, the reasons it may
 * wait in suspense, and finding payments (`searchTransactions`).
 */
import { z } from 'zod';
import { CURRENCY } from '../customers';
import { defineCall, estimatedTotal } from '../define';
import { loanReference, msisdn } from '../fields';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from '../customers/loans';
import { dateText, order, pageNumber, pageSize } from './fields';

/** A payment provider's reference: letters, digits and `-_/.`, as banks and mobile money write them. */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_/.-]{2,63}$/;
export const paymentReference = z.string().trim().regex(PAYMENT_REFERENCE_PATTERN, 'valid payment reference required');

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
    readOnly: true,
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
    response: z.object({ data: z.array(moneyTransaction), total_items: z.number().int(), estimated: estimatedTotal }),
});
