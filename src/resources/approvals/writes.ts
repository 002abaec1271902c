/**
 * The approvals decisions (src/dataProvider/defineWrite.ts): one decision on one request through
 * its queue's own call, and a bulk decision, one call per request in turn, each outcome reported as
 * it lands. Either refreshes every queue (approving a deregistration closes the other requests on
 * its loan, in the other queues), the menu's counts, the customer screens (a loan moved or
 * closed) and the users and agents lists (an approved registration is a new active agent).
 */
import {
    decideImeiChange,
    decideLoanRemoval,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    type ApprovalRequest,
} from '../../../contract/approvals';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';
import type { QueueName } from './calls';
import { refusalOf, type Outcome } from './present';

export type Decision = 'approve' | 'reject';

const DECIDE = {
    deregistrations: decideLoanRemoval,
    imei_changes: decideImeiChange,
    transfer_loan_requests: decideLoanTransfer,
    mc_requests: decideMakerChecker,
    mc_requests_v2: decideServiceTransaction,
} as const satisfies Record<QueueName, unknown>;

const REFRESHES = [
    'deregistrations',
    'imei_changes',
    'transfer_loan_requests',
    'mc_requests',
    'mc_requests_v2',
    'approval-counts',
    'customer',
    'users',
    'agents',
] as const;

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

export default {
    approvalsDecide: defineWrite({ refreshes: REFRESHES, run: decideOne }),
    /**
     * One call per request, one after the other (each decision is checked on its own: decided
     * meanwhile, refused and why), never failing as a whole: it answers every outcome.
     */
    approvalsDecideMany: defineWrite({
        refreshes: REFRESHES,
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
