/**
 * The deposit of a sale (contract/origination/index.ts): the payment prompt sent to the customer, and
 * recording the deposit paid, which makes the loan `awaiting_lock` and the phone sold.
 *
 * A payment's reference is recorded once, whatever its letter case (the unique
 * `transactions_reference_unique`, server/domain/money/reference.ts): the same reference again
 * for the same loan answers the first record (`replayed`) and writes nothing; for anything else
 * it is 409 `errors.reference_used`. The loan row is locked while a deposit is
 * recorded, so parallel confirmations take turns and the later ones find the first's record.
 */
import { and, count, eq, gt, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY } from '../../../contract/customers';
import type { TRANSACTION_CHANNELS } from '../../../contract/customers';
import { confirmInitialDeposit, digitalAssistedConfirmDeposit, loanDeposit } from '../../../contract/origination';
import type { Queryable } from '../../db';
import { inventoryItems, loans, smsOutbox, transactions } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import { businessDay } from '../../time';
import { maskMsisdn } from '../auth/codes';
import { referenceKey, referenceKeyOf } from '../money/reference';
import { tooManyAttempts } from '../auth/throttle';
import { loanStateRefused, moveLoan } from '../records';
import { checkSaleActor, lockLoan, saleLoan } from './access';
import { firstDueDate } from './terms';

type Channel = (typeof TRANSACTION_CHANNELS)[number];
type TransactionRow = typeof transactions.$inferSelect;

const cents = (value: number) => Math.round(value * 100) / 100;

/** Payment prompts one sale may send its customer in an hour: asking again resends, within reason. */
export const DEPOSIT_PROMPTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

const CHANNEL_TEXT: Readonly<Record<Channel, string>> = {
    mpesa: 'M-Pesa',
    card: 'card',
    cash: 'cash at the shop',
    bank: 'bank transfer',
};

export const toTransaction = (row: TransactionRow, loanReference: string | null) => ({
    id: row.id,
    reference: row.reference,
    msisdn: row.msisdn,
    loan_reference: loanReference,
    amount: row.amount,
    currency: CURRENCY,
    channel: row.channel,
    kind: row.kind,
    created_at: iso(row.createdAt),
});

const referenceUsed = () =>
    new HttpError(409, 'errors.reference_used', 'This payment reference is already recorded for another payment', 'reference');

/** The payment prompt's text; `deposit of` and the reference are what counting the prompts looks for. */
const promptText = (loan: { loanReference: string; deposit: number }, channel: Channel) =>
    `Lipa Pole Pole: please pay your deposit of ${CURRENCY} ${loan.deposit} for loan ${loan.loanReference} by ${CHANNEL_TEXT[channel]}. Quote the reference ${loan.loanReference} when you pay.`;

/** Thrown inside the write when the reference turned out to be recorded already: answered outside it. */
class Replayed extends Error {
    constructor(readonly row: TransactionRow) {
        super('The payment reference is recorded already');
    }
}

const confirmDeposit = async (
    context: CallContext,
    input: { loanReference: string; reference: string; amount?: number; channel: Channel },
) => {
    const sale = await saleLoan(context, input.loanReference);
    checkSaleActor(context, sale.loan);
    const loanId = sale.loan.id;

    /** The first record of this reference, answered again; the reference of another payment is a 409. */
    const replay = async (row: TransactionRow) => {
        if (row.loanId !== loanId || row.kind !== 'deposit') throw referenceUsed();
        const [loan] = await context.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId));
        return {
            loan_reference: sale.loan.loanReference,
            loan_status: loan?.status ?? sale.loan.status,
            deposit: toTransaction(row, sale.loan.loanReference),
            replayed: true,
        };
    };
    const recorded = async (db: Queryable) =>
        (
            await db
                .select()
                .from(transactions)
                .where(sql`${referenceKeyOf(transactions.reference)} = ${referenceKey(input.reference)}`)
        )[0];

    const first = await recorded(context.db);
    if (first) return replay(first);
    try {
        return await context.write(
            async tx => {
                const loan = await lockLoan(tx, loanId);
                const again = await recorded(tx);
                if (again) throw new Replayed(again);
                if (loan.status !== 'awaiting_deposit') {
                    throw loanStateRefused(
                        `A deposit is recorded for a sale awaiting its deposit (both codes verified, not paid yet); this loan is ${loan.status}`,
                    );
                }
                if (input.amount !== undefined && Math.abs(input.amount - loan.deposit) >= 0.005) {
                    throw new HttpError(
                        400,
                        'errors.deposit_amount',
                        `The deposit of this loan is ${CURRENCY} ${loan.deposit}`,
                        'amount',
                    );
                }
                const now = context.now();
                const [row] = await tx
                    .insert(transactions)
                    .values({
                        reference: input.reference,
                        msisdn: sale.msisdn,
                        loanId: loan.id,
                        amount: loan.deposit,
                        channel: input.channel,
                        kind: 'deposit',
                        createdAt: now,
                    })
                    .returning();
                if (!row) throw new Error('The deposit could not be recorded');
                const status = moveLoan(loan.status, 'awaiting_lock');
                // The balance runs from the price through the loan's payments (loan_statements).
                const balance = cents(loan.balance - loan.deposit);
                // The schedule counts from the deposit day: the quote's first due date assumed the
                // deposit the day it was issued, so a deposit paid later moves it as late, never earlier.
                const dueFrom = firstDueDate(businessDay(now), loan.instalmentPeriod);
                const firstDue = loan.firstDueDate > dueFrom ? loan.firstDueDate : dueFrom;
                await tx
                    .update(loans)
                    .set({ status, balance, firstDueDate: firstDue, updatedAt: now })
                    .where(eq(loans.id, loan.id));
                if (loan.inventoryItemId !== null) {
                    await tx
                        .update(inventoryItems)
                        .set({ status: 'sold' })
                        .where(and(eq(inventoryItems.id, loan.inventoryItemId), eq(inventoryItems.status, 'reserved')));
                }
                return {
                    result: {
                        loan_reference: loan.loanReference,
                        loan_status: status,
                        deposit: toTransaction(row, loan.loanReference),
                        replayed: false,
                    },
                    audit: [
                        {
                            action: 'loans.deposit',
                            entity: 'loans',
                            entityId: loan.id,
                            before: { status: loan.status, balance: loan.balance, first_due_date: loan.firstDueDate },
                            after: {
                                status,
                                balance,
                                first_due_date: firstDue,
                                reference: row.reference,
                                amount: row.amount,
                                channel: row.channel,
                            },
                        },
                        {
                            action: 'inventory_items.sell',
                            entity: 'inventory_items',
                            entityId: loan.inventoryItemId,
                            after: { status: 'sold', loan_reference: loan.loanReference },
                        },
                    ],
                };
            },
            { conflicts: { transactions_reference_unique: referenceUsed } },
        );
    } catch (error) {
        if (error instanceof Replayed) return replay(error.row);
        throw error;
    }
};

export const registerDepositRoutes = (app: FastifyInstance): void => {
    mount(app, loanDeposit, async ({ body }, context) => {
        const sale = await saleLoan(context, body.loan_reference);
        checkSaleActor(context, sale.loan);
        const msisdn = sale.msisdn;
        return context.write(async tx => {
            const loan = await lockLoan(tx, sale.loan.id);
            if (loan.status !== 'awaiting_deposit') {
                throw loanStateRefused(
                    `The deposit is asked for once both codes are verified and until it is paid; this loan is ${loan.status}`,
                );
            }
            const now = context.now();
            // Prompts already sent for this sale in the last hour (the loan's lock makes the count exact).
            const [sent] = await tx
                .select({ value: count() })
                .from(smsOutbox)
                .where(
                    and(
                        eq(smsOutbox.msisdn, msisdn),
                        eq(smsOutbox.purpose, 'notice'),
                        gt(smsOutbox.createdAt, new Date(now.getTime() - HOUR_MS)),
                        like(smsOutbox.text, `%deposit of%loan ${loan.loanReference} %`),
                    ),
                );
            if ((sent?.value ?? 0) >= DEPOSIT_PROMPTS_PER_HOUR) {
                throw tooManyAttempts('The customer was asked for this deposit often enough this hour; try again later', 600);
            }
            await tx
                .insert(smsOutbox)
                .values({ msisdn, text: promptText(loan, body.channel), purpose: 'notice', createdAt: now });
            return {
                result: {
                    loan_reference: loan.loanReference,
                    amount: loan.deposit,
                    currency: CURRENCY,
                    channel: body.channel,
                    pay_reference: loan.loanReference,
                    sent_to: maskMsisdn(msisdn),
                },
                audit: {
                    action: 'loans.deposit_prompt',
                    entity: 'loans',
                    entityId: loan.id,
                    after: { amount: loan.deposit, channel: body.channel, sent_to: maskMsisdn(msisdn) },
                },
            };
        });
    });

    mount(app, confirmInitialDeposit, async ({ body }, context) =>
        confirmDeposit(context, {
            loanReference: body.loan_reference,
            reference: body.reference,
            amount: body.amount,
            channel: body.channel,
        }),
    );

    // Mobile money: the amount is the loan's deposit.
    mount(app, digitalAssistedConfirmDeposit, async ({ body }, context) =>
        confirmDeposit(context, { loanReference: body.loan_reference, reference: body.reference, channel: 'mpesa' }),
    );
};
