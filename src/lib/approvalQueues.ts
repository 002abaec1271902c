/**
 * The approval queues, each a react-admin resource named by its route (approvals/calls.ts declares
 * them, and who decides in each), and the request kinds each holds: a write that raises or decides
 * a request refreshes the queues holding its kind (approvals/writes.ts, customers/writes.ts).
 */
import { LOAN_APPROVAL_KINDS, SERVICE_APPROVAL_KINDS, type ApprovalKind } from '../../contract/approvals';

/** The five queues. */
export type QueueName = 'deregistrations' | 'imei_changes' | 'transfer_loan_requests' | 'mc_requests' | 'mc_requests_v2';

/** What each queue holds and whether it takes the maker, "mine" and sort filters (v2 does not). */
export const QUEUES: Readonly<Record<QueueName, { kinds: readonly ApprovalKind[]; byMaker: boolean }>> = {
    deregistrations: { kinds: ['deregistration'], byMaker: true },
    imei_changes: { kinds: ['imei_change'], byMaker: true },
    transfer_loan_requests: { kinds: ['loan_transfer'], byMaker: true },
    mc_requests: { kinds: LOAN_APPROVAL_KINDS, byMaker: true },
    mc_requests_v2: { kinds: SERVICE_APPROVAL_KINDS, byMaker: false },
};
