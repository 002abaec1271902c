/**
 * The queues: a page of the requests of some kinds in the caller's reach, filtered (status, days
 * created, shop, maker, the caller's own, a search) and sorted, with the count of every match.
 */
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { ApprovalKind, ApprovalRequest, ApprovalStatus } from '../../../contract/approvals';
import { approvalRequests } from '../../db/schema';
import type { CallContext } from '../../http';
import { totalCount } from '../../lists';
import { endOfDay, startOfDay } from '../../time';
import { reachOf } from './reach';
import { countMatching, countRequests, requestsMatching, selectRequests, toApprovalRequest } from './requests';

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
 * One page of a queue and the count of every match. Without a search, the page is chosen on
 * approval_requests alone (an index walk for the usual filters) and only its rows are joined,
 * and the count reads approval_requests alone. A search reads the joined names anyway: its page
 * carries the count of every match (a second query only past the end).
 */
export const queuePage = async (
    context: CallContext,
    kinds: readonly ApprovalKind[],
    filter: QueueInput,
    limit: number,
    offset: number,
): Promise<{ rows: ApprovalRequest[]; total: number }> => {
    const where = queueWhere(context, kinds, filter);
    const column = SORTS[filter.sort ?? 'created_at'];
    const direction = filter.order === 'asc' ? asc : desc;
    const order = [direction(column), direction(approvalRequests.id)];
    if (!filter.q) {
        const page = context.db
            .select({ id: approvalRequests.id })
            .from(approvalRequests)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset);
        const [rows, total] = await Promise.all([
            selectRequests(context.db)
                .where(inArray(approvalRequests.id, page))
                .orderBy(...order),
            countRequests(context.db, where),
        ]);
        return { rows: rows.map(toApprovalRequest), total };
    }
    const searched = and(where, requestsMatching(filter.q));
    const rows = await selectRequests(context.db, { total_count: totalCount })
        .where(searched)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    const total = rows[0]?.total_count ?? (offset === 0 ? 0 : await countMatching(context.db, searched));
    return { rows: rows.map(toApprovalRequest), total };
};

type PagedQueue = QueueInput & { page_number: number; page_size: number };

export const pagedQueue = (context: CallContext, kinds: readonly ApprovalKind[], body: PagedQueue) =>
    queuePage(context, kinds, body, body.page_size, (body.page_number - 1) * body.page_size);
