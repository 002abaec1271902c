/**
 * Verifying a sale's codes: one at a time or both at once, under the loan's row lock, so two
 * verifications at once take turns and the one that completes the pair moves the loan `draft` →
 * `awaiting_deposit` in the same transaction. A wrong code counts a guess and is a 400, never a 401.
 */
import { eq } from 'drizzle-orm';
import { loans, otps } from '../../db/schema';
import { HttpError, type CallContext, type FieldError } from '../../http';
import type { AuditEntry, Written } from '../../write';
import { codeHash, sameHash } from '../auth/codes';
import { OTP } from '../auth/otp';
import { tooManyAttempts } from '../auth/throttle';
import { loanStateRefused, moveLoan, type LoanRow } from '../records';
import { callerId, checkSaleActor, lockLoan, saleLoan } from './access';
import { reservationEnded } from './expiry';

import { checkSeller, currentCode, SALE_CODE_PURPOSES, secondsUntil, verifiedAt, type SaleCode } from './saleCodes';

export type Verification = {
    loan_reference: string;
    customer_otp_verified: boolean;
    agent_otp_verified: boolean;
    loan_status: string;
};

const answerOf = (loan: Pick<LoanRow, 'loanReference' | 'customerOtpVerifiedAt' | 'agentOtpVerifiedAt' | 'status'>) => ({
    loan_reference: loan.loanReference,
    customer_otp_verified: loan.customerOtpVerifiedAt !== null,
    agent_otp_verified: loan.agentOtpVerifiedAt !== null,
    loan_status: loan.status,
});

type Failure = { kind: SaleCode; reason: 'wrong' | 'expired' } | { kind: SaleCode; reason: 'locked'; retryAfter: number };

/** The answer to codes that did not verify: 429 once a code had its guesses, else 400 on the first field at fault. */
const failureError = (failures: readonly Failure[], fields: Readonly<Record<SaleCode, string>>): HttpError => {
    const locked = failures.find(failure => failure.reason === 'locked');
    if (locked?.reason === 'locked') {
        return tooManyAttempts('Too many wrong codes; send a new one when this one expires', locked.retryAfter);
    }
    const errors: FieldError[] = failures.map(({ kind, reason }) =>
        reason === 'wrong'
            ? { field: fields[kind], message: `The ${kind}'s code is wrong`, key: 'errors.otp_invalid' }
            : {
                  field: fields[kind],
                  message: `The ${kind}'s code has expired or was already used; send a new one`,
                  key: 'errors.otp_expired',
              },
    );
    const first = errors[0];
    if (!first) throw new Error('A failure without its reason');
    return new HttpError(
        400,
        first.key === 'errors.otp_invalid' ? 'errors.otp_invalid' : 'errors.otp_expired',
        first.message,
        first.field,
        {
            errors,
        },
    );
};

/** Thrown inside the write when every code asked about is verified already: answered outside it, nothing written. */
class AlreadyVerified extends Error {
    constructor(readonly answer: Verification) {
        super('Verified already');
    }
}

/**
 * Verifies the codes given for a sale. Each right one is spent and marked on the loan; each wrong
 * one counts a guess (kept even though the answer is a 400); a code verified before is not checked
 * again. When both are verified the loan awaits its deposit.
 */
export const verifySaleCodes = async (
    context: CallContext,
    loanReference: string,
    given: Partial<Record<SaleCode, string>>,
    fields: Readonly<Record<SaleCode, string>>,
): Promise<Verification> => {
    const sale = await saleLoan(context, loanReference);
    checkSaleActor(context, sale.loan);
    const me = callerId(context);
    const asked = (['customer', 'agent'] as const).filter(kind => given[kind] !== undefined);
    if (asked.includes('agent') && sale.loan.agentOtpVerifiedAt === null) checkSeller(context, sale.loan);
    let outcome: { answer: Verification; failures: Failure[] };
    try {
        outcome = await context.write(async (tx): Promise<Written<{ answer: Verification; failures: Failure[] }>> => {
            const loan = await lockLoan(tx, sale.loan.id);
            const now = context.now();
            const open = asked.filter(kind => verifiedAt(loan, kind) === null);
            if (loan.status === 'cancelled') throw loanStateRefused('This sale was cancelled');
            if (open.length === 0) throw new AlreadyVerified(answerOf(loan));
            if (loan.status !== 'draft') {
                throw loanStateRefused(`Codes are verified while a sale is a draft; this loan is ${loan.status}`);
            }
            // Decided on the locked row: a draft past its reservation is the sweep's to release, not to confirm.
            if (reservationEnded(loan.createdAt, now)) {
                throw new HttpError(
                    409,
                    'errors.reservation_expired',
                    'This sale was not finished in time: its reservation has ended',
                    'loan_reference',
                );
            }
            const failures: Failure[] = [];
            const audit: AuditEntry[] = [];
            const verified: Partial<Record<SaleCode, Date>> = {};
            for (const kind of open) {
                const purpose = SALE_CODE_PURPOSES[kind];
                const row = await currentCode(tx, kind, loan.id, now);
                // An agent's code is for the agent it was sent to: in anyone else's hands it is no code.
                if (!row || (kind === 'agent' && row.adminId !== me)) {
                    failures.push({ kind, reason: 'expired' });
                    continue;
                }
                if (row.attempts >= OTP.maxAttempts) {
                    failures.push({ kind, reason: 'locked', retryAfter: secondsUntil(row.expiresAt, now) });
                    continue;
                }
                const right = sameHash(codeHash(row.id, given[kind] ?? ''), row.codeHash);
                await tx
                    .update(otps)
                    .set({ attempts: row.attempts + 1, ...(right ? { usedAt: now } : {}) })
                    .where(eq(otps.id, row.id));
                if (right) {
                    verified[kind] = now;
                    audit.push({ action: 'otps.use', entity: 'otps', entityId: row.id, after: { purpose } });
                } else {
                    failures.push({ kind, reason: 'wrong' });
                    audit.push({
                        action: 'otps.reject',
                        entity: 'otps',
                        entityId: row.id,
                        after: { purpose, loan_reference: loan.loanReference, attempts: row.attempts + 1 },
                    });
                }
            }
            // Nothing to record (every code expired or out of guesses): refuse without writing.
            if (audit.length === 0) throw failureError(failures, fields);
            let after: LoanRow = loan;
            if (verified.customer || verified.agent) {
                const customerOtpVerifiedAt = loan.customerOtpVerifiedAt ?? verified.customer ?? null;
                const agentOtpVerifiedAt = loan.agentOtpVerifiedAt ?? verified.agent ?? null;
                const status =
                    customerOtpVerifiedAt && agentOtpVerifiedAt ? moveLoan(loan.status, 'awaiting_deposit') : loan.status;
                after = { ...loan, customerOtpVerifiedAt, agentOtpVerifiedAt, status };
                await tx
                    .update(loans)
                    .set({ customerOtpVerifiedAt, agentOtpVerifiedAt, status, updatedAt: now })
                    .where(eq(loans.id, loan.id));
                audit.push({
                    action: 'loans.verify_code',
                    entity: 'loans',
                    entityId: loan.id,
                    before: answerOf(loan),
                    after: { ...answerOf(after), verified: Object.keys(verified) },
                });
            }
            const [first, ...rest] = audit;
            if (!first) throw new Error('A verification without its audit');
            return { result: { answer: answerOf(after), failures }, audit: [first, ...rest] as const };
        });
    } catch (error) {
        if (error instanceof AlreadyVerified) return error.answer;
        throw error;
    }
    if (outcome.failures.length > 0) throw failureError(outcome.failures, fields);
    return outcome.answer;
};
