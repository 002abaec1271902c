/**
 * One decision on one request. A decision is one write: the request row is locked, so of parallel
 * deciders one decides and the others get 409 `errors.request_decided`; the decider's roles are
 * read again under the group-roles lock (nobody approves with a role taken from them a moment
 * ago); the request is checked again against the data as it now stands, and the change is applied
 * with the decision (the kind's rules: kinds.ts).
 */
import { eq } from 'drizzle-orm';
import type { ApprovalKind, ApprovalRequest, ApprovalStatus } from '../../../contract/approvals';
import { approvalRequests } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { refreshDevices } from '../devices';
import { rolesHeldNowShared } from '../security';
import { imeiInUse } from './checks';
import { KINDS } from './kinds';
import { inReach, requestNotFound } from './reach';
import { readRequest } from './requests';

interface DecisionInput {
    request_id: number;
    decision: 'approve' | 'reject';
    note?: string | undefined;
}

/**
 * Decides one request of one of `kinds` (the call's), as the contract's header says: 404, 409
 * `errors.request_decided`, 403 `errors.own_request` and `errors.forbidden`, then the kind's own
 * refusal when the data changed, leaving the request pending.
 */
export const decide = async (
    context: CallContext,
    kinds: readonly ApprovalKind[],
    body: DecisionInput,
): Promise<{ request: ApprovalRequest }> => {
    const me = context.session?.admin.id ?? 0;
    // A device whose provider has answered is brought up to date first (outside the write, as every
    // reader of a device does), so the checks see its state as it is.
    const [glimpse] = await context.db
        .select({ kind: approvalRequests.kind, loanId: approvalRequests.loanId, status: approvalRequests.status })
        .from(approvalRequests)
        .where(eq(approvalRequests.id, body.request_id));
    if (glimpse?.status === 'pending' && glimpse.loanId !== null && body.decision === 'approve') {
        await refreshDevices(context, [glimpse.loanId]);
    }
    return context.write(
        async tx => {
            const [request] = await tx
                .select()
                .from(approvalRequests)
                .where(eq(approvalRequests.id, body.request_id))
                .for('update');
            if (!request || !kinds.includes(request.kind) || !inReach(context, request.storeId)) throw requestNotFound();
            if (request.status !== 'pending') {
                throw new HttpError(409, 'errors.request_decided', `This request was already ${request.status}`, 'request_id');
            }
            if (request.makerAdminId === me) {
                throw new HttpError(
                    403,
                    'errors.own_request',
                    'You made this request: another person must decide it',
                    'request_id',
                );
            }
            const rules = KINDS[request.kind];
            const held = await rolesHeldNowShared(tx, me);
            const needed = [rules.approveRole, ...(context.roleUsed ? [context.roleUsed] : [])];
            if (!needed.every(code => held.has(code))) {
                throw new HttpError(403, 'errors.forbidden', `Deciding this request needs ${needed.join(' and ')}`);
            }
            const approved = body.decision === 'approve';
            const applied = approved ? await rules.approve(tx, request, context) : await rules.reject(tx, request, context);
            const status: ApprovalStatus = approved ? 'approved' : 'rejected';
            const note = body.note ?? null;
            const decidedAt = context.now();
            await tx
                .update(approvalRequests)
                .set({ status, checkerAdminId: me, decisionNote: note, decidedAt })
                .where(eq(approvalRequests.id, request.id));
            return {
                result: { request: await readRequest(tx, request.id) },
                audit: [
                    {
                        action: `approval_requests.${request.kind}.${body.decision}`,
                        entity: 'approval_requests',
                        entityId: request.id,
                        before: { status: request.status, change: request.change },
                        after: { status, note, ...applied.after },
                    },
                    ...applied.audit,
                ],
            };
        },
        // Another loan took the new IMEI between the checks and the write.
        { conflicts: { loans_open_imei_key: () => imeiInUse() } },
    );
};
