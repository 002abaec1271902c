/**
 * The maker-checker rules as a queue shows them: which rows are the caller's own (no decision on
 * those), which the caller may decide (the queue's and the kind's `approve` gates), and which may
 * join a bulk decision (pending ones, in the pending view, by a holder of the queue's gate).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useGetList, useListContext, usePermissions, type Identifier } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { canAccessWith } from '../../authProvider/permissions';
import { useApprovalCounts } from '../../dataProvider/useApprovalCounts';
import { QUEUES } from '../../lib/approvalQueues';
import { cleanFilter, approveAction, type QueueName } from './calls';

/** The most own pending requests looked up to mark them (the largest page of the POST queues). */
const OWN_LOOKUP = 500;

/**
 * Which pending requests of the queue are the caller's own (the session knows no user id): asked
 * only when `wanted` and the counts say there are some.
 */
export const useOwnPending = (queue: QueueName, wanted: boolean): ReadonlySet<Identifier> => {
    const { data: counts } = useApprovalCounts(true);
    const { data: own } = useGetList<ApprovalRequest>(
        queue,
        {
            pagination: { page: 1, perPage: OWN_LOOKUP },
            sort: { field: 'created_at', order: 'DESC' },
            filter: { status: 'pending', mine: true },
        },
        { enabled: wanted && (counts?.mine ?? 0) > 0 },
    );
    return useMemo(() => new Set((own ?? []).map(request => request.id)), [own]);
};

export const useQueueRules = (queue: QueueName) => {
    const { permissions } = usePermissions<string[]>();
    const roles = useMemo(() => new Set(permissions ?? []), [permissions]);
    const { byMaker } = QUEUES[queue];
    const { data = [], filterValues, onUnselectItems } = useListContext<ApprovalRequest>();
    const filter = cleanFilter(filterValues);
    const status = filter.status ?? 'pending';
    const mine = filter.mine === true;

    const ownIds = useOwnPending(queue, byMaker && status === 'pending' && !mine);
    const isOwn = (request: ApprovalRequest) => request.status === 'pending' && byMaker && (mine || ownIds.has(request.id));
    const mayDecide = (request: ApprovalRequest) =>
        request.status === 'pending' &&
        !isOwn(request) &&
        canAccessWith(roles, { resource: queue, action: approveAction(queue, request.kind) });
    const canBulk = status === 'pending' && canAccessWith(roles, { resource: queue, action: 'approve' });
    const selectable = (request: ApprovalRequest) => canBulk && mayDecide(request);

    // The requests seen this visit, by id: a selection may span pages.
    const seen = useRef(new Map<Identifier, ApprovalRequest>());
    useEffect(() => {
        for (const request of data) seen.current.set(request.id, request);
    }, [data]);
    const rowsOf = (ids: readonly Identifier[]) =>
        ids.flatMap(id => {
            const request = seen.current.get(id) ?? data.find(row => row.id === id);
            return request && mayDecide(request) ? [request] : [];
        });

    // A selection belongs to one list: a new filter (or a new visit) starts without one.
    const unselect = useRef(onUnselectItems);
    useEffect(() => {
        unselect.current = onUnselectItems;
    }, [onUnselectItems]);
    const filterText = JSON.stringify(filterValues);
    useEffect(() => {
        unselect.current();
    }, [filterText]);

    return { status, mine, byMaker, isOwn, canBulk, selectable, rowsOf, unselect: () => unselect.current() };
};
