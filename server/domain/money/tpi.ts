/**
 * Third-party insurance (contract/money.ts "Third-party insurance"): the claims the insurer paid
 * or refused, and the reversal of a paid one, asked for by a maker and decided by someone else
 * (maker-checker, as server/domain/approvals/index.ts `decide`).
 *
 * One reversal waits per claim: asking locks the claim's row and looks for a pending one, and the
 * partial unique index `tpi_reversals_one_pending_key` keeps it so whatever happens at the same
 * time (409 `errors.request_pending`). A decision locks the reversal, so of parallel deciders one
 * decides and the others get 409 `errors.request_decided`; approving locks the claim and its loan,
 * records the `reversal` payment and raises the balance by the claim's amount, once.
 *
 * Reach (reach.ts): a caller attached to a shop sees and acts on the claims of its shop's loans
 * and their reversals only; another shop's claim answers 404 `errors.claim_not_found`, its
 * reversal `errors.request_not_found`, before anything else is said about it.
 */
import { and, asc, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { CURRENCY } from '../../../contract/customers';
import {
    decideTpiReversal,
    failedTpiClaims,
    requestedTpiReversals,
    requestTpiReversal,
    successfulTpiClaims,
    type TpiClaim,
    type TpiReversal,
} from '../../../contract/money';
import type { Queryable } from '../../db';
import { admins, customers, loans, tpiClaims, tpiReversals, transactions } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { containing } from '../../lists';
import { cents, iso } from '../../wire';
import type { AuditEntry } from '../../write';
import { endOfDay, startOfDay } from '../approvals/dates';
import { reopensPaidOff } from '../customers/lifecycles';
import { rolesHeldNowShared } from '../security';
import { fullName, pageWindow, totalCount, withTotal } from './present';
import { reachOf } from './reach';

/** The role a checker holds to decide a reversal, read again when they decide. */
export const APPROVE_REVERSAL = 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE';

/** The reference of the payment an approved reversal records on the loan. */
export const reversalReference = (claimId: number) => `TPI-REV-${claimId}`;

const claimNotFound = () => new HttpError(404, 'errors.claim_not_found', 'There is no such insurance claim', 'claim_id');

const claimNotReversible = (field: string) =>
    new HttpError(
        409,
        'errors.claim_not_reversible',
        'Only a successful claim that has not been reversed can be reversed',
        field,
    );

const requestPending = () =>
    new HttpError(409, 'errors.request_pending', 'A reversal of this claim is already waiting for a checker', 'claim_id');

const requestNotFound = () => new HttpError(404, 'errors.request_not_found', 'There is no such reversal request', 'reversal_id');

// ---------------------------------------------------------------------------------------------
// Reading claims and reversals

/** The claim's waiting reversal, if any (at most one: the partial unique index). */
const pendingReversal = alias(tpiReversals, 'pending_reversal');
const maker = alias(admins, 'maker');
const checker = alias(admins, 'checker');

const claimFields = {
    claim: tpiClaims,
    loanReference: loans.loanReference,
    msisdn: customers.msisdn,
    customerFirst: customers.firstName,
    customerLast: customers.lastName,
    customerPublicId: customers.publicId,
    pendingReversalId: pendingReversal.id,
};

const selectClaims = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...claimFields, ...(extra as Extra) })
        .from(tpiClaims)
        .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .leftJoin(pendingReversal, and(eq(pendingReversal.claimId, tpiClaims.id), eq(pendingReversal.status, 'pending')));

const selectReversals = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({
            reversal: tpiReversals,
            ...claimFields,
            makerFirst: maker.firstName,
            makerLast: maker.lastName,
            checkerFirst: checker.firstName,
            checkerLast: checker.lastName,
            ...(extra as Extra),
        })
        .from(tpiReversals)
        .innerJoin(tpiClaims, eq(tpiClaims.id, tpiReversals.claimId))
        .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .leftJoin(pendingReversal, and(eq(pendingReversal.claimId, tpiClaims.id), eq(pendingReversal.status, 'pending')))
        .innerJoin(maker, eq(maker.id, tpiReversals.makerAdminId))
        .leftJoin(checker, eq(checker.id, tpiReversals.checkerAdminId));

type ClaimRow = {
    claim: typeof tpiClaims.$inferSelect;
    loanReference: string;
    msisdn: string;
    customerFirst: string;
    customerLast: string;
    customerPublicId: string;
    pendingReversalId: number | null;
};

const toClaim = (row: ClaimRow): TpiClaim => ({
    id: row.claim.id,
    loan_reference: row.loanReference,
    msisdn: row.msisdn,
    customer_name: fullName(row.customerFirst, row.customerLast),
    customer_public_id: row.customerPublicId,
    insurer: row.claim.insurer,
    insurer_reference: row.claim.insurerReference,
    amount: row.claim.amount,
    currency: CURRENCY,
    status: row.claim.status,
    reason: row.claim.reason,
    created_at: iso(row.claim.createdAt),
    reversed_at: row.claim.reversedAt ? iso(row.claim.reversedAt) : null,
    pending_reversal_id: row.pendingReversalId,
});

type ReversalRow = Awaited<ReturnType<ReturnType<typeof selectReversals>['execute']>>[number];

const toReversal = (row: ReversalRow): TpiReversal => {
    const { reversal } = row;
    return {
        id: reversal.id,
        claim: toClaim(row),
        reason: reversal.reason,
        status: reversal.status,
        requested_by: { id: reversal.makerAdminId, name: fullName(row.makerFirst, row.makerLast) },
        created_at: iso(reversal.createdAt),
        decided_by:
            reversal.checkerAdminId === null
                ? null
                : { id: reversal.checkerAdminId, name: fullName(row.checkerFirst, row.checkerLast) },
        decision_note: reversal.decisionNote,
        decided_at: reversal.decidedAt ? iso(reversal.decidedAt) : null,
    };
};

/** One reversal as answered, read through `db` (inside a write, its transaction). */
const readReversal = async (db: Queryable, id: number): Promise<TpiReversal> => {
    const [row] = await selectReversals(db).where(eq(tpiReversals.id, id));
    if (!row) throw new Error(`Reversal ${id} could not be read back`);
    return toReversal(row);
};

/** Claims whose loan reference, customer's phone number or name, or insurer's reference contains `q`. */
const claimsMatching = (q: string | undefined): SQL | undefined => {
    if (!q) return undefined;
    const pattern = containing(q);
    return or(
        ilike(loans.loanReference, pattern),
        like(customers.msisdn, containing(q.replace(/^\+/, ''))),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
        ilike(tpiClaims.insurerReference, pattern),
    );
};

// ---------------------------------------------------------------------------------------------
// Lists

type ClaimFilter = z.output<typeof successfulTpiClaims.body>;

const CLAIM_SORTS = { created_at: tpiClaims.createdAt, amount: tpiClaims.amount };

const claimList = async (context: CallContext, status: 'successful' | 'failed', body: ClaimFilter) => {
    const where = and(
        reachOf(context).loans,
        eq(tpiClaims.status, status),
        body.from ? gte(tpiClaims.createdAt, startOfDay(body.from)) : undefined,
        body.to ? lt(tpiClaims.createdAt, endOfDay(body.to)) : undefined,
        claimsMatching(body.q),
    );
    const direction = body.order === 'asc' ? asc : desc;
    const { limit, offset } = pageWindow(body);
    const found = await selectClaims(context.db, { total_count: totalCount })
        .where(where)
        .orderBy(direction(CLAIM_SORTS[body.sort]), direction(tpiClaims.id))
        .limit(limit)
        .offset(offset);
    const { rows, total } = await withTotal(found, offset, async () => {
        const [row] = await context.db
            .select({ value: count() })
            .from(tpiClaims)
            .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
            .innerJoin(customers, eq(customers.id, loans.customerId))
            .where(where);
        return row?.value ?? 0;
    });
    return { records: rows.map(toClaim), total_items: total };
};

type ReversalFilter = z.output<typeof requestedTpiReversals.body>;

/** Each read along `tpi_reversals_status_idx` / `tpi_reversals_decided_idx` (status, column, id). */
const REVERSAL_SORTS = { created_at: tpiReversals.createdAt, decided_at: tpiReversals.decidedAt };

const reversalList = async (context: CallContext, body: ReversalFilter) => {
    const where = and(
        reachOf(context).loans,
        eq(tpiReversals.status, body.status),
        body.mine ? eq(tpiReversals.makerAdminId, context.session?.admin.id ?? 0) : undefined,
        claimsMatching(body.q),
    );
    const { limit, offset } = pageWindow(body);
    // Ties by id in the same direction: pages never overlap.
    const direction = body.order === 'asc' ? asc : desc;
    const found = await selectReversals(context.db, { total_count: totalCount })
        .where(where)
        .orderBy(direction(REVERSAL_SORTS[body.sort]), direction(tpiReversals.id))
        .limit(limit)
        .offset(offset);
    const { rows, total } = await withTotal(found, offset, async () => {
        const [row] = await context.db
            .select({ value: count() })
            .from(tpiReversals)
            .innerJoin(tpiClaims, eq(tpiClaims.id, tpiReversals.claimId))
            .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
            .innerJoin(customers, eq(customers.id, loans.customerId))
            .where(where);
        return row?.value ?? 0;
    });
    return { records: rows.map(toReversal), total_items: total };
};

// ---------------------------------------------------------------------------------------------
// Routes

export const registerTpiRoutes = (app: FastifyInstance): void => {
    mount(app, successfulTpiClaims, async ({ body }, context) => claimList(context, 'successful', body));
    mount(app, failedTpiClaims, async ({ body }, context) => claimList(context, 'failed', body));
    mount(app, requestedTpiReversals, async ({ body }, context) => reversalList(context, body));

    mount(
        app,
        requestTpiReversal,
        async ({ body }, context) =>
            context.write(
                async tx => {
                    // The claim's row serialises the askers: the second finds the first's request.
                    const [found] = await tx
                        .select({ claim: tpiClaims, storeId: loans.storeId })
                        .from(tpiClaims)
                        .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
                        .where(eq(tpiClaims.id, body.claim_id))
                        .for('update', { of: tpiClaims });
                    if (!found || !reachOf(context).loan(found.storeId)) throw claimNotFound();
                    const { claim } = found;
                    if (claim.status !== 'successful' || claim.reversedAt !== null) throw claimNotReversible('claim_id');
                    const [waiting] = await tx
                        .select({ id: tpiReversals.id })
                        .from(tpiReversals)
                        .where(and(eq(tpiReversals.claimId, claim.id), eq(tpiReversals.status, 'pending')));
                    if (waiting) throw requestPending();
                    const [created] = await tx
                        .insert(tpiReversals)
                        .values({
                            claimId: claim.id,
                            reason: body.reason,
                            makerAdminId: context.session?.admin.id ?? 0,
                            createdAt: context.now(),
                        })
                        .returning({ id: tpiReversals.id });
                    if (!created) throw new Error('The new reversal could not be read back');
                    return {
                        result: { reversal: await readReversal(tx, created.id) },
                        audit: {
                            action: 'tpi_reversals.request',
                            entity: 'tpi_reversals',
                            entityId: created.id,
                            after: {
                                claim_id: claim.id,
                                insurer_reference: claim.insurerReference,
                                amount: claim.amount,
                                reason: body.reason,
                            },
                        },
                    };
                },
                { conflicts: { tpi_reversals_one_pending_key: requestPending } },
            ),
        { status: 201 },
    );

    mount(app, decideTpiReversal, async ({ body }, context) => {
        const me = context.session?.admin.id ?? 0;
        return context.write(
            async tx => {
                const [found] = await tx
                    .select({ reversal: tpiReversals, storeId: loans.storeId })
                    .from(tpiReversals)
                    .innerJoin(tpiClaims, eq(tpiClaims.id, tpiReversals.claimId))
                    .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
                    .where(eq(tpiReversals.id, body.reversal_id))
                    .for('update', { of: tpiReversals });
                if (!found || !reachOf(context).loan(found.storeId)) throw requestNotFound();
                const { reversal } = found;
                if (reversal.status !== 'pending') {
                    throw new HttpError(
                        409,
                        'errors.request_decided',
                        `This request was already ${reversal.status}`,
                        'reversal_id',
                    );
                }
                if (reversal.makerAdminId === me) {
                    throw new HttpError(
                        403,
                        'errors.own_request',
                        'You made this request: another person must decide it',
                        'reversal_id',
                    );
                }
                const held = await rolesHeldNowShared(tx, me);
                const needed = [APPROVE_REVERSAL, ...(context.roleUsed ? [context.roleUsed] : [])];
                if (!needed.every(code => held.has(code))) {
                    throw new HttpError(403, 'errors.forbidden', `Deciding this request needs ${needed.join(' and ')}`);
                }
                const now = context.now();
                const note = body.note ?? null;
                const approved = body.decision === 'approve';
                const effects: AuditEntry[] = [];
                if (approved) {
                    const [claim] = await tx.select().from(tpiClaims).where(eq(tpiClaims.id, reversal.claimId)).for('update');
                    const [loan] = claim ? await tx.select().from(loans).where(eq(loans.id, claim.loanId)).for('update') : [];
                    if (!claim || !loan || claim.status !== 'successful' || claim.reversedAt !== null) {
                        throw claimNotReversible('reversal_id');
                    }
                    const [customer] = await tx
                        .select({ msisdn: customers.msisdn })
                        .from(customers)
                        .where(eq(customers.id, loan.customerId));
                    const [payment] = await tx
                        .insert(transactions)
                        .values({
                            reference: reversalReference(claim.id),
                            msisdn: customer?.msisdn ?? '',
                            loanId: loan.id,
                            amount: claim.amount,
                            channel: 'bank',
                            kind: 'reversal',
                            paidAt: now,
                            createdAt: now,
                        })
                        .returning({ id: transactions.id });
                    if (!payment) throw new Error('The reversal payment could not be read back');
                    const balance = cents(loan.balance + claim.amount);
                    const reopened = reopensPaidOff(loan.status, balance);
                    await tx
                        .update(loans)
                        .set({ balance, updatedAt: now, ...(reopened ? { status: 'active' as const } : {}) })
                        .where(eq(loans.id, loan.id));
                    if (reopened) {
                        effects.push({
                            action: 'loans.reopen',
                            entity: 'loans',
                            entityId: loan.id,
                            before: { status: loan.status, balance: loan.balance },
                            after: {
                                status: 'active',
                                balance,
                                reason: 'tpi_reversal',
                                loan_reference: loan.loanReference,
                                claim_id: claim.id,
                            },
                        });
                    }
                    await tx
                        .update(tpiClaims)
                        .set({ reversedAt: now, reversalTransactionId: payment.id })
                        .where(eq(tpiClaims.id, claim.id));
                    effects.push({
                        action: 'tpi_claims.reverse',
                        entity: 'tpi_claims',
                        entityId: claim.id,
                        before: { reversed_at: null, loan_balance: loan.balance },
                        after: {
                            reversed_at: iso(now),
                            reversal_transaction_id: payment.id,
                            reference: reversalReference(claim.id),
                            amount: claim.amount,
                            loan_reference: loan.loanReference,
                            loan_balance: balance,
                        },
                    });
                }
                const status = approved ? ('approved' as const) : ('denied' as const);
                await tx
                    .update(tpiReversals)
                    .set({ status, checkerAdminId: me, decisionNote: note, decidedAt: now })
                    .where(eq(tpiReversals.id, reversal.id));
                return {
                    result: { reversal: await readReversal(tx, reversal.id) },
                    audit: [
                        {
                            action: `tpi_reversals.${body.decision}`,
                            entity: 'tpi_reversals',
                            entityId: reversal.id,
                            before: { status: reversal.status },
                            after: { status, note },
                        },
                        ...effects,
                    ],
                };
            },
            // Defence in depth: the claim's reversal payment exists already (its reference is unique).
            { conflicts: { transactions_reference_unique: () => claimNotReversible('reversal_id') } },
        );
    });
};
