/**
 * The claim lists (successful, failed) and the reversal queue: in the caller's reach, filtered,
 * sorted along an index with ties by id, and paged.
 */
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { requestedTpiReversals, successfulTpiClaims } from '../../../../contract/money';
import { customers, loans, tpiClaims, tpiReversals } from '../../../db/schema';
import type { CallContext } from '../../../http';
import { endOfDay, startOfDay } from '../../../time';
import { pageWindow, totalCount, withTotal } from '../present';
import { reachOf } from '../reach';
import { claimsMatching, selectClaims, selectReversals, toClaim, toReversal } from './read';

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

export const reversalList = async (context: CallContext, body: ReversalFilter) => {
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
