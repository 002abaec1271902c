/**
 * The suspense queue (index.ts "Suspense"): payments that matched no loan, the loans one may be
 * assigned to, setting one aside (`queueSuspense`) and assigning it (`correctSuspense`).
 */
import { z } from 'zod';
import { CURRENCY } from '../customers';
import { defineCall, estimatedTotal, id } from '../define';
import { loanReference, reasonText } from '../fields';
import { TRANSACTION_CHANNELS } from '../customers/loans';
import { dateText, pageNumber, pageSize, person, searchText } from './fields';
import { moneyTransaction, SUSPENSE_REASONS, SUSPENSE_STATUSES } from './transactions';

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
    readOnly: true,
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
    response: z.object({ data: z.array(suspenseItem), total_items: z.number().int(), estimated: estimatedTotal }),
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
    readOnly: true,
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
