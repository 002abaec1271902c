/**
 * Requests for a checker as the contract shows them (contract/approvals/request.ts
 * `approvalRequest`), and how they are recorded: loan requests by a maker (loanRequests.ts), agent
 * registrations by the agent themself (server/domain/registration).
 *
 * At most one request of a kind waits per loan or agent: the partial unique index
 * `approval_requests_one_pending_key` on (kind, entity_key) keeps it so even for two makers at the
 * same instant, and its violation is the 409 `errors.request_pending`.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalRequest, LoanApprovalKind } from '../../../contract/approvals';
import type { Queryable, Transaction } from '../../db';
import { admins, approvalRequests, customers, loans, stores } from '../../db/schema';
import { HttpError } from '../../http';
import type { Searched } from '../../lists';
import { iso } from '../../wire';
import type { AuditEntry } from '../../write';
import { customersFound, loansByReference, searchFor, searchOn, staffFound, type Search } from '../records';

export type RequestRow = typeof approvalRequests.$inferSelect;

export const requestPending = () =>
    new HttpError(
        409,
        'errors.request_pending',
        'A request of this kind is already waiting for approval for this loan',
        'loan_reference',
    );

/** The unique index that keeps one pending request of a kind per loan or agent, and its 409. */
export const PENDING_CONFLICTS = { approval_requests_one_pending_key: requestPending } as const;

const maker = alias(admins, 'maker');
const checker = alias(admins, 'checker');
const subject = alias(admins, 'subject');

const requestFields = {
    request: approvalRequests,
    loanReference: loans.loanReference,
    customerMsisdn: customers.msisdn,
    customerFirst: customers.firstName,
    customerLast: customers.lastName,
    subjectMsisdn: subject.msisdn,
    subjectFirst: subject.firstName,
    subjectLast: subject.lastName,
    storeName: stores.name,
    makerFirst: maker.firstName,
    makerLast: maker.lastName,
    checkerFirst: checker.firstName,
    checkerLast: checker.lastName,
};

/** Requests with what the answer names: loan, customer or agent, shop, maker and checker. */
export const selectRequests = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...requestFields, ...(extra as Extra) })
        .from(approvalRequests)
        .innerJoin(maker, eq(maker.id, approvalRequests.makerAdminId))
        .leftJoin(loans, eq(loans.id, approvalRequests.loanId))
        .leftJoin(customers, eq(customers.id, approvalRequests.customerId))
        .leftJoin(subject, eq(subject.id, approvalRequests.subjectAdminId))
        .leftJoin(stores, eq(stores.id, approvalRequests.storeId))
        .leftJoin(checker, eq(checker.id, approvalRequests.checkerAdminId));

/**
 * Requests whose loan reference, phone number or name (the customer's, or the registering
 * agent's, with their username, or a price change's phone model and SKU) contains `text`: a
 * condition on approval_requests alone, each path from an index (records/search.ts), so a
 * searched queue is chosen and counted on the requests alone, as an unsearched one is.
 */
export const requestsSearched = (db: Queryable, search: Search): Searched => ({
    table: approvalRequests,
    id: approvalRequests.id,
    paths: [
        // The loan by its reference alone: its customer is the request's own (customer_id).
        { column: approvalRequests.loanId, found: loansByReference(db, search) },
        { column: approvalRequests.customerId, found: customersFound(db, search) },
        { column: approvalRequests.subjectAdminId, found: staffFound(db, search) },
        // Only a price change names a phone model (the table's check); there are few.
        {
            where: and(
                eq(approvalRequests.kind, 'price_change'),
                or(
                    ilike(sql`${approvalRequests.change}->>'model'`, search.pattern),
                    ilike(sql`${approvalRequests.change}->>'sku'`, search.pattern),
                ),
            ),
        },
    ],
});

/** The search as a condition on approval_requests alone (lists.ts `searchedThrough`). */
export const requestsMatching = (db: Queryable, text: string): Promise<SQL> => searchOn(db, searchFor(text), requestsSearched);

type SelectedRequest = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export const toApprovalRequest = (row: SelectedRequest): ApprovalRequest => {
    const { request } = row;
    const onLoan = request.loanId !== null;
    // A price change concerns a phone model, named in its change; it has no phone number.
    const onModel = request.phoneModelId !== null;
    return {
        id: request.id,
        kind: request.kind,
        status: request.status,
        loan_reference: row.loanReference,
        msisdn: (onLoan ? row.customerMsisdn : row.subjectMsisdn) ?? '',
        subject: onLoan
            ? fullName(row.customerFirst, row.customerLast)
            : onModel
              ? (request.change.model ?? '')
              : fullName(row.subjectFirst, row.subjectLast),
        store: request.storeId !== null && row.storeName !== null ? { id: request.storeId, name: row.storeName } : null,
        reason: request.reason,
        change: request.change,
        maker: { id: request.makerAdminId, name: fullName(row.makerFirst, row.makerLast) },
        created_at: iso(request.createdAt),
        checker:
            request.checkerAdminId !== null
                ? { id: request.checkerAdminId, name: fullName(row.checkerFirst, row.checkerLast) }
                : null,
        decision_note: request.decisionNote,
        decided_at: request.decidedAt ? iso(request.decidedAt) : null,
    };
};

/** One request as answered, read through `db` (inside a write, its transaction). */
export const readRequest = async (db: Queryable, id: number): Promise<ApprovalRequest> => {
    const [row] = await selectRequests(db).where(eq(approvalRequests.id, id));
    if (!row) throw new Error(`Request ${id} could not be read back`);
    return toApprovalRequest(row);
};

/** The pending requests on these loans, oldest first, in one query (the pending-loan index). */
export const pendingRequestsOfLoans = async (db: Queryable, loanIds: readonly number[]): Promise<ApprovalRequest[]> => {
    if (loanIds.length === 0) return [];
    const rows = await selectRequests(db)
        .where(and(inArray(approvalRequests.loanId, [...loanIds]), eq(approvalRequests.status, 'pending')))
        .orderBy(asc(approvalRequests.id));
    return rows.map(toApprovalRequest);
};

/**
 * Records a maker's request on a loan whose checks have passed (inside the write that ran them).
 * A second pending one of the kind for the loan is refused by the unique index: pass
 * PENDING_CONFLICTS to the write.
 */
export const insertLoanRequest = async (
    tx: Transaction,
    values: {
        kind: LoanApprovalKind;
        loan: { id: number; customerId: number; storeId: number | null; loanReference: string };
        change: Record<string, string>;
        reason: string;
        makerAdminId: number;
        now: Date;
    },
): Promise<{ id: number; audit: AuditEntry }> => {
    const [created] = await tx
        .insert(approvalRequests)
        .values({
            kind: values.kind,
            loanId: values.loan.id,
            customerId: values.loan.customerId,
            storeId: values.loan.storeId,
            change: values.change,
            reason: values.reason,
            makerAdminId: values.makerAdminId,
            createdAt: values.now,
        })
        .returning({ id: approvalRequests.id });
    if (!created) throw new Error('The new request could not be read back');
    return {
        id: created.id,
        audit: {
            action: `approval_requests.${values.kind}.request`,
            entity: 'approval_requests',
            entityId: created.id,
            after: {
                kind: values.kind,
                loan_reference: values.loan.loanReference,
                change: values.change,
                reason: values.reason,
            },
        },
    };
};

export const AGENT_REGISTRATION_REASON = 'Agent self-registration';

/**
 * An agent's self-registration waiting for a checker: made by the agent (so they can never decide
 * it), for the shop they chose. Called in the registration's transaction.
 */
export const insertAgentRegistration = async (
    tx: Transaction,
    agent: { id: number; username: string; storeId: number | null },
    now: Date,
): Promise<AuditEntry> => {
    const [store] =
        agent.storeId === null ? [] : await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, agent.storeId));
    const change = { username: agent.username, store_name: store?.name ?? '' };
    const [created] = await tx
        .insert(approvalRequests)
        .values({
            kind: 'agent_registration',
            subjectAdminId: agent.id,
            storeId: agent.storeId,
            change,
            reason: AGENT_REGISTRATION_REASON,
            makerAdminId: agent.id,
            createdAt: now,
        })
        .returning({ id: approvalRequests.id });
    if (!created) throw new Error('The registration request could not be read back');
    return {
        actorAdminId: agent.id,
        action: 'approval_requests.agent_registration.request',
        entity: 'approval_requests',
        entityId: created.id,
        after: { kind: 'agent_registration', change, reason: AGENT_REGISTRATION_REASON },
    };
};
