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
import { requestsMatching, selectRequests, toApprovalRequest } from './requests';

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

/** A queue's conditions on approval_requests alone: its filters, and a search (requests.ts `requestsMatching`). */
const queueMatching = async (
    context: CallContext,
    kinds: readonly ApprovalKind[],
    filter: QueueInput,
): Promise<SQL | undefined> =>
    and(queueWhere(context, kinds, filter), filter.q ? await requestsMatching(context.db, filter.q) : undefined);

/** A page of the requests matching `where`, chosen on approval_requests alone and only then joined. */
const pageOfRequests = async (
    context: CallContext,
    where: SQL | undefined,
    filter: QueueInput,
    limit: number,
    offset: number,
): Promise<ApprovalRequest[]> => {
    const column = SORTS[filter.sort ?? 'created_at'];
    const direction = filter.order === 'asc' ? asc : desc;
    const order = [direction(column), direction(approvalRequests.id)];
    const rows = await selectRequests(context.db)
        .where(idsOfPage(context.db, approvalRequests.id, approvalRequests, { where, order, limit, offset }))
        .orderBy(...order);
    return rows.map(toApprovalRequest);
};

/**
 * One page of a queue's rows, without a count: the page is chosen on approval_requests alone (an
 * index walk for the usual filters; a search's requests looked up by what it names) and only its
 * rows are joined.
 */
export const queueRows = async (
    context: CallContext,
    kinds: readonly ApprovalKind[],
    filter: QueueInput,
    limit: number,
    offset: number,
): Promise<ApprovalRequest[]> => pageOfRequests(context, await queueMatching(context, kinds, filter), filter, limit, offset);

type PagedQueue = QueueInput & { page_number: number; page_size: number };

/**
 * One page of a queue and an honest total (lists.ts largePageRows): the page read with one row
 * more, the matches counted up to EXACT_COUNT_UP_TO, past it the planner's estimate with
 * `estimated: true`. What is counted reads approval_requests alone.
 */
export const pagedQueue = async (context: CallContext, kinds: readonly ApprovalKind[], body: PagedQueue) => {
    const where = await queueMatching(context, kinds, body);
    return largePageRows(
        context.db,
        { limit: body.page_size, offset: (body.page_number - 1) * body.page_size },
        (limit, offset) => pageOfRequests(context, where, body, limit, offset),
        { table: approvalRequests, where },
    );
};
