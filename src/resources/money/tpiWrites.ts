/** The third-party insurance writes (contract/money/tpi.ts): asking for a claim's reversal, and deciding one. */
import { decideTpiReversal, requestTpiReversal, type TpiReversal } from '../../../contract/money';
import { callApi } from '../../lib/portalApi';

export type ReversalDecision = 'approve' | 'deny';

export const requestReversal = async (claimId: number, reason: string): Promise<TpiReversal> =>
    (await callApi(requestTpiReversal, { body: { claim_id: claimId, reason: reason.trim() } })).reversal;

/** A note left empty is not sent: approving needs none, denying is refused without one (400 on `note`). */
export const decideReversal = async (reversalId: number, decision: ReversalDecision, note: string): Promise<TpiReversal> => {
    const trimmed = note.trim();
    const body = { reversal_id: reversalId, decision, ...(trimmed ? { note: trimmed } : {}) };
    return (await callApi(decideTpiReversal, { body })).reversal;
};
