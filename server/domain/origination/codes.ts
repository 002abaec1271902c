/**
 * The two codes that close a sale's terms (contract/origination/index.ts): the customer's, proving they
 * accept them, and the selling agent's, sent to the caller's own phone. The OTP rules of
 * server/domain/auth/otp.ts, in the same `otps` table (purposes `sale_customer` and `sale_agent`,
 * subject the loan): 6 digits by SMS, valid 5 minutes, single use, a new code replaces the last
 * (the guesses made so far still count), 5 guesses, and the phone's hourly share of codes.
 *
 * A wrong code is a 400 (`errors.otp_invalid`), never a 401: a 401 signs the portal user out. The
 * customer's code may be taken by anyone of the selling shop; the agent's code is asked for and
 * given by the seller only (403 otherwise), and is good only in the hands of the agent it was sent to. A verification runs under
 * the loan's row lock, so two verifications at once take turns, and the one that completes the
 * pair moves the loan `draft` → `awaiting_deposit` in the same transaction.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    agentOtp,
    customerOtp,
    digitalAssistedVerifyOtp,
    generateAgentOtp,
    generateCustomerOtp,
    verifyOtpV2,
} from '../../../contract/origination';
import { CURRENCY } from '../../../contract/customers';
import type { Queryable, Transaction } from '../../db';
import { admins, loans, otps } from '../../db/schema';
import { HttpError, mount, type CallContext, type FieldError } from '../../http';
import { iso } from '../../wire';
import type { AuditEntry, Written } from '../../write';
import { codeHash, maskMsisdn, sameHash } from '../auth/codes';
import { OTP, sendCodeSms, tooManyCodes } from '../auth/otp';
import { tooManyAttempts } from '../auth/throttle';
import { loanStateRefused, moveLoan, type LoanRow, type SelectedLoan } from '../records';
import { callerId, callerMsisdn, checkSaleActor, lockLoan, saleLoan } from './access';
import { reservationEnded } from './expiry';

export type SaleCode = 'customer' | 'agent';
export const SALE_CODE_PURPOSES: Readonly<Record<SaleCode, string>> = { customer: 'sale_customer', agent: 'sale_agent' };
export const saleCodeSubject = (loanId: number) => `loan:${loanId}`;

const newCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');

const verifiedAt = (loan: Pick<LoanRow, 'customerOtpVerifiedAt' | 'agentOtpVerifiedAt'>, kind: SaleCode) =>
    kind === 'customer' ? loan.customerOtpVerifiedAt : loan.agentOtpVerifiedAt;

/** The current code of a kind for a loan, locked: the latest unused one that has not expired. */
const currentCode = async (tx: Transaction, kind: SaleCode, loanId: number, now: Date) => {
    const [row] = await tx
        .select()
        .from(otps)
        .where(
            and(
                eq(otps.purpose, SALE_CODE_PURPOSES[kind]),
                eq(otps.subject, saleCodeSubject(loanId)),
                isNull(otps.usedAt),
                gt(otps.expiresAt, now),
            ),
        )
        .orderBy(desc(otps.createdAt))
        .limit(1)
        .for('update');
    return row;
};

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

const codeText = (kind: SaleCode, sale: SelectedLoan, code: string) =>
    kind === 'customer'
        ? `Lipa Pole Pole: your code to accept loan ${sale.loan.loanReference} for a ${sale.brand} ${sale.model} (deposit ${CURRENCY} ${sale.loan.deposit}, then ${sale.loan.term} x ${CURRENCY} ${sale.loan.instalment} ${sale.loan.instalmentPeriod}) is ${code}. It expires in 5 minutes. Give it only to the agent selling you the phone.`
        : `Your code to confirm sale ${sale.loan.loanReference} is ${code}. It expires in 5 minutes.`;

/** The agent's code confirms the sale is the caller's: only its seller asks for it or gives it. */
const checkSeller = (context: CallContext, loan: LoanRow) => {
    if (loan.agentAdminId !== callerId(context)) {
        throw new HttpError(
            403,
            'errors.forbidden',
            'Only the agent who made this sale confirms it with their code',
            'loan_reference',
        );
    }
};

/** Sends a code of a kind for a draft sale: to the customer, or to the seller's own phone. */
const sendSaleCode = async (context: CallContext, kind: SaleCode, loanReference: string) => {
    const sale = await saleLoan(context, loanReference);
    checkSaleActor(context, sale.loan);
    if (kind === 'agent') checkSeller(context, sale.loan);
    const me = callerId(context);
    const msisdn = kind === 'customer' ? sale.msisdn : await callerMsisdn(context);
    const purpose = SALE_CODE_PURPOSES[kind];
    const code = newCode();
    return context.write(async tx => {
        const loan = await lockLoan(tx, sale.loan.id);
        if (loan.status !== 'draft') {
            throw loanStateRefused(`Codes are sent while a sale is a draft; this loan is ${loan.status}`);
        }
        if (verifiedAt(loan, kind) !== null) throw loanStateRefused(`The ${kind}'s code for this sale is verified already`);
        const now = context.now();
        const expiresAt = new Date(now.getTime() + OTP.ttlMs);
        const current = await currentCode(tx, kind, loan.id, now);
        if (current && current.attempts >= OTP.maxAttempts) {
            throw tooManyAttempts(
                'Too many wrong codes; a new one can be sent when this one expires',
                secondsUntil(current.expiresAt, now),
            );
        }
        if (current && current.sends >= OTP.maxSends) {
            throw tooManyAttempts('Too many codes sent for this sale; wait and try again', secondsUntil(current.expiresAt, now));
        }
        const sms = await sendCodeSms(tx, msisdn, codeText(kind, sale, code), now, { ownPhone: kind === 'agent' });
        if (!sms.sent) throw tooManyCodes(sms.retryAfter);
        let codeId: string;
        if (current) {
            codeId = current.id;
            await tx
                .update(otps)
                .set({ codeHash: codeHash(codeId, code), expiresAt, sends: current.sends + 1, adminId: me })
                .where(eq(otps.id, codeId));
        } else {
            codeId = randomUUID();
            await tx.insert(otps).values({
                id: codeId,
                purpose,
                subject: saleCodeSubject(loan.id),
                // The agent's code works for this admin only; the customer's records who asked for it.
                adminId: me,
                codeHash: codeHash(codeId, code),
                expiresAt,
                createdAt: now,
            });
        }
        return {
            result: { loan_reference: loan.loanReference, sent_to: maskMsisdn(msisdn), expires_at: iso(expiresAt) },
            audit: {
                action: 'otps.issue',
                entity: 'otps',
                entityId: codeId,
                after: { purpose, loan_reference: loan.loanReference, sent_to: maskMsisdn(msisdn) },
            },
        };
    });
};

type Verification = {
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
const verifySaleCodes = async (
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

export type SentCode = { sent_to: string; sent_at: string; expires_at: string; expired: boolean };

/**
 * What loan_progress says of a sale's codes, from the codes table: for each kind not verified on
 * the loan, the latest code sent and not used (a resend updates that row, so its expiry is the
 * last send's), where it went and until when; null when none was sent. The customer's went to the
 * customer's phone, the agent's to the phone of the admin who asked for it (the seller). An expired
 * one is still answered, marked so: the wizard says it has expired rather than "not sent yet".
 */
export const sentCodes = async (
    db: Queryable,
    loan: Pick<LoanRow, 'id' | 'customerOtpVerifiedAt' | 'agentOtpVerifiedAt'>,
    customerMsisdn: string,
    now: Date,
): Promise<Record<SaleCode, SentCode | null>> => {
    const rows = await db
        .select({ purpose: otps.purpose, expiresAt: otps.expiresAt, adminMsisdn: admins.msisdn })
        .from(otps)
        .leftJoin(admins, eq(admins.id, otps.adminId))
        .where(
            and(
                eq(otps.subject, saleCodeSubject(loan.id)),
                inArray(otps.purpose, Object.values(SALE_CODE_PURPOSES)),
                isNull(otps.usedAt),
            ),
        )
        .orderBy(desc(otps.createdAt));
    const stateOf = (kind: SaleCode): SentCode | null => {
        if (verifiedAt(loan, kind) !== null) return null;
        const row = rows.find(each => each.purpose === SALE_CODE_PURPOSES[kind]);
        const msisdn = kind === 'customer' ? customerMsisdn : row?.adminMsisdn;
        if (!row || !msisdn) return null;
        return {
            sent_to: maskMsisdn(msisdn),
            sent_at: iso(new Date(row.expiresAt.getTime() - OTP.ttlMs)),
            expires_at: iso(row.expiresAt),
            expired: row.expiresAt.getTime() <= now.getTime(),
        };
    };
    return { customer: stateOf('customer'), agent: stateOf('agent') };
};

export const registerCodeRoutes = (app: FastifyInstance): void => {
    mount(app, generateCustomerOtp, async ({ body }, context) => sendSaleCode(context, 'customer', body.loan_reference));
    mount(app, generateAgentOtp, async ({ body }, context) => sendSaleCode(context, 'agent', body.loan_reference));

    const oneField = { customer: 'otp', agent: 'otp' } as const;
    const twoFields = { customer: 'customer_otp', agent: 'agent_otp' } as const;
    mount(app, customerOtp, async ({ body }, context) =>
        verifySaleCodes(context, body.loan_reference, { customer: body.otp }, oneField),
    );
    mount(app, agentOtp, async ({ body }, context) =>
        verifySaleCodes(context, body.loan_reference, { agent: body.otp }, oneField),
    );
    mount(app, verifyOtpV2, async ({ body }, context) =>
        verifySaleCodes(context, body.loan_reference, { customer: body.customer_otp, agent: body.agent_otp }, twoFields),
    );
    mount(app, digitalAssistedVerifyOtp, async ({ body }, context) =>
        verifySaleCodes(context, body.loan_reference, { customer: body.customer_otp, agent: body.agent_otp }, twoFields),
    );
};
