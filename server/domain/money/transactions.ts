/**
 * Finding payments (contract/money/transactions.ts `searchTransactions`): by reference (whole or its start, on
 * the `transactions_reference_prefix_idx` text_pattern_ops index), the payer's number, the loan,
 * the day paid (business days, server/time.ts), kind, channel and whether the
 * payment is on a loan or waiting in suspense. A caller attached to a shop finds the payments on
 * its shop's loans only (reach.ts), never one in suspense.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { searchTransactions } from '../../../contract/money';
import { loans, transactions } from '../../db/schema';
import { mount } from '../../http';
import { idsOfPage, largePageRows } from '../../lists';
import { endOfDay, startOfDay } from '../../time';
import { pageWindow, selectTransactions, toMoneyTransaction } from './present';
import { reachOf } from './reach';
import { referenceKey, referenceKeyOf } from './reference';

/** A LIKE pattern for text starting with `text`, its wildcards and escape taken literally. */
export const startingWith = (text: string) => `${text.replace(/[\\%_]/g, match => `\\${match}`)}%`;

/** Waiting in suspense: not yet assigned to a loan. */
export const IN_SUSPENSE = ['open', 'queued'] as const;

const SORTS = {
    paid_at: transactions.paidAt,
    amount: transactions.amount,
    reference: transactions.reference,
};

type SearchBody = z.output<typeof searchTransactions.body>;

const searchWhere = (body: SearchBody): SQL | undefined =>
    and(
        // Compared as references are (reference.ts): `p-x` finds `P-X-1`, through its own index.
        body.reference ? like(referenceKeyOf(transactions.reference), startingWith(referenceKey(body.reference))) : undefined,
        body.msisdn !== undefined ? eq(transactions.msisdn, body.msisdn) : undefined,
        body.loan_reference !== undefined
            ? eq(
                  transactions.loanId,
                  sql`(SELECT ${loans.id} FROM ${loans} WHERE ${loans.loanReference} = ${body.loan_reference})`,
              )
            : undefined,
        body.from ? gte(transactions.paidAt, startOfDay(body.from)) : undefined,
        body.to ? lt(transactions.paidAt, endOfDay(body.to)) : undefined,
        body.kind !== undefined ? eq(transactions.kind, body.kind) : undefined,
        body.channel !== undefined ? eq(transactions.channel, body.channel) : undefined,
        body.state === 'matched' ? isNotNull(transactions.loanId) : undefined,
        body.state === 'suspense' ? inArray(transactions.suspenseStatus, [...IN_SUSPENSE]) : undefined,
    );

/**
 * The page is chosen on transactions alone (every filter is on its own columns, so the paid-day,
 * reference and phone indexes serve it; a shop's reach is a list of its loans' ids) and only its
 * rows are joined to their loan and customer; the count reads transactions alone, up to what
 * lists.ts largePageOf counts.
 */
export const registerTransactionRoutes = (app: FastifyInstance): void => {
    mount(app, searchTransactions, async ({ body }, context) => {
        const where = and(searchWhere(body), reachOf(context).payments);
        const direction = body.order === 'asc' ? asc : desc;
        const order = [direction(SORTS[body.sort]), direction(transactions.id)];
        const { rows, ...total } = await largePageRows(
            context.db,
            pageWindow(body),
            (limit, offset) =>
                selectTransactions(context.db)
                    .where(idsOfPage(context.db, transactions.id, transactions, { where, order, limit, offset }))
                    .orderBy(...order),
            { table: transactions, where },
        );
        return { data: rows.map(toMoneyTransaction), ...total };
    });
};
