/**
 * Deciding a request: one decision per call (a screen's bulk decision makes one call per request,
 * so each has its own outcome), by a call per kind, the v1 call for any loan kind and the v2 call
 * for the service transactions; and what approving a request would close besides it.
 */
import { z } from 'zod';
import { defineCall, id } from '../define';
import { APPROVAL_DECISIONS, approvalRequest } from './request';

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

// ---------------------------------------------------------------------------------------------
// One call per loan kind

export const decideLoanRemoval = defineCall({
    summary:
        "Approve or reject a deregistration: approving deactivates the loan (it must still be active) and releases the device's lock",
    method: 'POST',
    path: '/api/v1/approve/loan/deactivation',
    access: 'APPROVE_DEREGISTRATION',
    body: decision,
    response: decided,
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
// Maker-checker v1 (any loan kind) and v2 (the service transactions)

export const decideMakerChecker = defineCall({
    summary: "Decide any loan request (v1); the decider also needs the request kind's approving role",
    method: 'POST',
    path: '/api/v1/approve/maker/checkers',
    access: 'APPROVE_MAKER_CHECKER_REQUESTS',
    body: decision,
    response: decided,
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
    readOnly: true,
    path: '/api/v1/approval_requests/closed_by_approval',
    access: ['VIEW_DEREGISTRATIONS', 'VIEW_MAKER_CHECKER_REQUESTS'],
    body: z.object({ request_id: id }),
    response: z.object({
        requests: z.array(approvalRequest),
        /** How many more it closes, of kinds the caller may not view (named to them neither by id nor by maker). */
        hidden: z.number().int(),
    }),
});

export const decisionCalls = {
    decideLoanRemoval,
    decideImeiChange,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    requestsClosedByApproval,
};
