/**
 * Deciding each payment of a batch (index.ts, step 2a and 2b): what the database knows of the
 * batch's payments, read and locked under the imports' lock, then each payment's outcome in file
 * order: matched on its loan, in suspense with why, or a duplicate.
 */
import { sql } from 'drizzle-orm';
import type { RowOutcome, SuspenseReason } from '../../../../contract/money';
import type { Transaction } from '../../../db';
import { referenceKey, referenceKeyOf } from '../reference';
import type { PaymentRow, RejectedRow, RowProblem } from '../statement';
import { anyInt, anyText, batchesOf, centsOf, select } from './bulkSql';
import { nextTask, READ_SLICE } from './turns';

/** Keys per lookup: past ~20,000 the array's sort in the index scan costs more than another round trip. */
const LOOKUP_BATCH = 20_000;

/** A payment this import records: on its loan, or in suspense with why. */
export interface Recorded {
    row: PaymentRow;
    loanId: number | null;
    reason: SuspenseReason | null;
}

/** A row that records nothing: a duplicate (of a payment before, or of one earlier in the file) or a rejection. */
export interface NotRecorded {
    line: number;
    outcome: Extract<RowOutcome, 'duplicate' | 'rejected'>;
    reference: string | null;
    msisdn: string | null;
    cents: number | null;
    field: string | null;
    problem: RowProblem | null;
}

interface LockedLoan {
    id: number;
    active: boolean;
    balance: number;
}

/** What the database says about the statement's payments, read under the lock. */
interface Known {
    /** The references already recorded, as keys (`referenceKey`). */
    recorded: ReadonlySet<string>;
    /** Loan reference → loan id, for the accounts the rows name. */
    loansByReference: ReadonlyMap<string, number>;
    /** Payer's number → ids of their customer's active loans. */
    activeLoansOf: ReadonlyMap<string, readonly number[]>;
    /** Every loan above, as locked (status and balance in cents). */
    loans: ReadonlyMap<number, LockedLoan>;
}

export const rejection = (row: RejectedRow): NotRecorded => ({
    line: row.line,
    outcome: 'rejected',
    reference: row.reference,
    msisdn: row.msisdn,
    cents: row.cents,
    field: row.field,
    problem: row.problem,
});

/** Matched or suspense, for a payment with a loan in view (or none): the loan's balance so far decides. */
const onLoan = (loan: LockedLoan | undefined, cents: number): { loanId: number | null; reason: SuspenseReason | null } => {
    if (!loan) return { loanId: null, reason: 'unknown_account' };
    if (!loan.active) return { loanId: null, reason: 'loan_not_active' };
    if (cents > loan.balance) return { loanId: null, reason: 'exceeds_balance' };
    loan.balance -= cents;
    return { loanId: loan.id, reason: null };
};

/**
 * Every payment's outcome in file order, balances applied as it goes (the file's rows on one loan
 * all count). Other requests are served every READ_SLICE rows.
 */
export const decide = async (payments: readonly PaymentRow[], known: Known) => {
    const recorded: Recorded[] = [];
    const duplicates: NotRecorded[] = [];
    /** The references this file records, as it goes (as keys). */
    const inFile = new Set<string>();
    let decided = 0;
    for (const row of payments) {
        if (++decided % READ_SLICE === 0) await nextTask();
        const key = referenceKey(row.reference);
        if (known.recorded.has(key) || inFile.has(key)) {
            duplicates.push({
                line: row.line,
                outcome: 'duplicate',
                reference: row.reference,
                msisdn: row.msisdn,
                cents: row.cents,
                field: null,
                problem: null,
            });
            continue;
        }
        const named = row.account === null ? undefined : known.loansByReference.get(row.account);
        let decision: { loanId: number | null; reason: SuspenseReason | null };
        if (named !== undefined) {
            decision = onLoan(known.loans.get(named), row.cents);
        } else {
            const candidates = (known.activeLoansOf.get(row.msisdn) ?? []).filter(id => known.loans.get(id)?.active);
            decision =
                candidates.length > 1
                    ? { loanId: null, reason: 'several_loans' }
                    : onLoan(candidates[0] === undefined ? undefined : known.loans.get(candidates[0]), row.cents);
        }
        recorded.push({ row, ...decision });
        inFile.add(key);
    }
    return { recorded, duplicates };
};

/** Reads what the rows need to be decided, locking the loans they may touch (see the header, step 2). */
export const readKnown = async (tx: Transaction, payments: readonly PaymentRow[]): Promise<Known> => {
    const keys = [...new Set(payments.map(row => referenceKey(row.reference)))];
    const recorded = new Set<string>();
    for (const batch of batchesOf(keys, LOOKUP_BATCH)) {
        // The unique index's own expression, so the lookup reads it.
        const found = await select<{ key: string }>(
            tx,
            sql`SELECT ${referenceKeyOf(sql`reference`)} AS key FROM transactions
                WHERE ${referenceKeyOf(sql`reference`)} = ${anyText(batch)}`,
        );
        for (const { key } of found) recorded.add(key);
    }
    const fresh = payments.filter(row => !recorded.has(referenceKey(row.reference)));

    const accounts = [...new Set(fresh.flatMap(row => (row.account === null ? [] : [row.account])))];
    const loansByReference = new Map<string, number>();
    for (const batch of batchesOf(accounts, LOOKUP_BATCH)) {
        const found = await select<{ id: number; loan_reference: string }>(
            tx,
            sql`SELECT id, loan_reference FROM loans WHERE loan_reference = ${anyText(batch)}`,
        );
        for (const loan of found) loansByReference.set(loan.loan_reference, loan.id);
    }

    const payers = [
        ...new Set(fresh.filter(row => row.account === null || !loansByReference.has(row.account)).map(row => row.msisdn)),
    ];
    const activeLoansOf = new Map<string, number[]>();
    for (const batch of batchesOf(payers, LOOKUP_BATCH)) {
        const found = await select<{ msisdn: string; id: number }>(
            tx,
            sql`SELECT c.msisdn, l.id FROM customers c JOIN loans l ON l.customer_id = c.id
                WHERE c.msisdn = ${anyText(batch)} AND l.status = 'active'`,
        );
        for (const { msisdn, id } of found) activeLoansOf.set(msisdn, [...(activeLoansOf.get(msisdn) ?? []), id]);
    }

    const ids = [...new Set([...loansByReference.values(), ...[...activeLoansOf.values()].flat()])].sort((a, b) => a - b);
    const loans = new Map<number, LockedLoan>();
    if (ids.length > 0) {
        const locked = await select<{ id: number; status: string; balance: string }>(
            tx,
            sql`SELECT id, status, balance FROM loans WHERE id = ${anyInt(ids)} ORDER BY id FOR UPDATE`,
        );
        for (const loan of locked) {
            loans.set(loan.id, { id: loan.id, active: loan.status === 'active', balance: centsOf(loan.balance) });
        }
    }
    return { recorded, loansByReference, activeLoansOf, loans };
};
