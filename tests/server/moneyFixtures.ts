/**
 * Payments and insurance claims made straight in the database for the server tests (money.test.ts,
 * matrix.test.ts), each with its own reference, so a test's writes never meet another's.
 */
import { eq } from 'drizzle-orm';
import type { SuspenseReason, SuspenseStatus } from '../../contract/money';
import type { Database } from '../../server/db';
import { loans, tpiClaims, transactions } from '../../server/db/schema';
import { freshMsisdn, makeLoan, nextSerial, type LoanOptions } from './customerFixtures';

type Channel = 'mpesa' | 'card' | 'cash' | 'bank';

export interface SuspenseOptions {
    reference?: string;
    msisdn?: string;
    account?: string | null;
    amount?: number;
    channel?: Channel;
    status?: SuspenseStatus;
    reason?: SuspenseReason;
    paidAt?: Date;
}

/** A payment that matched no loan, waiting in suspense (open unless told otherwise). */
export const makeSuspense = async (db: Database, options: SuspenseOptions = {}) => {
    const [row] = await db
        .insert(transactions)
        .values({
            reference: options.reference ?? `SUS-${nextSerial()}`,
            msisdn: options.msisdn ?? freshMsisdn(),
            amount: options.amount ?? 50,
            channel: options.channel ?? 'mpesa',
            kind: 'instalment',
            account: options.account ?? null,
            paidAt: options.paidAt ?? new Date(),
            suspenseStatus: options.status ?? 'open',
            suspenseReason: options.reason ?? 'unknown_account',
        })
        .returning();
    if (!row) throw new Error('No suspense payment');
    return row;
};

export interface PaymentOptions {
    reference?: string;
    amount?: number;
    channel?: Channel;
    kind?: 'deposit' | 'instalment' | 'reversal';
    paidAt?: Date;
}

/** A payment recorded on a loan (the balance is left as it is). */
export const makePayment = async (db: Database, loan: { id: number; msisdn: string }, options: PaymentOptions = {}) => {
    const [row] = await db
        .insert(transactions)
        .values({
            reference: options.reference ?? `PAY-${nextSerial()}`,
            msisdn: loan.msisdn,
            loanId: loan.id,
            amount: options.amount ?? 79,
            channel: options.channel ?? 'mpesa',
            kind: options.kind ?? 'instalment',
            paidAt: options.paidAt ?? new Date(),
        })
        .returning();
    if (!row) throw new Error('No payment');
    return row;
};

export interface ClaimOptions extends LoanOptions {
    /** The claim's status (`status` is its new loan's). */
    outcome?: 'successful' | 'failed';
    amount?: number;
    insurer?: string;
    insurerReference?: string;
    reason?: string;
    createdAt?: Date;
    /** On this loan (of this customer's number) instead of a new one. */
    loan?: { id: number; msisdn: string };
}

/**
 * An insurance claim on a new active loan (or the one given): a successful one with its payment
 * (reference = the insurer's, by bank) and the loan's balance lowered by it, as the seed records them.
 */
export const makeClaim = async (db: Database, options: ClaimOptions = {}) => {
    const made = options.loan ? null : await makeLoan(db, options);
    const loan = options.loan ?? { id: made?.loan.id ?? 0, msisdn: made?.msisdn ?? '' };
    const status = options.outcome ?? 'successful';
    const amount = options.amount ?? 158;
    const insurerReference = options.insurerReference ?? `CLM-${nextSerial()}`;
    const createdAt = options.createdAt ?? new Date();
    let transactionId: number | null = null;
    if (status === 'successful') {
        const payment = await makePayment(db, loan, {
            reference: insurerReference,
            amount,
            channel: 'bank',
            paidAt: createdAt,
        });
        transactionId = payment.id;
        const [before] = await db.select({ balance: loans.balance }).from(loans).where(eq(loans.id, loan.id));
        await db
            .update(loans)
            .set({ balance: Math.round(((before?.balance ?? 0) - amount) * 100) / 100 })
            .where(eq(loans.id, loan.id));
    }
    const [claim] = await db
        .insert(tpiClaims)
        .values({
            loanId: loan.id,
            insurer: options.insurer ?? 'Hollard',
            insurerReference,
            amount,
            status,
            reason: status === 'failed' ? (options.reason ?? 'Not covered') : null,
            transactionId,
            createdAt,
        })
        .returning();
    if (!claim) throw new Error('No claim');
    return { claim, loanId: loan.id, msisdn: loan.msisdn, loanReference: made?.loanReference ?? null };
};
