/**
 * The suspense queue (contract/money/suspense.ts): payments that matched no loan, the loans one
 * may belong to, setting one aside with a note (`queued`), and assigning it to its loan.
 *
 * Assigning is one write: the payment's row is locked, then the loan's, so of parallel
 * corrections of one payment one moves it and the others find it `corrected` (409
 * `errors.suspense_resolved`); two payments assigned to one loan at once take turns on the loan's
 * row, and the second is checked against the balance the first left (409
 * `errors.amount_exceeds_balance`). The balance falls once, by the payment's amount.
 *
 * Reach (reach.ts): suspense payments belong to no shop, so a caller attached to one finds the
 * queue empty and any of them answers 404 `errors.transaction_not_found`, as an unknown id does;
 * the loans offered and the loan assigned to are held to the caller's reach as well.
 */
import { and, asc, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CURRENCY } from '../../../contract/customers';
import {
    correctSuspense,
    queueSuspense,
    suspenseTransactions,
    wrongAccountTransactions,
    type LoanCandidate,
} from '../../../contract/money';
import type { Queryable, Transaction } from '../../db';
import { customers, loans, transactions } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { containing, idsOfPage, largePageRows } from '../../lists';
import { cents } from '../../wire';
import { endOfDay, startOfDay } from '../../time';
import { fullName, pageWindow, readSuspenseItem, selectTransactions, toSuspenseItem } from './present';
import { reachOf, type MoneyReach } from './reach';
import { IN_SUSPENSE, startingWith } from './transactions';

export const transactionNotFound = () =>
    new HttpError(404, 'errors.transaction_not_found', 'There is no such payment in suspense', 'transaction_id');

export const suspenseResolved = () =>
    new HttpError(409, 'errors.suspense_resolved', 'This payment has already been assigned to a loan', 'transaction_id');

export const loanNotFound = () =>
    new HttpError(404, 'errors.loan_not_found', 'There is no loan with this reference', 'loan_reference');

/** The most loans the picker offers. */
export const MAX_CANDIDATES = 20;

// ---------------------------------------------------------------------------------------------
// The queue

const SORTS = {
    paid_at: transactions.paidAt,
    amount: transactions.amount,
    created_at: transactions.createdAt,
};

type QueueBody = z.output<typeof suspenseTransactions.body>;

const queueWhere = (body: QueueBody): SQL | undefined => {
    const phone = body.q ? containing(body.q.replace(/^\+/, '')) : '';
    return and(
        body.status !== undefined
            ? eq(transactions.suspenseStatus, body.status)
            : inArray(transactions.suspenseStatus, [...IN_SUSPENSE]),
        body.reason !== undefined ? eq(transactions.suspenseReason, body.reason) : undefined,
        body.channel !== undefined ? eq(transactions.channel, body.channel) : undefined,
        body.from ? gte(transactions.paidAt, startOfDay(body.from)) : undefined,
        body.to ? lt(transactions.paidAt, endOfDay(body.to)) : undefined,
        body.q
            ? or(
                  ilike(transactions.reference, containing(body.q)),
                  like(transactions.msisdn, phone),
                  ilike(transactions.account, containing(body.q)),
              )
            : undefined,
    );
};

// ---------------------------------------------------------------------------------------------
// The loan picker

const candidateFields = {
    id: loans.id,
    loanReference: loans.loanReference,
    status: loans.status,
    balance: loans.balance,
    instalment: loans.instalment,
    msisdn: customers.msisdn,
    firstName: customers.firstName,
    lastName: customers.lastName,
};

const selectCandidates = (db: Queryable, reach: MoneyReach, where: SQL | undefined) =>
    db
        .select(candidateFields)
        .from(loans)
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(and(where, reach.loans))
        // Active loans first (those a payment can go on), then the newest.
        .orderBy(desc(sql`${loans.status} = 'active'`), desc(loans.id))
        .limit(MAX_CANDIDATES);

/**
 * The loans a suspense payment may belong to: the one its account names, the payer's, then what
 * the search finds (a loan reference's start, a phone number, part of a name), each loan once;
 * only loans in `reach`.
 */
const candidatesFor = async (
    db: Queryable,
    reach: MoneyReach,
    payment: { amount: number; msisdn: string; account: string | null },
    q: string | undefined,
): Promise<LoanCandidate[]> => {
    const account = payment.account?.trim().toUpperCase() ?? '';
    const [byAccount, byMsisdn, bySearch] = await Promise.all([
        account ? selectCandidates(db, reach, eq(loans.loanReference, account)) : [],
        selectCandidates(db, reach, eq(customers.msisdn, payment.msisdn)),
        q
            ? selectCandidates(
                  db,
                  reach,
                  or(
                      like(loans.loanReference, startingWith(q.toUpperCase())),
                      eq(customers.msisdn, q.replace(/^\+/, '')),
                      ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, containing(q)),
                  ),
              )
            : [],
    ]);
    const seen = new Set<number>();
    const offered: LoanCandidate[] = [];
    const offer = (rows: readonly (typeof byMsisdn)[number][], match: LoanCandidate['match']) => {
        for (const row of rows) {
            if (seen.has(row.id) || offered.length >= MAX_CANDIDATES) continue;
            seen.add(row.id);
            offered.push({
                loan_reference: row.loanReference,
                msisdn: row.msisdn,
                customer_name: fullName(row.firstName, row.lastName),
                status: row.status,
                balance: row.balance,
                instalment: row.instalment,
                currency: CURRENCY,
                match,
                assignable: row.status === 'active' && payment.amount <= row.balance,
            });
        }
    };
    offer(byAccount, 'account');
    offer(byMsisdn, 'msisdn');
    offer(bySearch, 'search');
    return offered;
};

// ---------------------------------------------------------------------------------------------
// Writes

/** The payment locked for the write: it must be one that went to suspense, in `reach`. */
const lockSuspensePayment = async (tx: Transaction, reach: MoneyReach, id: number) => {
    const [payment] = await tx
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, id), reach.suspense))
        .for('update');
    if (!payment || payment.suspenseStatus === null) throw transactionNotFound();
    if (payment.suspenseStatus === 'corrected') throw suspenseResolved();
    return payment;
};

export const registerSuspenseRoutes = (app: FastifyInstance): void => {
    mount(app, suspenseTransactions, async ({ body }, context) => {
        const where = and(queueWhere(body), reachOf(context).suspense);
        const direction = body.order === 'asc' ? asc : desc;
        const order = [direction(SORTS[body.sort]), direction(transactions.id)];
        // The filter reads the payment alone: a page's payments are chosen on them (lists.ts
        // idsOfPage), then only those are joined to their loan and customer; the total counts them.
        const { rows, ...total } = await largePageRows(
            context.db,
            pageWindow(body),
            (limit, offset) =>
                selectTransactions(context.db)
                    .where(idsOfPage(context.db, transactions.id, transactions, { where, order, limit, offset }))
                    .orderBy(...order),
            { table: transactions, where },
        );
        return { data: rows.flatMap(row => toSuspenseItem(row) ?? []), ...total };
    });

    mount(app, wrongAccountTransactions, async ({ body }, context) => {
        const reach = reachOf(context);
        const [row] = await selectTransactions(context.db).where(and(eq(transactions.id, body.transaction_id), reach.suspense));
        const transaction = row ? toSuspenseItem(row) : null;
        if (!row || !transaction) throw transactionNotFound();
        return { transaction, candidates: await candidatesFor(context.db, reach, row.tx, body.q) };
    });

    mount(app, queueSuspense, async ({ body }, context) =>
        context.write(async tx => {
            const payment = await lockSuspensePayment(tx, reachOf(context), body.transaction_id);
            const queuedAt = context.now();
            await tx
                .update(transactions)
                .set({ suspenseStatus: 'queued', queueNote: body.note, queuedBy: context.session?.admin.id ?? null, queuedAt })
                .where(eq(transactions.id, payment.id));
            return {
                result: { transaction: await readSuspenseItem(tx, payment.id) },
                audit: {
                    action: 'transactions.suspense_queue',
                    entity: 'transactions',
                    entityId: payment.id,
                    before: { suspense_status: payment.suspenseStatus, queue_note: payment.queueNote },
                    after: { suspense_status: 'queued', queue_note: body.note },
                },
            };
        }),
    );

    mount(app, correctSuspense, async ({ body }, context) =>
        context.write(async tx => {
            const reach = reachOf(context);
            const payment = await lockSuspensePayment(tx, reach, body.transaction_id);
            const [loan] = await tx
                .select()
                .from(loans)
                .where(and(eq(loans.loanReference, body.loan_reference), reach.loans))
                .for('update');
            if (!loan) throw loanNotFound();
            if (loan.status !== 'active') {
                throw new HttpError(
                    409,
                    'errors.loan_state',
                    `Loan ${loan.loanReference} is ${loan.status}: it takes no payments`,
                    'loan_reference',
                );
            }
            if (payment.amount > loan.balance) {
                throw new HttpError(
                    409,
                    'errors.amount_exceeds_balance',
                    `The payment of ${CURRENCY} ${payment.amount} is more than the balance of ${loan.loanReference} (${CURRENCY} ${loan.balance})`,
                    'loan_reference',
                );
            }
            const now = context.now();
            const balance = cents(loan.balance - payment.amount);
            await tx
                .update(transactions)
                .set({
                    loanId: loan.id,
                    kind: 'instalment',
                    suspenseStatus: 'corrected',
                    correctedBy: context.session?.admin.id ?? null,
                    correctedAt: now,
                })
                .where(eq(transactions.id, payment.id));
            await tx.update(loans).set({ balance, updatedAt: now }).where(eq(loans.id, loan.id));
            return {
                result: {
                    transaction: await readSuspenseItem(tx, payment.id),
                    loan: { loan_reference: loan.loanReference, balance_before: loan.balance, balance },
                },
                audit: {
                    action: 'transactions.suspense_correct',
                    entity: 'transactions',
                    entityId: payment.id,
                    before: {
                        suspense_status: payment.suspenseStatus,
                        kind: payment.kind,
                        loan_id: payment.loanId,
                        loan_balance: loan.balance,
                    },
                    after: {
                        suspense_status: 'corrected',
                        kind: 'instalment',
                        loan_reference: loan.loanReference,
                        loan_balance: balance,
                        amount: payment.amount,
                        note: body.note ?? null,
                    },
                },
            };
        }),
    );
};
