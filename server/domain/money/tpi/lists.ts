/**
 * The claim lists (successful, failed) and the reversal queue: in the caller's reach, filtered,
 * sorted along an index with ties by id, and paged.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { requestedTpiReversals, successfulTpiClaims } from '../../../../contract/money';
import { customers, loans, tpiClaims, tpiReversals } from '../../../db/schema';
import type { CallContext } from '../../../http';
import { endOfDay, startOfDay } from '../../../time';
import { largePageRows } from '../../../lists';
import { pageWindow } from '../present';
import { reachOf } from '../reach';
import { claimsMatching, selectClaims, selectReversals, toClaim, toReversal } from './read';

/**
 * What a claim list counts (lists.ts largePageRows): `counting`, with the claim's loan and customer
 * joined only when the filter reads them (a shop's reach, a search).
 */
const countedWith = (counting: PgSelect, where: SQL | undefined, q: string | undefined, context: CallContext) =>
    (reachOf(context).loans || q
        ? counting.innerJoin(loans, eq(loans.id, tpiClaims.loanId)).innerJoin(customers, eq(customers.id, loans.customerId))
        : counting
    ).where(where);

type ClaimFilter = z.output<typeof successfulTpiClaims.body>;

const CLAIM_SORTS = { created_at: tpiClaims.createdAt, amount: tpiClaims.amount };

export const claimList = async (context: CallContext, status: 'successful' | 'failed', body: ClaimFilter) => {
    const where = and(
        reachOf(context).loans,
        eq(tpiClaims.status, status),
        body.from ? gte(tpiClaims.createdAt, startOfDay(body.from)) : undefined,
        body.to ? lt(tpiClaims.createdAt, endOfDay(body.to)) : undefined,
        claimsMatching(body.q),
    );
    const direction = body.order === 'asc' ? asc : desc;
    const { rows, ...total } = await largePageRows(
        context.db,
        pageWindow(body),
        (limit, offset) =>
            selectClaims(context.db)
                .where(where)
                .orderBy(direction(CLAIM_SORTS[body.sort]), direction(tpiClaims.id))
                .limit(limit)
                .offset(offset),
        // The reach and the search read the loan and its customer; the rest is the claims alone.
        {
            rows: countedWith(
                context.db
                    .select({ one: sql`1` })
                    .from(tpiClaims)
                    .$dynamic(),
                where,
                body.q,
                context,
            ),
        },
    );
    return { records: rows.map(toClaim), ...total };
};

type ReversalFilter = z.output<typeof requestedTpiReversals.body>;

/** Each read along `tpi_reversals_status_idx` / `tpi_reversals_decided_idx` (status, column, id). */
const REVERSAL_SORTS = { created_at: tpiReversals.createdAt, decided_at: tpiReversals.decidedAt };

export const reversalList = async (context: CallContext, body: ReversalFilter) => {
    const where = and(
        reachOf(context).loans,
        eq(tpiReversals.status, body.status),
        body.mine ? eq(tpiReversals.makerAdminId, context.session?.admin.id ?? 0) : undefined,
        claimsMatching(body.q),
    );
    // Ties by id in the same direction: pages never overlap.
    const direction = body.order === 'asc' ? asc : desc;
    const { rows, ...total } = await largePageRows(
        context.db,
        pageWindow(body),
        (limit, offset) =>
            selectReversals(context.db)
                .where(where)
                .orderBy(direction(REVERSAL_SORTS[body.sort]), direction(tpiReversals.id))
                .limit(limit)
                .offset(offset),
        {
            rows: countedWith(
                context.db
                    .select({ one: sql`1` })
                    .from(tpiReversals)
                    .innerJoin(tpiClaims, eq(tpiClaims.id, tpiReversals.claimId))
                    .$dynamic(),
                where,
                body.q,
                context,
            ),
        },
    );
    return { records: rows.map(toReversal), ...total };
};
