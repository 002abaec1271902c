/**
 * What the queue screens ask that is neither a list nor a write (those are calls.ts and
 * writes.ts): what each queue holds, and the other requests approving one would close.
 */
import {
    LOAN_APPROVAL_KINDS,
    SERVICE_APPROVAL_KINDS,
    requestsClosedByApproval,
    type ApprovalKind,
    type ApprovalRequest,
} from '../../../contract/approvals';
import { callApi } from '../../lib/portalApi';
/** The five queues, each a resource named by its route (calls.ts declares them, and who decides in each). */
export type QueueName = 'deregistrations' | 'imei_changes' | 'transfer_loan_requests' | 'mc_requests' | 'mc_requests_v2';

/** What each queue holds and whether it takes the maker, "mine" and sort filters (v2 does not). */
export const QUEUES: Readonly<Record<QueueName, { kinds: readonly ApprovalKind[]; byMaker: boolean }>> = {
    deregistrations: { kinds: ['deregistration'], byMaker: true },
    imei_changes: { kinds: ['imei_change'], byMaker: true },
    transfer_loan_requests: { kinds: ['loan_transfer'], byMaker: true },
    mc_requests: { kinds: LOAN_APPROVAL_KINDS, byMaker: true },
    mc_requests_v2: { kinds: SERVICE_APPROVAL_KINDS, byMaker: false },
};

/** Under the deregistrations resource's key: a decision (which refreshes that resource) asks again. */
export const closedByApprovalKey = (id: number) => ['deregistrations', 'closed-by', id] as const;

/**
 * The other pending requests approving this one would close (a deregistration's, on its loan):
 * those the caller may view, and how many more of kinds they may not.
 */
export const fetchClosedByApproval = async (
    requestId: number,
    signal?: AbortSignal,
): Promise<{ requests: ApprovalRequest[]; hidden: number }> =>
    callApi(requestsClosedByApproval, { body: { request_id: requestId } }, { signal });
