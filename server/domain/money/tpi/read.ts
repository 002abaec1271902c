/**
 * Claims and reversals as the contract shows them, read with their loan's customer, the claim's
 * waiting reversal, and the reversal's maker and checker.
 */
import { eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CURRENCY } from '../../../../contract/customers';
import type { TpiClaim, TpiReversal } from '../../../../contract/money';
import type { Queryable } from '../../../db';
import { admins, customers, loans, tpiClaims, tpiReversals } from '../../../db/schema';
import type { Searched } from '../../../lists';
import { iso } from '../../../wire';
import { loansFound, searchFor, searchOn, type Search } from '../../records';
import { fullName } from '../present';

/**
 * The claim's waiting reversal, if any (at most one: the partial unique index), looked up per row
 * on that index: joined, the planner could walk every waiting reversal for a page of claims.
 */
const pendingReversalId = sql<number | null>`(SELECT pr.id FROM ${tpiReversals} pr
    WHERE pr.claim_id = ${tpiClaims.id} AND pr.status = 'pending')`;
const maker = alias(admins, 'maker');
const checker = alias(admins, 'checker');

const claimFields = {
    claim: tpiClaims,
    loanReference: loans.loanReference,
    msisdn: customers.msisdn,
    customerFirst: customers.firstName,
    customerLast: customers.lastName,
    customerPublicId: customers.publicId,
    pendingReversalId,
};

export const selectClaims = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...claimFields, ...(extra as Extra) })
        .from(tpiClaims)
        .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
        .innerJoin(customers, eq(customers.id, loans.customerId));

export const selectReversals = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
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

export const toClaim = (row: ClaimRow): TpiClaim => ({
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

export const toReversal = (row: ReversalRow): TpiReversal => {
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
export const readReversal = async (db: Queryable, id: number): Promise<TpiReversal> => {
    const [row] = await selectReversals(db).where(eq(tpiReversals.id, id));
    if (!row) throw new Error(`Reversal ${id} could not be read back`);
    return toReversal(row);
};

/**
 * Claims whose loan reference, customer's phone number or name, or insurer's reference contains
 * `q`: a condition on tpi_claims alone (lists.ts `searchedThrough`).
 */
export const claimsSearched = (db: Queryable, search: Search): Searched => ({
    table: tpiClaims,
    id: tpiClaims.id,
    paths: [
        { column: tpiClaims.loanId, found: loansFound(db, search) },
        { where: ilike(tpiClaims.insurerReference, search.pattern) },
    ],
});

/** The search as a condition on tpi_claims alone (lists.ts `searchedThrough`). */
export const claimsMatching = async (db: Queryable, q: string | undefined): Promise<SQL | undefined> =>
    q ? searchOn(db, searchFor(q), claimsSearched) : undefined;
