/**
 * The staff second factor: a 6-digit code sent by SMS, valid 5 minutes, single use. At most 5
 * guesses per sign-in whatever the resends (a resend replaces the code, not the count); the guess
 * that spends the fifth ends the sign-in (`errors.otp_attempts_exhausted`: only a new sign-in
 * helps, so the answer says that, not to wait). At most 5 codes per sign-in.
 *
 * A phone's budget counts unused codes: at most 5 codes sent to one phone in any hour that have
 * not signed anyone in, however many sign-ins ask. A code counts from the moment it is sent for
 * one hour, unless it signs someone in (its place comes back at once) or an administrator releases
 * the phone's budget. A code replaced by a resend, or left to expire, was never used, so it counts:
 * the budget guards the phone from codes its owner did not ask for, not its owner from signing in.
 * The refusal (429 `errors.too_many_codes`) says when the next code may be sent: the moment the
 * oldest of the last 5 unused codes turns an hour old (`Retry-After` and `retry_after`).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { admins, otps, rateEvents, smsOutbox } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import type { AuditEntry, Written } from '../../write';
import { codeHash, maskMsisdn, sameHash, UUID_PATTERN } from './codes';
import { issueDeviceToken } from './devices';
import { openSession, type SignedIn } from './sessions';
import { recordSignInSuccess, tooManyAttempts } from './throttle';

export const OTP = { length: 6, ttlMs: 5 * 60_000, maxAttempts: 5, maxSends: 5 };
/** Codes one phone may receive in an hour, across every sign-in. */
export const OTP_SMS_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

const newOtpCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');

/** The refusal when a phone's budget is spent: `retryAfter`, the seconds until the next code may be sent. */
export const tooManyCodes = (retryAfter: number) =>
    new HttpError(
        429,
        'errors.too_many_codes',
        `This phone has had ${OTP_SMS_PER_HOUR} unused SMS codes in the last hour; the next can be sent in ${retryAfter} s`,
        undefined,
        { retryAfter },
    );

/** A sign-in whose guesses are spent: waiting cannot help, only signing in again. */
const attemptsExhausted = () =>
    new HttpError(401, 'errors.otp_attempts_exhausted', 'Too many wrong codes: this sign-in has ended; sign in again', 'otp');

const codeLock = (tx: Transaction, msisdn: string) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-otp:${msisdn}`}))`);

/** The rate event an administrator's release leaves (`releaseCodeBudget`): codes sent before it no longer count. */
const releaseBucket = (msisdn: string) => `sms-otp-release:${msisdn}`;

/**
 * The codes that count against the phone's hourly share now, newest first (at most `limit`): those
 * of the last hour that signed no one in, since its last release.
 */
const codesCounted = async (tx: Transaction, msisdn: string, now: Date, limit?: number): Promise<Date[]> => {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const [release] = await tx
        .select({ at: rateEvents.at })
        .from(rateEvents)
        .where(and(eq(rateEvents.bucket, releaseBucket(msisdn)), gt(rateEvents.at, hourAgo)))
        .orderBy(desc(rateEvents.id))
        .limit(1);
    const query = tx
        .select({ at: smsOutbox.createdAt })
        .from(smsOutbox)
        .where(
            and(
                eq(smsOutbox.msisdn, msisdn),
                eq(smsOutbox.purpose, 'otp'),
                isNull(smsOutbox.usedAt),
                // A code sent in the release's own instant still counts: a release never frees more than was sent before it.
                release ? gte(smsOutbox.createdAt, release.at) : gt(smsOutbox.createdAt, hourAgo),
            ),
        )
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id));
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map(row => row.at);
};

/** Where a code went: the outbox message's id, or the seconds until the phone may have another. */
export type CodeSent = { sent: true; smsId: number } | { sent: false; retryAfter: number };

/**
 * Writes a one-time code's text to the SMS outbox (the seam for a real gateway), unless the phone
 * already has its hourly share of unused codes (staff sign-in codes and customers' device codes
 * alike: one phone, one budget): then nothing is sent, and the answer says when the oldest of them
 * stops counting. The phone is locked for the transaction, so parallel requests cannot both take
 * the last place.
 */
export const sendCodeSms = async (
    tx: Transaction,
    msisdn: string,
    text: string,
    now: Date,
    { ownPhone = false }: { ownPhone?: boolean } = {},
): Promise<CodeSent> => {
    const send = async (): Promise<CodeSent> => {
        const [row] = await tx
            .insert(smsOutbox)
            .values({ msisdn, text, purpose: 'otp', createdAt: now })
            .returning({ id: smsOutbox.id });
        return { sent: true, smsId: row?.id ?? 0 };
    };
    // A code a signed-in seller asks for their own phone (a sale's agent code) is theirs to spend:
    // the hourly share guards a phone from codes other people set off. Its sends are capped per sale.
    if (ownPhone) return send();
    await codeLock(tx, msisdn);
    const counted = await codesCounted(tx, msisdn, now, OTP_SMS_PER_HOUR);
    const oldest = counted[OTP_SMS_PER_HOUR - 1];
    if (oldest) {
        return { sent: false, retryAfter: Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000)) };
    }
    return send();
};

/** A code that signed someone in gives its place in the phone's hourly share back. */
const markCodeUsed = (tx: Transaction, smsId: number | null, now: Date) =>
    smsId === null
        ? Promise.resolve()
        : tx
              .update(smsOutbox)
              .set({ usedAt: now })
              .where(eq(smsOutbox.id, smsId))
              .then(() => undefined);

/**
 * An administrator gives a phone its hourly share of codes back (a two-factor user who spent it
 * is otherwise shut out for an hour): codes sent so far stop counting. Under the phone's lock, so
 * a code being sent counts wholly before or after. Answers how many codes stopped counting.
 */
export const releaseCodeBudget = async (tx: Transaction, msisdn: string, now: Date): Promise<number> => {
    await codeLock(tx, msisdn);
    const counted = (await codesCounted(tx, msisdn, now)).length;
    if (counted > 0) await tx.insert(rateEvents).values({ bucket: releaseBucket(msisdn), at: now });
    return counted;
};

const sendOtp = (tx: Transaction, context: CallContext, msisdn: string, code: string): Promise<CodeSent> =>
    sendCodeSms(tx, msisdn, `Your portal sign-in code is ${code}. It expires in 5 minutes.`, context.now());

export type OtpIssue = { kind: 'otp'; authId: string; sentTo: string } | { kind: 'sms_limit'; retryAfter: number };

/** Starts the second step of a password sign-in: a new code for the admin's phone. */
export const issueSignInOtp = async (
    tx: Transaction,
    context: CallContext,
    admin: { id: number; msisdn: string },
): Promise<Written<OtpIssue>> => {
    const now = context.now();
    const authId = randomUUID();
    const code = newOtpCode();
    const sms = await sendOtp(tx, context, admin.msisdn, code);
    if (!sms.sent) {
        return {
            result: { kind: 'sms_limit', retryAfter: sms.retryAfter },
            audit: {
                actorAdminId: admin.id,
                action: 'otps.refuse',
                entity: 'otps',
                after: { reason: 'sms_limit', sent_to: maskMsisdn(admin.msisdn), retry_after: sms.retryAfter },
            },
        };
    }
    await tx.insert(otps).values({
        id: authId,
        purpose: 'sign_in',
        subject: String(admin.id),
        adminId: admin.id,
        codeHash: codeHash(authId, code),
        smsId: sms.smsId,
        expiresAt: new Date(now.getTime() + OTP.ttlMs),
        createdAt: now,
    });
    return {
        result: { kind: 'otp', authId, sentTo: maskMsisdn(admin.msisdn) },
        audit: {
            actorAdminId: admin.id,
            action: 'otps.issue',
            entity: 'otps',
            entityId: authId,
            after: { purpose: 'sign_in', admin_id: admin.id, sent_to: maskMsisdn(admin.msisdn) },
        },
    };
};

const otpExpired = (message = 'This code has expired or was already used; sign in again') =>
    new HttpError(401, 'errors.otp_expired', message);

/** The pending sign-in of an auth_id, locked for this transaction; refuses an unknown, used or expired one. */
const pendingSignIn = async (tx: Transaction, authId: string, now: Date, expiredMessage?: string) => {
    if (!UUID_PATTERN.test(authId)) throw otpExpired(expiredMessage);
    const [row] = await tx
        .select()
        .from(otps)
        .where(and(eq(otps.id, authId), eq(otps.purpose, 'sign_in')))
        .for('update');
    if (!row || row.usedAt || row.expiresAt <= now || row.adminId === null) throw otpExpired(expiredMessage);
    return { ...row, adminId: row.adminId };
};

type OtpOutcome =
    { kind: 'signed_in'; result: SignedIn; username: string; passwordHash: string } | { kind: 'wrong'; exhausted: boolean };

export const otpSignIn = async (body: { auth_id: string; otp: string }, context: CallContext) => {
    const authId = body.auth_id;
    const outcome = await context.write(async (tx): Promise<Written<OtpOutcome>> => {
        const now = context.now();
        const row = await pendingSignIn(tx, authId, now);
        if (row.attempts >= OTP.maxAttempts) throw attemptsExhausted();

        const right = sameHash(codeHash(authId, body.otp), row.codeHash);
        await tx
            .update(otps)
            .set({ attempts: row.attempts + 1, ...(right ? { usedAt: now } : {}) })
            .where(eq(otps.id, authId));
        if (!right) {
            const rejected: AuditEntry = {
                actorAdminId: row.adminId,
                action: 'otps.reject',
                entity: 'otps',
                entityId: authId,
                after: { attempts: row.attempts + 1 },
            };
            return { result: { kind: 'wrong', exhausted: row.attempts + 1 >= OTP.maxAttempts }, audit: rejected };
        }
        const [admin] = await tx
            .select({ status: admins.status, username: admins.username, passwordHash: admins.passwordHash })
            .from(admins)
            .where(eq(admins.id, row.adminId));
        if (!admin || admin.status !== 'active') throw otpExpired();
        const result = await openSession(tx, context.settings, row.adminId, now);
        await markCodeUsed(tx, row.smsId, now);
        await recordSignInSuccess(tx, admin.username, context.source, now);
        return {
            result: { kind: 'signed_in', result, username: admin.username, passwordHash: admin.passwordHash },
            audit: {
                actorAdminId: row.adminId,
                action: 'sessions.sign_in',
                entity: 'sessions',
                after: { username: admin.username, method: 'otp', auth_id: authId },
            },
        };
    });
    // The guess that spends the last try says so at once: the page offers signing in again, not another guess.
    if (outcome.kind === 'wrong' && outcome.exhausted) throw attemptsExhausted();
    if (outcome.kind === 'wrong') throw new HttpError(401, 'errors.otp_invalid', 'Wrong code', 'otp');
    await issueDeviceToken(context, outcome.username, outcome.passwordHash);
    return outcome.result;
};

/** A fresh code for a pending sign-in: new expiry, same count of guesses. */
export const resendSignInOtp = async (authId: string, context: CallContext) => {
    const sent = await context.write(async tx => {
        const now = context.now();
        const row = await pendingSignIn(tx, authId, now, 'This sign-in has expired or was completed; sign in again');
        // A new code for a sign-in whose guesses are spent could never be used: no SMS is spent on it.
        if (row.attempts >= OTP.maxAttempts) throw attemptsExhausted();
        if (row.sends >= OTP.maxSends) throw tooManyAttempts('Too many codes sent; sign in again');
        const [admin] = await tx.select({ msisdn: admins.msisdn }).from(admins).where(eq(admins.id, row.adminId));
        if (!admin) throw otpExpired();
        const code = newOtpCode();
        const sms = await sendOtp(tx, context, admin.msisdn, code);
        if (!sms.sent) throw tooManyCodes(sms.retryAfter);
        await tx
            .update(otps)
            .set({
                codeHash: codeHash(authId, code),
                smsId: sms.smsId,
                expiresAt: new Date(now.getTime() + OTP.ttlMs),
                sends: row.sends + 1,
            })
            .where(eq(otps.id, authId));
        return {
            result: { sentTo: maskMsisdn(admin.msisdn) },
            audit: {
                actorAdminId: row.adminId,
                action: 'otps.resend',
                entity: 'otps',
                entityId: authId,
                after: { purpose: 'sign_in', sends: row.sends + 1, sent_to: maskMsisdn(admin.msisdn) },
            },
        };
    });
    return { otp_required: true as const, auth_id: authId, sent_to: sent.sentTo };
};
