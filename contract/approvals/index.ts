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
 *   customer view (loanRequests.ts) and decided in their own queues, or all together in the
 *   "phone maker-checker requests" (v1: `pending/maker/checker/requests`).
 * - Agent self-registrations (`POST /prerequisites/register`) are the service transactions of the
 *   prerequisites service (v2: `GET /prerequisites/service-transactions`); approving one activates
 *   the account and tells the agent by SMS.
 * - Catalogue price cuts (contract/inventory.ts `updatePhonePrices`: a price more than 20% below its
 *   highest in the last 24 hours, the current one included) wait in the same v2 list; approving one sets the model's prices, provided they
 *   still stand where the request found them (409 `errors.prices_changed` otherwise).
 *
 * One file per purpose: the request and its kinds (request.ts), raising a loan request
 * (loanRequests.ts), the queues (queues.ts) and the decisions (decisions.ts).
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
import { decisionCalls } from './decisions';
import { loanRequestCalls } from './loanRequests';
import { queueCalls } from './queues';

export * from './decisions';
export * from './loanRequests';
export * from './queues';
export * from './request';

export const approvalCalls = { ...queueCalls, ...decisionCalls, ...loanRequestCalls };
