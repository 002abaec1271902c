/**
 * What sending a sale's codes and verifying them share (./codes.ts, ./codeVerification.ts): the
 * two kinds and how their rows in `otps` are named, the current code of a kind, and the rule that
 * the agent's code is the seller's alone.
 */
import type { Transaction } from '../../db';
import { HttpError, type CallContext } from '../../http';
import { currentLoanCode, loanCodeSubject, type LoanRow } from '../records';
import { callerId } from './access';

export type SaleCode = 'customer' | 'agent';
export const SALE_CODE_PURPOSES: Readonly<Record<SaleCode, string>> = { customer: 'sale_customer', agent: 'sale_agent' };
export const saleCodeSubject = loanCodeSubject;

export const verifiedAt = (loan: Pick<LoanRow, 'customerOtpVerifiedAt' | 'agentOtpVerifiedAt'>, kind: SaleCode) =>
    kind === 'customer' ? loan.customerOtpVerifiedAt : loan.agentOtpVerifiedAt;

/** The current code of a kind for a loan, locked: the latest unused one that has not expired. */
export const currentCode = (tx: Transaction, kind: SaleCode, loanId: number, now: Date) =>
    currentLoanCode(tx, SALE_CODE_PURPOSES[kind], loanId, now);

export const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** The agent's code confirms the sale is the caller's: only its seller asks for it or gives it. */
export const checkSeller = (context: CallContext, loan: LoanRow) => {
    if (loan.agentAdminId !== callerId(context)) {
        throw new HttpError(
            403,
            'errors.forbidden',
            'Only the agent who made this sale confirms it with their code',
            'loan_reference',
        );
    }
};
