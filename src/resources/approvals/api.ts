/**
 * What the queue screens ask that is neither a list nor a write (those are calls.ts and
 * writes.ts): the other requests approving one would close. What each queue holds is
 * lib/approvalQueues.ts, which the customer view's writes refresh too.
 */
import { requestsClosedByApproval, type ApprovalRequest } from '../../../contract/approvals';
import { callApi } from '../../lib/portalApi';
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
