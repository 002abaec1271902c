/**
 * Finding payments (contract/money.ts `searchTransactions`): by reference (whole or its start, on
 * the `transactions_reference_prefix_idx` text_pattern_ops index), the payer's number, the loan,
 * the day paid (business days, server/domain/approvals/dates.ts), kind, channel and whether the
 * payment is on a loan or waiting in suspense.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, like, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { searchTransactions } from '../../../contract/money';
import { loans, transactions } from '../../db/schema';
import { mount } from '../../http';
import { endOfDay, startOfDay } from '../approvals/dates';
import { countTransactions, pageWindow, selectTransactions, toMoneyTransaction, totalCount, withTotal } from './present';

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
        body.reference ? like(transactions.reference, startingWith(body.reference)) : undefined,
        body.msisdn !== undefined ? eq(transactions.msisdn, body.msisdn) : undefined,
        body.loan_reference !== undefined ? eq(loans.loanReference, body.loan_reference) : undefined,
        body.from ? gte(transactions.paidAt, startOfDay(body.from)) : undefined,
        body.to ? lt(transactions.paidAt, endOfDay(body.to)) : undefined,
        body.kind !== undefined ? eq(transactions.kind, body.kind) : undefined,
        body.channel !== undefined ? eq(transactions.channel, body.channel) : undefined,
        body.state === 'matched' ? isNotNull(transactions.loanId) : undefined,
        body.state === 'suspense' ? inArray(transactions.suspenseStatus, [...IN_SUSPENSE]) : undefined,
    );

export const registerTransactionRoutes = (app: FastifyInstance): void => {
    mount(app, searchTransactions, async ({ body }, context) => {
        const where = searchWhere(body);
        const direction = body.order === 'asc' ? asc : desc;
        const { limit, offset } = pageWindow(body);
        const found = await selectTransactions(context.db, { total_count: totalCount })
            .where(where)
            .orderBy(direction(SORTS[body.sort]), direction(transactions.id))
            .limit(limit)
            .offset(offset);
        const { rows, total } = await withTotal(found, offset, () => countTransactions(context.db, where));
        return { data: rows.map(toMoneyTransaction), total_items: total };
    });
};
