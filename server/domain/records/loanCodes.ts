/**
 * A loan's one-time codes in `otps`: the sale's two (origination/saleCodes.ts) and the Vivo lock's
 * authorisation (devices/vivo.ts) are filed under the loan, each kind by its own purpose, and are
 * read back the same way.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { otps } from '../../db/schema';

/** The `otps.subject` of every code sent for a loan. */
export const loanCodeSubject = (loanId: number) => `loan:${loanId}`;

/**
 * A loan's current code of one purpose, locked: the latest unused one that has not expired. A
 * resend updates this row rather than adding one, so the guesses made so far still count.
 */
export const currentLoanCode = async (tx: Transaction, purpose: string, loanId: number, now: Date) => {
    const [row] = await tx
        .select()
        .from(otps)
        .where(
            and(
                eq(otps.purpose, purpose),
                eq(otps.subject, loanCodeSubject(loanId)),
                isNull(otps.usedAt),
                gt(otps.expiresAt, now),
            ),
        )
        .orderBy(desc(otps.createdAt))
        .limit(1)
        .for('update');
    return row;
};
