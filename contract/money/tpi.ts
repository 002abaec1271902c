/**
 * Third-party insurance (index.ts "Third-party insurance"): the claims the insurer paid or refused,
 * and the reversal of a paid one, asked for by a maker and decided by someone else.
 */
import { z } from 'zod';
import { CURRENCY } from '../customers';
import { defineCall, estimatedTotal, id } from '../define';
import { reasonText } from '../fields';
import { dateText, order, pageNumber, pageSize, person, searchText } from './fields';

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

const claimsAnswer = z.object({ records: z.array(tpiClaim), total_items: z.number().int(), estimated: estimatedTotal });

export const successfulTpiClaims = defineCall({
    summary: 'Insurance claims the insurer paid towards a loan, newest first, filtered and paged',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/successful_tpi_claims',
    access: 'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
    body: claimFilter,
    response: claimsAnswer,
});

export const failedTpiClaims = defineCall({
    summary: 'Insurance claims the insurer refused, with why, newest first, filtered and paged',
    method: 'POST',
    readOnly: true,
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
    readOnly: true,
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
    response: z.object({ records: z.array(tpiReversal), total_items: z.number().int(), estimated: estimatedTotal }),
});

export const requestTpiReversal = defineCall({
    summary: 'Ask for a successful claim to be reversed, saying why; one waits per claim at a time',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
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
