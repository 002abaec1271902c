/**
 * The approvals queues (spec §2 "Approvals" group and "Deregistration requests") and who may
 * decide in each, taken from the contract's calls so a gate moves with its call. Read by
 * src/authProvider/permissions.ts; screens ask `canAccess({ resource, action })`.
 *
 * A queue's `list` is its call's `access`; `approve` is its decision call's. The phone
 * maker-checker queue (v1) decides any loan request, but the server also wants the kind's own
 * approving role (`APPROVE_ROLE_OF`), so each kind has its gate there (`approve_<kind>`); so does the
 * v2 queue, which decides agent registrations (APPROVE_AGENT_REGISTRATION as well) and catalogue
 * price cuts (APPROVE_PRICE_CHANGE as well).
 */
import {
    APPROVE_ROLE_OF,
    decideImeiChange,
    decideLoanRemoval,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    listServiceTransactions,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    pendingMakerCheckerRequests,
    pendingTransferLoans,
    type ApprovalKind,
} from '../../../contract/approvals';
import { roleAllows, type Access } from '../../../contract/define';

type Gate = Access | ((roles: ReadonlySet<string>) => boolean);

/** Every one of these gates at once (a call's and a kind's). */
const allOf =
    (...gates: readonly Access[]) =>
    (roles: ReadonlySet<string>) =>
        gates.every(gate => roleAllows(gate, true, roles));

export const APPROVAL_GATES = {
    deregistrations: { list: pendingLoanRemovalRequests.access, approve: decideLoanRemoval.access },
    imei_changes: { list: pendingImeiRequests.access, approve: decideImeiChange.access },
    transfer_loan_requests: { list: pendingTransferLoans.access, approve: decideLoanTransfer.access },
    mc_requests: {
        list: pendingMakerCheckerRequests.access,
        approve: decideMakerChecker.access,
        approve_deregistration: allOf(decideMakerChecker.access, APPROVE_ROLE_OF.deregistration),
        approve_imei_change: allOf(decideMakerChecker.access, APPROVE_ROLE_OF.imei_change),
        approve_loan_transfer: allOf(decideMakerChecker.access, APPROVE_ROLE_OF.loan_transfer),
    },
    mc_requests_v2: {
        list: listServiceTransactions.access,
        approve: decideServiceTransaction.access,
        approve_agent_registration: allOf(decideServiceTransaction.access, APPROVE_ROLE_OF.agent_registration),
        approve_price_change: allOf(decideServiceTransaction.access, APPROVE_ROLE_OF.price_change),
    },
} as const satisfies Record<string, Record<string, Gate>>;

export type QueueName = keyof typeof APPROVAL_GATES;

/** The action that gates deciding a request of this kind in this queue. */
export const approveAction = (queue: QueueName, kind: ApprovalKind): string =>
    queue === 'mc_requests' || queue === 'mc_requests_v2' ? `approve_${kind}` : 'approve';
