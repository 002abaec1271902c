/**
 * The maker-checker engine (contract/approvals/): the requests a maker raises on a loan
 * (loanRequests.ts), the queues of requests for a checker (queues.ts), one decision per request
 * (decide.ts), and the menu badges. Every kind shares one lifecycle, `pending` → `approved` |
 * `rejected`; what differs per kind (roles, checks, effect) is in kinds.ts.
 *
 * Who sees which request is reach.ts; a request out of reach answers 404 like one that does not
 * exist.
 */
import { and, asc, count, eq } from 'drizzle-orm';
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
} from '../../../contract/approvals';
import { approvalRequests } from '../../db/schema';
import { mount } from '../../http';
import { decide } from './decide';
import { KINDS, othersClosedBy } from './kinds';
import { registerLoanRequestRoutes } from './loanRequests';
import { pagedQueue, queueRows } from './queues';
import { inReach, reachOf, requestNotFound } from './reach';
import { selectRequests, toApprovalRequest } from './requests';

export const registerApprovalRoutes = (app: FastifyInstance): void => {
    registerLoanRequestRoutes(app);

    mount(app, pendingLoanRemovalRequests, async ({ body }, context) => {
        const { rows, ...total } = await pagedQueue(context, ['deregistration'], body);
        return { pending_requests: rows, ...total };
    });
    mount(app, decideLoanRemoval, async ({ body }, context) => decide(context, ['deregistration'], body));

    mount(app, pendingImeiRequests, async ({ body }, context) => {
        const { rows, ...total } = await pagedQueue(context, ['imei_change'], body);
        return { pending_requests: rows, ...total };
    });
    mount(app, decideImeiChange, async ({ body }, context) => decide(context, ['imei_change'], body));

    mount(app, pendingTransferLoans, async ({ body }, context) => {
        const { rows, ...total } = await pagedQueue(context, ['loan_transfer'], body);
        return { data: rows, ...total };
    });
    mount(app, decideLoanTransfer, async ({ body }, context) => decide(context, ['loan_transfer'], body));

    mount(app, pendingMakerCheckerRequests, async ({ body }, context) => {
        const { rows, ...total } = await pagedQueue(context, body.kind ? [body.kind] : LOAN_APPROVAL_KINDS, body);
        return { pending_requests: rows, ...total };
    });
    mount(app, decideMakerChecker, async ({ body }, context) => decide(context, LOAN_APPROVAL_KINDS, body));

    // The whole answer is the page (the client asks one row more to learn whether another follows): nothing is counted.
    mount(app, listServiceTransactions, async ({ query }, context) =>
        queueRows(context, SERVICE_APPROVAL_KINDS, { ...query, sort: 'created_at' }, query.$limit, query.$skip),
    );
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
