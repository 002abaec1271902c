/**
 * The requests a maker raises on a loan from the customer view (spec §7 "Loan", "IMEI", "Loan
 * transfer"): deregistration, IMEI change and transfer of ownership, which wait `pending` in the
 * approvals queues; and who a transfer would go to, asked before it is raised.
 *
 * The loan is one the maker sees (contract/customers/index.ts). Refusals a screen shows: 404
 * `errors.loan_not_found`; 409 `errors.loan_state` (the loan's status does not allow it),
 * `errors.request_pending` (a request of that kind already waits for this loan).
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { imei, loanReference, msisdn, reasonText } from '../fields';
import { approvalRequest } from './request';

/** What each request call answers: the loan's pending requests, the new one among them. */
const pendingRequests = z.object({ pending_requests: z.array(approvalRequest) });

export const requestLoanDeactivation = defineCall({
    summary:
        'Ask for a loan to be deactivated (deregistration). The loan must be active; the request waits for a checker holding APPROVE_DEREGISTRATION. A second one while one is pending is a 409.',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/request/loan/deactivation',
    access: 'REQUEST_LOAN_DEACTIVATION',
    body: z.object({ loan_reference: loanReference, reason: reasonText }),
    response: pendingRequests,
});

export const requestImeiChange = defineCall({
    summary:
        "Ask for a loan's device to be exchanged for another IMEI (a replacement phone). The loan must be active and its device lock active; the new IMEI must be valid and on no other open loan.",
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/request/change/imei',
    access: 'REQUEST_IMEI_CHANGE',
    body: z.object({ loan_reference: loanReference, new_imei: imei, reason: reasonText }),
    response: pendingRequests,
});

export const requestLoanTransfer = defineCall({
    summary:
        'Ask for a loan to be transferred to another customer (by phone number). The loan must be active and the new owner an existing customer other than the current one.',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
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
    readOnly: true,
    path: '/api/v1/transfer_loan_owner_lookup',
    access: 'REQUEST_TRANSFER_LOAN_OWNERSHIP',
    body: z.object({ loan_reference: loanReference, new_msisdn: msisdn }),
    response: z.object({ loan_reference: z.string(), msisdn: z.string(), name: z.string() }),
});

export const loanRequestCalls = { requestLoanDeactivation, requestImeiChange, requestLoanTransfer, transferOwnerLookup };
