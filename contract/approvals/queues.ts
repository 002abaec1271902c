/**
 * The approvals queues (spec §3: each answers in the shape the specification reads): the
 * deregistration, IMEI change and transfer queues, the phone maker-checker queue (v1: every loan
 * kind) and the service transactions (v2: agent registrations and price cuts); one request by
 * its id; and the menu badges.
 */
import { z } from 'zod';
import { defineCall, estimatedTotal, id, idText, paging } from '../define';
import { calendarDay } from '../fields';
import { APPROVAL_STATUSES, LOAN_APPROVAL_KINDS, approvalRequest } from './request';

const dateText = calendarDay;
const QUEUE_SORTS = ['created_at', 'decided_at', 'id'] as const;

/**
 * What every POST queue takes: a status (default `pending`), a date range on `created_at`
 * (YYYY-MM-DD, inclusive, in the business's time zone), the shop, the maker, `mine` (the
 * caller's own requests: a maker's "my requests"), a search over loan reference, phone number and
 * name, a sort, and a page. The pages run to 500 rows so an export walks the whole list.
 */
export const queueFilter = z.object({
    status: z.enum(APPROVAL_STATUSES).default('pending'),
    from: dateText.optional(),
    to: dateText.optional(),
    store_id: id.optional(),
    maker_id: id.optional(),
    mine: z.boolean().optional(),
    q: z.string().trim().max(64).optional(),
    sort: z.enum(QUEUE_SORTS).default('created_at'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page_number: z.number().int().min(1).max(1_000_000).default(1),
    page_size: z.number().int().min(1).max(500).default(25),
});
export type QueueFilter = z.input<typeof queueFilter>;

/** A queue's page and its total: exact, or past what the server counts its estimate (`estimated`). */
const pendingRequestsPage = z.object({
    pending_requests: z.array(approvalRequest),
    total_items: z.number().int(),
    estimated: estimatedTotal,
});

// ---------------------------------------------------------------------------------------------
// One queue per loan kind

export const pendingLoanRemovalRequests = defineCall({
    summary: 'The deregistration (loan deactivation) requests in reach, filtered and paged; pending by default',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/pending_loan_removal_requests',
    access: 'VIEW_DEREGISTRATIONS',
    body: queueFilter,
    response: pendingRequestsPage,
});

export const pendingImeiRequests = defineCall({
    summary: 'The IMEI change requests in reach, filtered and paged; pending by default',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/pending_imei_requests',
    access: 'VIEW_IMEI_CHANGE_REQUESTS',
    body: queueFilter,
    response: pendingRequestsPage,
});

export const pendingTransferLoans = defineCall({
    summary: 'The loan ownership transfer requests in reach, filtered and paged; pending by default',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/admin_get_pending_transfer_loans',
    access: 'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
    body: queueFilter,
    response: z.object({ data: z.array(approvalRequest), total_items: z.number().int(), estimated: estimatedTotal }),
});

// ---------------------------------------------------------------------------------------------
// Maker-checker v1: every request on a loan and its phone

export const pendingMakerCheckerRequests = defineCall({
    summary: 'Phone maker-checker requests (v1): every loan request in reach, of one kind or all, filtered and paged',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/pending/maker/checker/requests',
    access: 'VIEW_MAKER_CHECKER_REQUESTS',
    body: queueFilter.extend({ kind: z.enum(LOAN_APPROVAL_KINDS).optional() }),
    response: pendingRequestsPage,
});

// ---------------------------------------------------------------------------------------------
// Maker-checker v2: the prerequisites service's transactions (agent registrations, price cuts)

export const listServiceTransactions = defineCall({
    summary:
        'Maker-checker requests v2: the service transactions (agent self-registrations, catalogue price cuts) in reach, the whole body a list; `$limit` and `$skip` page it (ask one more than a page to learn whether another follows)',
    method: 'GET',
    path: '/prerequisites/service-transactions',
    access: 'VIEW_MAKER_CHECKER_REQUESTS',
    query: z.object({
        $limit: paging.$limit,
        $skip: paging.$skip,
        status: z.enum(APPROVAL_STATUSES).default('pending'),
        from: dateText.optional(),
        to: dateText.optional(),
        store_id: idText.optional(),
        q: z.string().trim().max(64).optional(),
        order: z.enum(['asc', 'desc']).default('desc'),
    }),
    response: z.array(approvalRequest),
});

// ---------------------------------------------------------------------------------------------
// One request

/**
 * One request by its id: a queue row's own page. Readable by the holders of its kind's view role
 * (`VIEW_ROLE_OF`), and of the phone maker-checker role, whose v1 and v2 queues list every kind;
 * in the caller's shop when they have one. Any other is 404, as one that does not exist.
 */
export const getApprovalRequest = defineCall({
    summary: 'One approval request by its id, of a kind the caller may view and in their reach; 404 otherwise',
    method: 'GET',
    path: '/api/v1/approval_requests/:id',
    access: [
        'VIEW_DEREGISTRATIONS',
        'VIEW_IMEI_CHANGE_REQUESTS',
        'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
        'VIEW_MAKER_CHECKER_REQUESTS',
    ],
    params: z.object({ id: idText }),
    response: approvalRequest,
});

// ---------------------------------------------------------------------------------------------
// The badges

export const approvalCounts = defineCall({
    summary:
        "How many requests of each kind wait in the caller's reach (the Approvals menu badges); 0 for a queue the caller may not see",
    method: 'GET',
    path: '/api/v1/approval_counts',
    access: 'signed-in',
    response: z.object({
        deregistration: z.number().int(),
        imei_change: z.number().int(),
        loan_transfer: z.number().int(),
        agent_registration: z.number().int(),
        price_change: z.number().int(),
        /** The caller's own requests still waiting. */
        mine: z.number().int(),
    }),
});

export const queueCalls = {
    pendingLoanRemovalRequests,
    pendingImeiRequests,
    pendingTransferLoans,
    pendingMakerCheckerRequests,
    listServiceTransactions,
    getApprovalRequest,
    approvalCounts,
};
