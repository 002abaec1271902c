/**
 * The maker-checker engine (contract/approvals.ts): the queues of requests for a checker, one
 * decision per request, and the menu badges. Every kind shares one lifecycle, `pending` →
 * `approved` | `rejected`; what differs per kind (roles, checks, effect) is in kinds.ts.
 *
 * A decision is one write: the request row is locked, so of parallel deciders one decides and the
 * others get 409 `errors.request_decided`; the decider's roles are read again under the
 * group-roles lock (nobody approves with a role taken from them a moment ago); the request is
 * checked again against the data as it now stands, and the change is applied with the decision.
 *
 * Reach: a caller without a shop sees every request; one attached to a shop sees the requests on
 * loans sold there and the registrations to it, and no price change (the catalogue is every
 * shop's, so its requests have no shop). A request out of reach answers 404 like one that does
 * not exist.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    APPROVAL_KINDS,
    LOAN_APPROVAL_KINDS,
    SERVICE_APPROVAL_KINDS,
    approvalCounts,
    decideImeiChange,
    decideLoanRemoval,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    getApprovalRequest,
    listServiceTransactions,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    pendingMakerCheckerRequests,
    pendingTransferLoans,
    requestsClosedByApproval,
    type ApprovalKind,
    type ApprovalRequest,
    type ApprovalStatus,
} from '../../../contract/approvals';
import { approvalRequests } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { refreshDevices } from '../customers/devices';
import { imeiInUse } from './checks';
import { endOfDay, startOfDay } from './dates';
import { KINDS, othersClosedBy } from './kinds';
import { countMatching, countRequests, readRequest, requestsMatching, selectRequests, toApprovalRequest } from './requests';
import { totalCount } from '../../lists';
import { rolesHeldNowShared } from '../security';

const requestNotFound = () =>
    new HttpError(404, 'errors.request_not_found', 'This request was not found, or it is not one you may see', 'request_id');

/** The requests a caller may see, as a condition on approval_requests (undefined: every one). */
const reachOf = (context: Pick<CallContext, 'session'>): SQL | undefined => {
    const shop = context.session?.admin.storeId ?? null;
    return shop === null ? undefined : eq(approvalRequests.storeId, shop);
};

const inReach = (context: Pick<CallContext, 'session'>, storeId: number | null) => {
    const shop = context.session?.admin.storeId ?? null;
    return shop === null || storeId === shop;
};

// ---------------------------------------------------------------------------------------------
// Decisions

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
const decide = async (
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

// ---------------------------------------------------------------------------------------------
// Queues

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
const queuePage = async (
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

const pagedQueue = (context: CallContext, kinds: readonly ApprovalKind[], body: PagedQueue) =>
    queuePage(context, kinds, body, body.page_size, (body.page_number - 1) * body.page_size);

// ---------------------------------------------------------------------------------------------
// Routes

export const registerApprovalRoutes = (app: FastifyInstance): void => {
    mount(app, pendingLoanRemovalRequests, async ({ body }, context) => {
        const { rows, total } = await pagedQueue(context, ['deregistration'], body);
        return { pending_requests: rows, total_items: total };
    });
    mount(app, decideLoanRemoval, async ({ body }, context) => decide(context, ['deregistration'], body));

    mount(app, pendingImeiRequests, async ({ body }, context) => {
        const { rows, total } = await pagedQueue(context, ['imei_change'], body);
        return { pending_requests: rows, total_items: total };
    });
    mount(app, decideImeiChange, async ({ body }, context) => decide(context, ['imei_change'], body));

    mount(app, pendingTransferLoans, async ({ body }, context) => {
        const { rows, total } = await pagedQueue(context, ['loan_transfer'], body);
        return { data: rows, total_items: total };
    });
    mount(app, decideLoanTransfer, async ({ body }, context) => decide(context, ['loan_transfer'], body));

    mount(app, pendingMakerCheckerRequests, async ({ body }, context) => {
        const { rows, total } = await pagedQueue(context, body.kind ? [body.kind] : LOAN_APPROVAL_KINDS, body);
        return { pending_requests: rows, total_items: total };
    });
    mount(app, decideMakerChecker, async ({ body }, context) => decide(context, LOAN_APPROVAL_KINDS, body));

    mount(app, listServiceTransactions, async ({ query }, context) => {
        const { rows } = await queuePage(
            context,
            SERVICE_APPROVAL_KINDS,
            { ...query, store_id: query.store_id, sort: 'created_at' },
            query.$limit,
            query.$skip,
        );
        return rows;
    });
    mount(app, decideServiceTransaction, async ({ body }, context) => decide(context, SERVICE_APPROVAL_KINDS, body));

    mount(app, requestsClosedByApproval, async ({ body }, context) => {
        const [request] = await context.db.select().from(approvalRequests).where(eq(approvalRequests.id, body.request_id));
        // Each kind has its own view role (a holder of VIEW_DEREGISTRATIONS alone reads no IMEI
        // change or transfer): the request asked about, and each named, is of a kind the caller may view.
        const mayView = (kind: ApprovalKind) => context.roles.has(KINDS[kind].viewRole);
        if (!request || !inReach(context, request.storeId) || !mayView(request.kind)) throw requestNotFound();
        if (request.status !== 'pending') return { requests: [], hidden: 0 };
        const rows = await selectRequests(context.db).where(othersClosedBy(request)).orderBy(asc(approvalRequests.id));
        const shown = rows.filter(row => mayView(row.request.kind));
        return { requests: shown.map(toApprovalRequest), hidden: rows.length - shown.length };
    });

    mount(app, getApprovalRequest, async ({ params }, context) => {
        const [row] = await selectRequests(context.db).where(eq(approvalRequests.id, Number(params.id)));
        // The kind's own view role, or the phone maker-checker role, whose v1 and v2 queues list every kind.
        const mayView = (kind: ApprovalKind) =>
            context.roles.has(KINDS[kind].viewRole) || context.roles.has('VIEW_MAKER_CHECKER_REQUESTS');
        if (!row || !inReach(context, row.request.storeId) || !mayView(row.request.kind)) throw requestNotFound();
        return toApprovalRequest(row);
    });

    mount(app, approvalCounts, async (_input, context) => {
        const me = context.session?.admin.id ?? 0;
        const rows = await context.db
            .select({ kind: approvalRequests.kind, value: count() })
            .from(approvalRequests)
            .where(and(eq(approvalRequests.status, 'pending'), reachOf(context)))
            .groupBy(approvalRequests.kind);
        const [mine] = await context.db
            .select({ value: count() })
            .from(approvalRequests)
            .where(and(eq(approvalRequests.status, 'pending'), eq(approvalRequests.makerAdminId, me)));
        const counts = Object.fromEntries(
            APPROVAL_KINDS.map(kind => [
                kind,
                context.roles.has(KINDS[kind].viewRole) ? (rows.find(row => row.kind === kind)?.value ?? 0) : 0,
            ]),
        ) as Record<ApprovalKind, number>;
        return { ...counts, mine: mine?.value ?? 0 };
    });
};
