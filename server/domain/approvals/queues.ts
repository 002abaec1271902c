/**
 * The queues: a page of the requests of some kinds in the caller's reach, filtered (status, days
 * created, shop, maker, the caller's own, a search) and sorted, with an honest total.
 */
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { ApprovalKind, ApprovalRequest, ApprovalStatus } from '../../../contract/approvals';
import { approvalRequests } from '../../db/schema';
import type { CallContext } from '../../http';
import { idsOfPage, largePageRows } from '../../lists';
import { endOfDay, startOfDay } from '../../time';
import { reachOf } from './reach';
import { requestsCounted, requestsMatching, selectRequests, toApprovalRequest } from './requests';

interface QueueInput {
    status: ApprovalStatus;
    from?: string | undefined;
    to?: string | undefined;
    store_id?: number | undefined;
    maker_id?: number | undefined;
    mine?: boolean | undefined;
    q?: string | undefined;
    sort?: 'created_at' | 'decided_at' | 'id';
    order: 'asc' | 'desc';
}

const SORTS = {
    created_at: approvalRequests.createdAt,
    decided_at: approvalRequests.decidedAt,
    id: approvalRequests.id,
};

/** The conditions of a queue on approval_requests' own columns (all but the search). */
const queueWhere = (context: CallContext, kinds: readonly ApprovalKind[], filter: QueueInput): SQL | undefined =>
    and(
        kinds.length === 1 ? eq(approvalRequests.kind, kinds[0] ?? 'deregistration') : inArray(approvalRequests.kind, [...kinds]),
        eq(approvalRequests.status, filter.status),
        reachOf(context),
        filter.from ? gte(approvalRequests.createdAt, startOfDay(filter.from)) : undefined,
        filter.to ? lt(approvalRequests.createdAt, endOfDay(filter.to)) : undefined,
        filter.store_id !== undefined ? eq(approvalRequests.storeId, filter.store_id) : undefined,
        filter.maker_id !== undefined ? eq(approvalRequests.makerAdminId, filter.maker_id) : undefined,
        filter.mine ? eq(approvalRequests.makerAdminId, context.session?.admin.id ?? 0) : undefined,
    );

/**
 * One page of a queue's rows, without a count. Without a search, the page is chosen on
 * approval_requests alone (an index walk for the usual filters) and only its rows are joined; a
 * search reads the joined names.
 */
export const queueRows = async (
    context: CallContext,
    kinds: readonly ApprovalKind[],
    filter: QueueInput,
    limit: number,
    offset: number,
): Promise<ApprovalRequest[]> => {
    const where = queueWhere(context, kinds, filter);
    const column = SORTS[filter.sort ?? 'created_at'];
    const direction = filter.order === 'asc' ? asc : desc;
    const order = [direction(column), direction(approvalRequests.id)];
    const rows = filter.q
        ? await selectRequests(context.db)
              .where(and(where, requestsMatching(filter.q)))
              .orderBy(...order)
              .limit(limit)
              .offset(offset)
        : await selectRequests(context.db)
              .where(idsOfPage(context.db, approvalRequests.id, approvalRequests, { where, order, limit, offset }))
              .orderBy(...order);
    return rows.map(toApprovalRequest);
};

type PagedQueue = QueueInput & { page_number: number; page_size: number };

/**
 * One page of a queue and an honest total (lists.ts largePageRows): the page read with one row
 * more, the matches counted up to EXACT_COUNT_UP_TO, past it the planner's estimate with
 * `estimated: true`. What is counted reads approval_requests alone unless there is a search.
 */
export const pagedQueue = (context: CallContext, kinds: readonly ApprovalKind[], body: PagedQueue) =>
    largePageRows(
        context.db,
        { limit: body.page_size, offset: (body.page_number - 1) * body.page_size },
        (limit, offset) => queueRows(context, kinds, body, limit, offset),
        {
            rows: requestsCounted(
                context.db,
                and(queueWhere(context, kinds, body), body.q ? requestsMatching(body.q) : undefined),
                Boolean(body.q),
            ),
        },
    );
