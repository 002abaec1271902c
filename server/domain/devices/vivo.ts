/**
 * The Vivo authorisation code (contract/devices.ts `sendVivoAuthCode`, `verifyVivoAuthCode`): a
 * Vivo lock is activated only once the customer has read out a code sent to their phone, under the
 * OTP rules of server/domain/auth/otp.ts (5 minutes, 5 guesses, single use).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sendVivoAuthCode, verifyVivoAuthCode } from '../../../contract/devices';
import type { Transaction } from '../../db';
import { deviceLocks, otps } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { iso } from '../../wire';
import type { Written } from '../../write';
import { codeHash, maskMsisdn, sameHash } from '../auth/codes';
import { OTP, sendCodeSms, tooManyCodes } from '../auth/otp';
import { tooManyAttempts } from '../auth/throttle';
import { checkOwnShopLoan, currentLoanCode, loanCodeSubject, toDeviceLock, type DeviceRow } from '../records';
import { commandChanges, freshLoan, lockedDevice } from './commands';

const VIVO_PURPOSE = 'vivo_device';
const newVivoCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');

const notVivo = () => new HttpError(409, 'errors.not_vivo', 'This device does not use the Vivo lock', 'loan_reference');
// A wrong or stale code is the customer's mistake, a 400: a 401 would sign the agent out of the portal.
const codeExpired = () =>
    new HttpError(400, 'errors.otp_expired', 'This code has expired or was already used; send a new one', 'code');

/** Writes a code to the customer's SMS outbox, within the phone's hourly share of codes (auth/otp.ts). */
const sendCodeToCustomer = async (tx: Transaction, msisdn: string, code: string, now: Date) => {
    const text = `Your code to authorise the lock on your new phone is ${code}. It expires in 5 minutes. Give it only to the agent selling you the phone.`;
    const sms = await sendCodeSms(tx, msisdn, text, now);
    if (!sms.sent) throw tooManyCodes(sms.retryAfter);
};

type VivoOutcome = { kind: 'authorized'; device: DeviceRow } | { kind: 'wrong' };

export const registerVivoRoutes = (app: FastifyInstance): void => {
    mount(app, sendVivoAuthCode, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        if (loan.loan.lockSolution !== 'vivo') throw notVivo();
        if (loan.device.vivoAuthorizedAt !== null || loan.device.state !== 'pending') {
            throw new HttpError(409, 'errors.device_state', 'This Vivo lock is already authorised', 'loan_reference');
        }
        const now = context.now();
        const code = newVivoCode();
        const expiresAt = new Date(now.getTime() + OTP.ttlMs);
        const msisdn = loan.msisdn;
        return context.write(async tx => {
            const current = await currentLoanCode(tx, VIVO_PURPOSE, loan.loan.id, now);
            if (current && current.sends >= OTP.maxSends)
                throw tooManyAttempts('Too many codes sent for this phone; wait and try again');
            await sendCodeToCustomer(tx, msisdn, code, now);
            let codeId: string;
            if (current) {
                // A new code replaces the last; the guesses made so far still count.
                codeId = current.id;
                await tx
                    .update(otps)
                    .set({ codeHash: codeHash(codeId, code), expiresAt, sends: current.sends + 1 })
                    .where(eq(otps.id, codeId));
            } else {
                codeId = randomUUID();
                await tx.insert(otps).values({
                    id: codeId,
                    purpose: VIVO_PURPOSE,
                    subject: loanCodeSubject(loan.loan.id),
                    adminId: context.session?.admin.id ?? null,
                    codeHash: codeHash(codeId, code),
                    expiresAt,
                    createdAt: now,
                });
            }
            return {
                result: { loan_reference: loan.loan.loanReference, sent_to: maskMsisdn(msisdn), expires_at: iso(expiresAt) },
                audit: {
                    action: 'otps.issue',
                    entity: 'otps',
                    entityId: codeId,
                    after: { purpose: VIVO_PURPOSE, loan_reference: loan.loan.loanReference, sent_to: maskMsisdn(msisdn) },
                },
            };
        });
    });

    mount(app, verifyVivoAuthCode, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        if (loan.loan.lockSolution !== 'vivo') throw notVivo();
        const outcome = await context.write(async (tx): Promise<Written<VivoOutcome>> => {
            const now = context.now();
            const row = await currentLoanCode(tx, VIVO_PURPOSE, loan.loan.id, now);
            if (!row) throw codeExpired();
            if (row.attempts >= OTP.maxAttempts) throw tooManyAttempts('Too many wrong codes; send a new one later');
            const right = sameHash(codeHash(row.id, body.code), row.codeHash);
            await tx
                .update(otps)
                .set({ attempts: row.attempts + 1, ...(right ? { usedAt: now } : {}) })
                .where(eq(otps.id, row.id));
            if (!right) {
                return {
                    result: { kind: 'wrong' },
                    audit: {
                        action: 'otps.reject',
                        entity: 'otps',
                        entityId: row.id,
                        after: { purpose: VIVO_PURPOSE, attempts: row.attempts + 1 },
                    },
                };
            }
            const device = await lockedDevice(tx, loan.loan.id);
            const changes = device.state === 'pending' ? commandChanges(device, 'activate', now) : {};
            const [updated] = await tx
                .update(deviceLocks)
                .set({ ...changes, vivoAuthorizedAt: now, updatedAt: now })
                .where(eq(deviceLocks.id, device.id))
                .returning();
            if (!updated) throw new Error('The device could not be read back');
            return {
                result: { kind: 'authorized', device: updated },
                audit: [
                    { action: 'otps.use', entity: 'otps', entityId: row.id, after: { purpose: VIVO_PURPOSE } },
                    {
                        action: 'device_locks.vivo_authorize',
                        entity: 'device_locks',
                        entityId: device.id,
                        before: { state: device.state },
                        after: { state: updated.state },
                    },
                ],
            };
        });
        if (outcome.kind === 'wrong') throw new HttpError(400, 'errors.otp_invalid', 'Wrong code', 'code');
        return { loan_reference: loan.loan.loanReference, device: toDeviceLock(outcome.device) };
    });
};
