/**
 * The approvals calls (contract/approvals.ts) the queue screens make, typed by the contract: each
 * queue's page in the shape its call answers (`pending_requests`, `data`, or the whole body for
 * v2), one decision per call, every page of a filtered list for an export, and the badge counts.
 */
import {
    approvalCounts,
    decideImeiChange,
    decideLoanRemoval,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    LOAN_APPROVAL_KINDS,
    SERVICE_APPROVAL_KINDS,
    listServiceTransactions,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    pendingMakerCheckerRequests,
    pendingTransferLoans,
    requestsClosedByApproval,
    APPROVAL_STATUSES,
    type ApprovalKind,
    type ApprovalRequest,
    type ApprovalStatus,
    type LoanApprovalKind,
    type QueueFilter,
} from '../../../contract/approvals';
import { callApi } from '../../lib/portalApi';
import type { PageAnswer } from '../stores/pagedList';
import type { QueueName } from './gates';

/** What each queue holds and whether it takes the maker, "mine" and sort filters (v2 does not). */
export const QUEUES: Readonly<Record<QueueName, { kinds: readonly ApprovalKind[]; byMaker: boolean }>> = {
    deregistrations: { kinds: ['deregistration'], byMaker: true },
    imei_changes: { kinds: ['imei_change'], byMaker: true },
    transfer_loan_requests: { kinds: ['loan_transfer'], byMaker: true },
    mc_requests: { kinds: LOAN_APPROVAL_KINDS, byMaker: true },
    mc_requests_v2: { kinds: SERVICE_APPROVAL_KINDS, byMaker: false },
};

/** The POST queues take pages of up to 500 rows (`queueFilter`); an export walks them at that size. */
export const EXPORT_PAGE_SIZE = 500;
export const QUEUE_SORTS = ['created_at', 'decided_at', 'id'] as const;

/** Everything cached about approvals sits under this key: a decision refreshes all of it at once. */
export const approvalsKey = ['approvals'] as const;
export const queueKey = (queue: QueueName) => [...approvalsKey, queue] as const;
export const countsKey = [...approvalsKey, 'counts'] as const;
export const closedByApprovalKey = (id: number) => [...approvalsKey, 'closed-by', id] as const;

/** The filters as the list holds them (react-admin's filter form). */
export interface QueueFilterValues {
    status?: ApprovalStatus;
    from?: string;
    to?: string;
    store_id?: number;
    maker_id?: number;
    mine?: boolean;
    q?: string;
    /** The v1 queue: one kind of loan request, or all. */
    kind?: LoanApprovalKind;
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** Only the filters the contract takes, in its types: a half-typed date or an empty search is left out. */
export const cleanFilter = (filter: Record<string, unknown>): QueueFilterValues => {
    const q = typeof filter.q === 'string' ? filter.q.trim().slice(0, 64) : '';
    return {
        status: APPROVAL_STATUSES.find(status => status === filter.status),
        from: isDay(filter.from) ? filter.from : undefined,
        to: isDay(filter.to) ? filter.to : undefined,
        store_id: isId(filter.store_id) ? filter.store_id : undefined,
        maker_id: isId(filter.maker_id) ? filter.maker_id : undefined,
        mine: filter.mine === true ? true : undefined,
        q: q || undefined,
        kind: LOAN_APPROVAL_KINDS.find(kind => kind === filter.kind),
    };
};

export interface QueueRequest {
    page: number;
    perPage: number;
    filter: QueueFilterValues;
    sort?: { field: string; order: 'ASC' | 'DESC' };
    signal?: AbortSignal;
}

const bodyOf = ({ page, perPage, filter, sort }: QueueRequest): QueueFilter => {
    const { kind: _kind, ...rest } = filter;
    return {
        ...rest,
        sort: QUEUE_SORTS.find(field => field === sort?.field) ?? 'created_at',
        order: sort?.order === 'ASC' ? 'asc' : 'desc',
        page_number: page,
        page_size: perPage,
    };
};

/** One page of a queue: its rows and the whole list's count, or (v2) whether another page follows. */
export const fetchQueuePage = async (queue: QueueName, request: QueueRequest): Promise<PageAnswer<ApprovalRequest>> => {
    const { signal } = request;
    switch (queue) {
        case 'deregistrations': {
            const answer = await callApi(pendingLoanRemovalRequests, { body: bodyOf(request) }, { signal });
            return { data: answer.pending_requests, total: answer.total_items };
        }
        case 'imei_changes': {
            const answer = await callApi(pendingImeiRequests, { body: bodyOf(request) }, { signal });
            return { data: answer.pending_requests, total: answer.total_items };
        }
        case 'transfer_loan_requests': {
            const answer = await callApi(pendingTransferLoans, { body: bodyOf(request) }, { signal });
            return { data: answer.data, total: answer.total_items };
        }
        case 'mc_requests': {
            const body = { ...bodyOf(request), kind: request.filter.kind };
            const answer = await callApi(pendingMakerCheckerRequests, { body }, { signal });
            return { data: answer.pending_requests, total: answer.total_items };
        }
        case 'mc_requests_v2': {
            // The whole answer is the page: one more row than asked says that another page follows.
            const { page, perPage, filter, sort } = request;
            const answer = await callApi(
                listServiceTransactions,
                {
                    query: {
                        $limit: perPage + 1,
                        $skip: (page - 1) * perPage,
                        status: filter.status,
                        from: filter.from,
                        to: filter.to,
                        store_id: filter.store_id === undefined ? undefined : String(filter.store_id),
                        q: filter.q,
                        order: sort?.order === 'ASC' ? 'asc' : 'desc',
                    },
                },
                { signal },
            );
            return { data: answer.slice(0, perPage), hasNextPage: answer.length > perPage };
        }
    }
};

/**
 * Every request of a filtered queue, page after page at the largest page the call takes: an
 * export has no row cap. `onProgress` hears how many have come so far.
 */
export const fetchWholeQueue = async (
    queue: QueueName,
    filter: QueueFilterValues,
    sort: QueueRequest['sort'],
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (rows: number) => void } = {},
): Promise<ApprovalRequest[]> => {
    const rows: ApprovalRequest[] = [];
    for (let page = 1; ; page++) {
        const answer = await fetchQueuePage(queue, { page, perPage: EXPORT_PAGE_SIZE, filter, sort, signal });
        rows.push(...answer.data);
        onProgress?.(rows.length);
        const more = answer.total === undefined ? answer.hasNextPage : rows.length < answer.total && answer.data.length > 0;
        if (!more) return rows;
    }
};

export type Decision = 'approve' | 'reject';

/** One decision on one request, through the queue's own call; answers the request as it now stands. */
export const decide = async (
    queue: QueueName,
    request: ApprovalRequest,
    decision: Decision,
    note: string,
): Promise<ApprovalRequest> => {
    const trimmed = note.trim();
    const body = { request_id: request.id, decision, ...(trimmed ? { note: trimmed } : {}) };
    const call = {
        deregistrations: decideLoanRemoval,
        imei_changes: decideImeiChange,
        transfer_loan_requests: decideLoanTransfer,
        mc_requests: decideMakerChecker,
        mc_requests_v2: decideServiceTransaction,
    }[queue];
    return (await callApi(call, { body })).request;
};

export const fetchCounts = (signal?: AbortSignal) => callApi(approvalCounts, {}, { signal });

/**
 * The other pending requests approving this one would close (a deregistration's, on its loan):
 * those the caller may view, and how many more of kinds they may not.
 */
export const fetchClosedByApproval = async (
    requestId: number,
    signal?: AbortSignal,
): Promise<{ requests: ApprovalRequest[]; hidden: number }> =>
    callApi(requestsClosedByApproval, { body: { request_id: requestId } }, { signal });
