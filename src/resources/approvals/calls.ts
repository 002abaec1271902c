/**
 * The approvals queues (spec §2 "Approvals" group and "Deregistration requests") as react-admin
 * resources, each named by its route under /dashboard, and the menu badges' counts
 * (`approval-counts`, one record `'pending'`). react-admin's page, page size, sort and filter
 * become each call's `queueFilter` (the four POST queues) or `$limit`/`$skip` and its query (the v2
 * queue, whose whole answer is the page: the probe kind asks one row more to learn whether another
 * page follows, so one row is never "1-25 of 25").
 *
 * Who may decide in each queue is declared here too, from the contract's calls so a gate moves
 * with its call; screens ask `canAccess({ resource: <queue>, action })`. A queue's `list` is its
 * call's `access`; `approve` is its decision call's. The phone maker-checker queue (v1) decides
 * any loan request, but the server also wants the kind's own approving role (`APPROVE_ROLE_OF`),
 * so each kind has its gate there (`approve_<kind>`); so does the v2 queue, which decides agent
 * registrations (APPROVE_AGENT_REGISTRATION as well) and catalogue price cuts
 * (APPROVE_PRICE_CHANGE as well).
 */
import {
    APPROVAL_STATUSES,
    APPROVE_ROLE_OF,
    LOAN_APPROVAL_KINDS,
    approvalCounts,
    decideImeiChange,
    getApprovalRequest,
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
    type LoanApprovalKind,
    type QueueFilter,
} from '../../../contract/approvals';
import { roleAllows, type Access } from '../../../contract/define';
import {
    customList,
    defineResource,
    oneBy,
    pagedList,
    probedList,
    sortInput,
    type ListQuery,
    type ResourceDeclaration,
    type RolesRule,
} from '../../dataProvider/defineResource';
import { QUEUES, type QueueName } from '../../lib/approvalQueues';

/** Every one of these gates at once (a call's and a kind's). */
const allOf =
    (...gates: readonly Access[]): RolesRule =>
    roles =>
        gates.every(gate => roleAllows(gate, true, roles));

/** Who may decide in each queue (its list's gate is its list call's). */
const DECIDE = {
    deregistrations: { approve: decideLoanRemoval.access },
    imei_changes: { approve: decideImeiChange.access },
    transfer_loan_requests: { approve: decideLoanTransfer.access },
    mc_requests: {
        approve: decideMakerChecker.access,
        approve_deregistration: allOf(decideMakerChecker.access, APPROVE_ROLE_OF.deregistration),
        approve_imei_change: allOf(decideMakerChecker.access, APPROVE_ROLE_OF.imei_change),
        approve_loan_transfer: allOf(decideMakerChecker.access, APPROVE_ROLE_OF.loan_transfer),
    },
    mc_requests_v2: {
        approve: decideServiceTransaction.access,
        approve_agent_registration: allOf(decideServiceTransaction.access, APPROVE_ROLE_OF.agent_registration),
        approve_price_change: allOf(decideServiceTransaction.access, APPROVE_ROLE_OF.price_change),
    },
} as const satisfies Record<QueueName, Record<string, Access | RolesRule>>;

export type { QueueName };

/** The action that gates deciding a request of this kind in this queue. */
export const approveAction = (queue: QueueName, kind: ApprovalKind): string =>
    queue === 'mc_requests' || queue === 'mc_requests_v2' ? `approve_${kind}` : 'approve';

/** The POST queues take pages of up to 500 rows (`queueFilter`); an export walks them at that size. */
const LARGEST_QUEUE_PAGE = 500;
/** `$limit` of the v2 call (`paging` in contract/define.ts): one row of it is the probe. */
const LARGEST_V2_PAGE = 1000;
/** The columns the queues sort by on the server (`queueFilter.sort`). */
export const QUEUE_SORTS = ['created_at', 'decided_at', 'id'] as const;

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const idOf = (value: unknown): number | undefined => {
    const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The filters as a queue's list holds them (react-admin's filter form, the address). */
export interface QueueFilterValues {
    status?: (typeof APPROVAL_STATUSES)[number];
    from?: string;
    to?: string;
    store_id?: number;
    maker_id?: number;
    mine?: boolean;
    q?: string;
    /** The v1 queue: one kind of loan request, or all. */
    kind?: LoanApprovalKind;
}

/**
 * Only the filters the contract takes, in its types: a half-typed date, an empty search or a
 * status the address made up is left out (the call then answers its default, pending).
 */
export const cleanFilter = (filter: Record<string, unknown>): QueueFilterValues => {
    const q = typeof filter.q === 'string' ? filter.q.trim().slice(0, 64) : '';
    return {
        status: APPROVAL_STATUSES.find(status => status === filter.status),
        from: isDay(filter.from) ? filter.from : undefined,
        to: isDay(filter.to) ? filter.to : undefined,
        store_id: idOf(filter.store_id),
        maker_id: idOf(filter.maker_id),
        mine: filter.mine === true || filter.mine === 'true' ? true : undefined,
        q: q || undefined,
        kind: LOAN_APPROVAL_KINDS.find(kind => kind === filter.kind),
    };
};

/** A POST queue's filter and sort (without its page), newest first unless asked otherwise. */
const queueRequest = ({ filter, sort }: ListQuery): Omit<QueueFilter, 'page_number' | 'page_size'> => {
    const { kind: _kind, status = 'pending', ...rest } = cleanFilter(filter);
    const order = sortInput(sort, QUEUE_SORTS, { field: 'created_at', order: 'desc' });
    return { status, ...rest, ...order };
};

/**
 * One request of a queue (its row's own page, `/<queue>/:id/show`): read by its id, and found in
 * this queue only when it is of one of the queue's kinds. Shown to the holders of the queue's
 * list gate, though the call serves any view role of a kind.
 */
const requestOf = (queue: QueueName, list: { access: Access }) => ({
    one: oneBy(
        getApprovalRequest,
        id => ({ params: { id: String(id) } }),
        request => (QUEUES[queue].kinds.includes(request.kind) ? request : null),
    ),
    narrower: { show: list.access },
});

/** The badge counts as one record, `'pending'`: how many of each kind wait, and how many of the caller's own. */
const countsOne = oneBy(
    approvalCounts,
    () => ({}),
    answer => ({ id: 'pending', ...answer }),
);

export default {
    deregistrations: defineResource({
        list: pagedList(pendingLoanRemovalRequests, {
            rows: 'pending_requests',
            largestPage: LARGEST_QUEUE_PAGE,
            request: queueRequest,
        }),
        ...requestOf('deregistrations', pendingLoanRemovalRequests),
        actions: DECIDE.deregistrations,
    }),
    imei_changes: defineResource({
        list: pagedList(pendingImeiRequests, {
            rows: 'pending_requests',
            largestPage: LARGEST_QUEUE_PAGE,
            request: queueRequest,
        }),
        ...requestOf('imei_changes', pendingImeiRequests),
        actions: DECIDE.imei_changes,
    }),
    transfer_loan_requests: defineResource({
        list: pagedList(pendingTransferLoans, { rows: 'data', largestPage: LARGEST_QUEUE_PAGE, request: queueRequest }),
        ...requestOf('transfer_loan_requests', pendingTransferLoans),
        actions: DECIDE.transfer_loan_requests,
    }),
    mc_requests: defineResource({
        list: pagedList(pendingMakerCheckerRequests, {
            rows: 'pending_requests',
            largestPage: LARGEST_QUEUE_PAGE,
            request: query => ({ ...queueRequest(query), kind: cleanFilter(query.filter).kind }),
        }),
        ...requestOf('mc_requests', pendingMakerCheckerRequests),
        actions: DECIDE.mc_requests,
    }),
    mc_requests_v2: defineResource({
        // No maker filter (agents register themselves) and one sort, by when the request was made.
        list: probedList(listServiceTransactions, {
            largestPage: LARGEST_V2_PAGE,
            request: ({ filter, sort }) => {
                const { status, from, to, store_id, q } = cleanFilter(filter);
                return {
                    status: status ?? 'pending',
                    from,
                    to,
                    store_id: store_id === undefined ? undefined : String(store_id),
                    q,
                    order: sortInput(sort, ['created_at'], { field: 'created_at', order: 'desc' }).order,
                };
            },
        }),
        ...requestOf('mc_requests_v2', listServiceTransactions),
        actions: DECIDE.mc_requests_v2,
    }),
    /** The pending counts behind the menu's badges: one record, `'pending'`, read with `useGetOne`. */
    'approval-counts': defineResource({
        list: customList({
            access: approvalCounts.access,
            largestPage: 1,
            fetch: async (_query, signal) => {
                const counts = await countsOne.fetch('pending', signal);
                return { data: counts ? [counts] : [], total: counts ? 1 : 0 };
            },
        }),
        one: countsOne,
    }),
} satisfies Record<string, ResourceDeclaration>;
