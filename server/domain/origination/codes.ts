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
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
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
import type { Queryable } from '../../db';
import { admins, otps } from '../../db/schema';
import { mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import { codeHash, maskMsisdn } from '../auth/codes';
import { OTP, sendCodeSms, tooManyCodes } from '../auth/otp';
import { tooManyAttempts } from '../auth/throttle';
import { loanStateRefused, type LoanRow, type SelectedLoan } from '../records';
import { callerId, callerMsisdn, checkSaleActor, lockLoan, saleLoan } from './access';
import { verifySaleCodes } from './codeVerification';
import {
    checkSeller,
    currentCode,
    SALE_CODE_PURPOSES,
    saleCodeSubject,
    secondsUntil,
    verifiedAt,
    type SaleCode,
} from './saleCodes';

export { SALE_CODE_PURPOSES, saleCodeSubject, type SaleCode } from './saleCodes';

const newCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');

const codeText = (kind: SaleCode, sale: SelectedLoan, code: string) =>
    kind === 'customer'
        ? `Lipa Pole Pole: your code to accept loan ${sale.loan.loanReference} for a ${sale.brand} ${sale.model} (deposit ${CURRENCY} ${sale.loan.deposit}, then ${sale.loan.term} x ${CURRENCY} ${sale.loan.instalment} ${sale.loan.instalmentPeriod}) is ${code}. It expires in 5 minutes. Give it only to the agent selling you the phone.`
        : `Your code to confirm sale ${sale.loan.loanReference} is ${code}. It expires in 5 minutes.`;

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
