/**
 * The approvals decisions (src/dataProvider/defineWrite.ts): one decision on one request through
 * its queue's own call, and a bulk decision, one call per request in turn, each outcome reported as
 * it lands. Each refreshes what deciding its requests' kinds changes (`changedBy`), and nothing else.
 */
import {
    decideImeiChange,
    decideLoanRemoval,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    LOAN_APPROVAL_KINDS,
    type ApprovalKind,
    type ApprovalRequest,
} from '../../../contract/approvals';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';
import { CUSTOMER } from '../../lib/customerQuery';
import { QUEUES, type QueueName } from '../../lib/approvalQueues';
import { refusalOf, type Outcome } from './present';

export type Decision = 'approve' | 'reject';

const DECIDE = {
    deregistrations: decideLoanRemoval,
    imei_changes: decideImeiChange,
    transfer_loan_requests: decideLoanTransfer,
    mc_requests: decideMakerChecker,
    mc_requests_v2: decideServiceTransaction,
} as const satisfies Record<QueueName, unknown>;

const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
const queuesHolding = (kinds: readonly ApprovalKind[]) =>
    QUEUE_NAMES.filter(queue => QUEUES[queue].kinds.some(kind => kinds.includes(kind)));

/** The devices and the catalogue's stock and prices (inventory/calls.ts). */
const STOCK = ['inventory', 'phone-models'];
/** Where an agent's status shows or counts: the agents, a shop's agents, the users, and the shops' agent counts. */
const AGENT_LISTS = ['agents', 'shop-agents', 'users', 'stores', 'shop'];

/** What deciding a request of this kind changes besides its queues and the counts. */
const CHANGED_BY: Readonly<Record<ApprovalKind, (decision: Decision) => readonly string[]>> = {
    // The loan closes, and so do the other requests waiting on it, in every loan kind's queue.
    deregistration: decision => (decision === 'approve' ? [CUSTOMER, ...queuesHolding(LOAN_APPROVAL_KINDS)] : [CUSTOMER]),
    // The loan's phone changes: the new one is sold, the old one back in stock.
    imei_change: decision => (decision === 'approve' ? [CUSTOMER, ...STOCK] : [CUSTOMER]),
    loan_transfer: () => [CUSTOMER],
    // Approved, the account is active; rejected, disabled: either way it leaves "awaiting approval".
    agent_registration: () => AGENT_LISTS,
    price_change: decision => (decision === 'approve' ? STOCK : []),
};

/**
 * The lists, records and counts deciding these requests changes: the queues holding their kinds
 * (a kind's own and its maker-checker queue, a request's own page being a record of either), the
 * menu's counts, and what each kind's decision changes beyond them (`CHANGED_BY`). Another queue
 * is not refetched.
 */
export const changedBy = (requests: readonly ApprovalRequest[], decision: Decision): string[] => {
    const kinds = [...new Set(requests.map(request => request.kind))];
    return [...new Set([...queuesHolding(kinds), 'approval-counts', ...kinds.flatMap(kind => CHANGED_BY[kind](decision))])];
};

/** One decision; answers the request as it now stands. A rejection's note is its reason (at least 3 characters, the server checks). */
const decideOne = async ({ queue, request, decision, note }: DecisionParams): Promise<ApprovalRequest> => {
    const trimmed = note.trim();
    const body = { request_id: request.id, decision, ...(trimmed ? { note: trimmed } : {}) };
    return (await callApi(DECIDE[queue], { body })).request;
};

export interface DecisionParams {
    queue: QueueName;
    request: ApprovalRequest;
    decision: Decision;
    note: string;
}

export interface BulkDecisionParams {
    queue: QueueName;
    requests: readonly ApprovalRequest[];
    decision: Decision;
    note: string;
    /** Hears each outcome as it lands (the progress and the table of results). */
    onOutcome: (outcome: Outcome) => void;
    /** Asked before each request: true once the report was closed, so the rest are left undecided. */
    stopped: () => boolean;
}

const writes = {
    approvalsDecide: defineWrite({
        refreshes: ({ request, decision }: DecisionParams) => changedBy([request], decision),
        run: decideOne,
    }),
    /**
     * One call per request, one after the other (each decision is checked on its own: decided
     * meanwhile, refused and why), never failing as a whole: it answers every outcome.
     */
    approvalsDecideMany: defineWrite({
        refreshes: ({ requests, decision }: BulkDecisionParams) => changedBy(requests, decision),
        run: async ({ queue, requests, decision, note, onOutcome, stopped }: BulkDecisionParams): Promise<Outcome[]> => {
            const outcomes: Outcome[] = [];
            for (const request of requests) {
                if (stopped()) break;
                let outcome: Outcome;
                try {
                    await decideOne({ queue, request, decision, note });
                    outcome = { request, result: decision === 'approve' ? 'approved' : 'rejected' };
                } catch (error) {
                    outcome = refusalOf(request, error);
                }
                outcomes.push(outcome);
                onOutcome(outcome);
            }
            return outcomes;
        },
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        approvals: typeof writes;
    }
}
