/**
 * Requests that need a second person (maker-checker; spec §7 "IMEI", "Loan transfer",
 * "Maker-checker", `pending_loan_removal_requests`, `approve/loan/deactivation`,
 * `/prerequisites/service-transactions`, `/prerequisites/maker-checker`).
 *
 * Every kind shares one lifecycle, `pending` → `approved` | `rejected`, decided by someone other
 * than the maker who holds the kind's approving role (`APPROVE_ROLE_OF`). A request is validated
 * when made and again when decided, against the data as it then stands; approving applies the
 * change and closes the request in one transaction, at most once.
 *
 * - The loan requests (deregistration, IMEI change, transfer of ownership) are raised from the
 *   customer view (contract/loans.ts) and decided in their own queues, or all together in the
 *   "phone maker-checker requests" (v1: `pending/maker/checker/requests`).
 * - Agent self-registrations (`POST /prerequisites/register`) are the service transactions of the
 *   prerequisites service (v2: `GET /prerequisites/service-transactions`); approving one activates
 *   the account and tells the agent by SMS.
 * - Catalogue price cuts (contract/inventory.ts `updatePhonePrices`: a price more than 20% below its
 *   highest in the last 24 hours, the current one included) wait in the same v2 list; approving one sets the model's prices, provided they
 *   still stand where the request found them (409 `errors.prices_changed` otherwise).
 *
 * Each queue answers in the shape the specification reads (§3): the IMEI, deregistration and v1
 * queues `pending_requests`, the transfer queue `data`, v2 the whole body (an array). Each
 * decision call decides one request; a screen's bulk decision makes one call per request, so each
 * has its own outcome. Refusals: 404 `errors.request_not_found` (not in the caller's reach, or not
 * of the call's kind); 403 `errors.own_request` (the maker deciding) and `errors.forbidden` (the
 * kind's approving role not held); 409 `errors.request_decided` (decided before; nothing changes)
 * and the kind's own refusal when the data changed since the request was made (e.g.
 * `errors.imei_in_use`); 400 `errors.note_required` when a rejection gives no reason.
 */
import { z } from 'zod';
import { defineCall, id, idText, paging } from './define';
import { calendarDay } from './fields';
import type { RoleCode } from './roles';

export const APPROVAL_KINDS = ['deregistration', 'imei_change', 'loan_transfer', 'agent_registration', 'price_change'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/** The kinds that concern a loan and its phone: the v1 ("phone") maker-checker queue. */
export const LOAN_APPROVAL_KINDS = ['deregistration', 'imei_change', 'loan_transfer'] as const;
export type LoanApprovalKind = (typeof LOAN_APPROVAL_KINDS)[number];
/** The kinds of no loan, the service transactions: the v2 maker-checker queue. */
export const SERVICE_APPROVAL_KINDS = ['agent_registration', 'price_change'] as const;
export type ServiceApprovalKind = (typeof SERVICE_APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;

/** Who may decide each kind (seeded to `checker` and `admin`). */
export const APPROVE_ROLE_OF: Readonly<Record<ApprovalKind, RoleCode>> = {
    deregistration: 'APPROVE_DEREGISTRATION',
    imei_change: 'APPROVE_IMEI_CHANGE',
    loan_transfer: 'APPROVE_TRANSFER_LOAN_OWNERSHIP',
    agent_registration: 'APPROVE_AGENT_REGISTRATION',
    price_change: 'APPROVE_PRICE_CHANGE',
};

/** Who may see each kind's queue (and its badge). */
export const VIEW_ROLE_OF: Readonly<Record<ApprovalKind, RoleCode>> = {
    deregistration: 'VIEW_DEREGISTRATIONS',
    imei_change: 'VIEW_IMEI_CHANGE_REQUESTS',
    loan_transfer: 'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
    agent_registration: 'VIEW_MAKER_CHECKER_REQUESTS',
    price_change: 'VIEW_MAKER_CHECKER_REQUESTS',
};

const person = z.object({ id: z.number().int(), name: z.string() });

/** A request waiting for (or decided by) a checker; `change` is what approving it does. */
export const approvalRequest = z.object({
    id: z.number().int(),
    kind: z.enum(APPROVAL_KINDS),
    status: z.enum(APPROVAL_STATUSES),
    /** The loan concerned; null for an agent registration and a price change. */
    loan_reference: z.string().nullable(),
    /** The customer's phone number (loan kinds) or the registering agent's; empty for a price change. */
    msisdn: z.string(),
    /** Whom it concerns: the customer's name, the agent's, or the phone model (brand and model). */
    subject: z.string(),
    /** The shop of the loan, or the shop the agent registered with; null for a price change (every shop's). */
    store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    reason: z.string(),
    /**
     * deregistration: `{}`; imei_change: `{ old_imei, new_imei }`; loan_transfer:
     * `{ from_msisdn, to_msisdn, to_name }`; agent_registration: `{ username, store_name }`;
     * price_change: `{ sku, model, <field>_before, <field>_after }` for cash_price, deposit and
     * instalment_amount, amounts to the cent (`"2999.00"`).
     */
    change: z.record(z.string(), z.string()),
    maker: person,
    created_at: z.string(),
    checker: person.nullable(),
    decision_note: z.string().nullable(),
    decided_at: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

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

/** One decision on one request; a rejection says why. */
export const decision = z
    .object({
        request_id: id,
        decision: z.enum(APPROVAL_DECISIONS),
        note: z.string().trim().max(500).optional(),
    })
    .refine(value => value.decision === 'approve' || (value.note ?? '').length >= 3, {
        path: ['note'],
        message: 'errors.note_required',
    });

const decided = z.object({ request: approvalRequest });
const pendingRequestsPage = z.object({ pending_requests: z.array(approvalRequest), total_items: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Deregistration (loan deactivation)

export const pendingLoanRemovalRequests = defineCall({
    summary: 'The deregistration (loan deactivation) requests in reach, filtered and paged; pending by default',
    method: 'POST',
    path: '/api/v1/pending_loan_removal_requests',
    access: 'VIEW_DEREGISTRATIONS',
    body: queueFilter,
    response: pendingRequestsPage,
});

export const decideLoanRemoval = defineCall({
    summary:
        "Approve or reject a deregistration: approving deactivates the loan (it must still be active) and releases the device's lock",
    method: 'POST',
    path: '/api/v1/approve/loan/deactivation',
    access: 'APPROVE_DEREGISTRATION',
    body: decision,
    response: decided,
});

// ---------------------------------------------------------------------------------------------
// IMEI change

export const pendingImeiRequests = defineCall({
    summary: 'The IMEI change requests in reach, filtered and paged; pending by default',
    method: 'POST',
    path: '/api/v1/pending_imei_requests',
    access: 'VIEW_IMEI_CHANGE_REQUESTS',
    body: queueFilter,
    response: pendingRequestsPage,
});

export const decideImeiChange = defineCall({
    summary:
        'Approve or reject an IMEI change: approving moves the loan to the new phone (still on no other open loan) and asks the lock provider to exchange it',
    method: 'POST',
    path: '/api/v1/approve/change/imei',
    access: 'APPROVE_IMEI_CHANGE',
    body: decision,
    response: decided,
});

// ---------------------------------------------------------------------------------------------
// Transfer of loan ownership

export const pendingTransferLoans = defineCall({
    summary: 'The loan ownership transfer requests in reach, filtered and paged; pending by default',
    method: 'POST',
    path: '/api/v1/admin_get_pending_transfer_loans',
    access: 'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
    body: queueFilter,
    response: z.object({ data: z.array(approvalRequest), total_items: z.number().int() }),
});

export const decideLoanTransfer = defineCall({
    summary:
        'Approve or reject a transfer of ownership: approving gives the loan to the new customer (still known, still another person)',
    method: 'POST',
    path: '/api/v1/admin_approve_customer_transfer_loan',
    access: 'APPROVE_TRANSFER_LOAN_OWNERSHIP',
    body: decision,
    response: decided,
});

// ---------------------------------------------------------------------------------------------
// Maker-checker v1: every request on a loan and its phone

export const pendingMakerCheckerRequests = defineCall({
    summary: 'Phone maker-checker requests (v1): every loan request in reach, of one kind or all, filtered and paged',
    method: 'POST',
    path: '/api/v1/pending/maker/checker/requests',
    access: 'VIEW_MAKER_CHECKER_REQUESTS',
    body: queueFilter.extend({ kind: z.enum(LOAN_APPROVAL_KINDS).optional() }),
    response: pendingRequestsPage,
});

export const decideMakerChecker = defineCall({
    summary: "Decide any loan request (v1); the decider also needs the request kind's approving role",
    method: 'POST',
    path: '/api/v1/approve/maker/checkers',
    access: 'APPROVE_MAKER_CHECKER_REQUESTS',
    body: decision,
    response: decided,
});

// ---------------------------------------------------------------------------------------------
// Maker-checker v2: the prerequisites service's transactions (agent registrations)

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

export const decideServiceTransaction = defineCall({
    summary:
        "Decide a service transaction (v2): approving an agent's registration activates the account, rejecting it disables it, and the agent is told by SMS either way; approving a price cut sets the model's prices (409 `errors.prices_changed` when they moved since). The decider also needs the kind's approving role",
    method: 'POST',
    path: '/prerequisites/maker-checker',
    access: 'APPROVE_MAKER_CHECKER_REQUESTS',
    body: decision,
    response: decided,
});

// ---------------------------------------------------------------------------------------------
// What a decision closes besides its own request

/**
 * Approving a deregistration closes every other request waiting on the same loan (an IMEI change,
 * a transfer): they could never be approved once the loan is deactivated. Each is rejected with a
 * decision note naming the deregistration (`Closed: the loan was deregistered by request #N`),
 * which its maker reads under "My requests" and by SMS, and is audited as
 * `approval_requests.<kind>.close`. This call answers, before the checker decides, the requests
 * that approving `request_id` would close (none for the other kinds, and none once it is decided),
 * naming only those of kinds the caller may view and counting the rest in `hidden`; a request of a
 * kind the caller may not view is 404, as one that does not exist.
 */
export const requestsClosedByApproval = defineCall({
    summary:
        'The other pending requests that approving this one would close (a deregistration closes those waiting on its loan), for the approval dialog to name; 404 when out of reach',
    method: 'POST',
    path: '/api/v1/approval_requests/closed_by_approval',
    access: ['VIEW_DEREGISTRATIONS', 'VIEW_MAKER_CHECKER_REQUESTS'],
    body: z.object({ request_id: id }),
    response: z.object({
        requests: z.array(approvalRequest),
        /** How many more it closes, of kinds the caller may not view (named to them neither by id nor by maker). */
        hidden: z.number().int(),
    }),
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

export const approvalCalls = {
    pendingLoanRemovalRequests,
    decideLoanRemoval,
    pendingImeiRequests,
    decideImeiChange,
    pendingTransferLoans,
    decideLoanTransfer,
    pendingMakerCheckerRequests,
    decideMakerChecker,
    listServiceTransactions,
    decideServiceTransaction,
    requestsClosedByApproval,
    getApprovalRequest,
    approvalCounts,
};
