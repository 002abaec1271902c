/**
 * The claim lists (successful, failed) and the reversal queue: in the caller's reach, filtered,
 * sorted along an index with ties by id, and paged.
 */
import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { requestedTpiReversals, successfulTpiClaims } from '../../../../contract/money';
import { loans, tpiClaims, tpiReversals } from '../../../db/schema';
import type { CallContext } from '../../../http';
import { endOfDay, startOfDay } from '../../../time';
import { idsOfMatching, largePageRows } from '../../../lists';
import { pageWindow } from '../present';
import { reachOf } from '../reach';
import { claimsMatching, selectClaims, selectReversals, toClaim, toReversal } from './read';

/** A select of a list's rows in drizzle's dynamic mode (`$dynamic()`): filtered and sorted in place. */
interface RowsSelect<Row> extends PromiseLike<Row[]> {
    where(where: SQL | undefined): RowsSelect<Row>;
    orderBy(...columns: SQL[]): RowsSelect<Row>;
}

/**
 * A page of a claim list or the reversal queue, sorted by `sort` then id the same way (pages never
 * overlap), and its honest total (lists.ts largePageRows). `rows` selects the list's rows and
 * `matching` the list's id from its own tables; both are filtered by `where` (a search is a
 * condition on the claims: read.ts `claimsMatching`). What is matched is joined to the claim's
 * loan only for a shop's reach. The page's ids are chosen on it (lists.ts idsOfMatching), then only
 * those rows are read; the total is counted on it.
 */
const pageOfList = async <Row>(
    context: CallContext,
    body: { page_number: number; page_size: number; order: 'asc' | 'desc' },
    list: { rows: RowsSelect<Row>; matching: () => PgSelect; where: SQL | undefined; sort: AnyPgColumn; id: AnyPgColumn },
) => {
    const direction = body.order === 'asc' ? asc : desc;
    const order = [direction(list.sort), direction(list.id)];
    const readsLoan = reachOf(context).loans !== undefined;
    // A new select each time: a select is built in place, so one select cannot be both the page's and the count's.
    const matching = () => (readsLoan ? list.matching().innerJoin(loans, eq(loans.id, tpiClaims.loanId)) : list.matching());
    return largePageRows(
        context.db,
        pageWindow(body),
        async (limit, offset) =>
            list.rows.where(idsOfMatching(list.id, matching(), { where: list.where, order, limit, offset })).orderBy(...order),
        { rows: matching().where(list.where) },
    );
};

type ClaimFilter = z.output<typeof successfulTpiClaims.body>;

const CLAIM_SORTS = { created_at: tpiClaims.createdAt, amount: tpiClaims.amount };

export const claimList = async (context: CallContext, status: 'successful' | 'failed', body: ClaimFilter) => {
    const { rows, ...total } = await pageOfList(context, body, {
        rows: selectClaims(context.db).$dynamic(),
        matching: () => context.db.select({ id: tpiClaims.id }).from(tpiClaims).$dynamic(),
        where: and(
            reachOf(context).loans,
            eq(tpiClaims.status, status),
            body.from ? gte(tpiClaims.createdAt, startOfDay(body.from)) : undefined,
            body.to ? lt(tpiClaims.createdAt, endOfDay(body.to)) : undefined,
            await claimsMatching(context.db, body.q),
        ),
        sort: CLAIM_SORTS[body.sort],
        id: tpiClaims.id,
    });
    return { records: rows.map(toClaim), ...total };
};

type ReversalFilter = z.output<typeof requestedTpiReversals.body>;

/** Each read along `tpi_reversals_status_idx` / `tpi_reversals_decided_idx` (status, column, id). */
const REVERSAL_SORTS = { created_at: tpiReversals.createdAt, decided_at: tpiReversals.decidedAt };

export const reversalList = async (context: CallContext, body: ReversalFilter) => {
    const { rows, ...total } = await pageOfList(context, body, {
        rows: selectReversals(context.db).$dynamic(),
        matching: () =>
            context.db
                .select({ id: tpiReversals.id })
                .from(tpiReversals)
                .innerJoin(tpiClaims, eq(tpiClaims.id, tpiReversals.claimId))
                .$dynamic(),
        where: and(
            reachOf(context).loans,
            eq(tpiReversals.status, body.status),
            body.mine ? eq(tpiReversals.makerAdminId, context.session?.admin.id ?? 0) : undefined,
            await claimsMatching(context.db, body.q),
        ),
        sort: REVERSAL_SORTS[body.sort],
        id: tpiReversals.id,
    });
    return { records: rows.map(toReversal), ...total };
};
