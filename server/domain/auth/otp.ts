/**
 * The staff second factor: a 6-digit code sent by SMS, valid 5 minutes, single use. At most 5
 * guesses per sign-in whatever the resends (a resend replaces the code, not the count), at most 5
 * codes per sign-in, and at most 5 codes an hour to one phone however many sign-ins ask.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, gte, sql } from 'drizzle-orm';
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

export const tooManyCodes = () =>
    new HttpError(429, 'errors.too_many_codes', 'Too many codes were sent to this phone; try again in an hour', undefined, {
        retryAfter: HOUR_MS / 1000,
    });

const codeLock = (tx: Transaction, msisdn: string) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-otp:${msisdn}`}))`);

/** The rate event an administrator's release leaves (`releaseCodeBudget`): codes sent before it no longer count. */
const releaseBucket = (msisdn: string) => `sms-otp-release:${msisdn}`;

/** How many codes count against the phone's hourly share now: those of the last hour, since its last release. */
const codesCounted = async (tx: Transaction, msisdn: string, now: Date): Promise<number> => {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const [release] = await tx
        .select({ at: rateEvents.at })
        .from(rateEvents)
        .where(and(eq(rateEvents.bucket, releaseBucket(msisdn)), gt(rateEvents.at, hourAgo)))
        .orderBy(desc(rateEvents.id))
        .limit(1);
    const [sent] = await tx
        .select({ value: count() })
        .from(smsOutbox)
        .where(
            and(
                eq(smsOutbox.msisdn, msisdn),
                eq(smsOutbox.purpose, 'otp'),
                // A code sent in the release's own instant still counts: a release never frees more than was sent before it.
                release ? gte(smsOutbox.createdAt, release.at) : gt(smsOutbox.createdAt, hourAgo),
            ),
        );
    return sent?.value ?? 0;
};

/**
 * Writes a one-time code's text to the SMS outbox (the seam for a real gateway), unless the phone
 * already had its hourly share of codes (staff sign-in codes and customers' device codes alike:
 * one phone, one budget): then false, and nothing is sent. The phone is locked for the
 * transaction, so parallel requests cannot both take the last code.
 */
export const sendCodeSms = async (
    tx: Transaction,
    msisdn: string,
    text: string,
    now: Date,
    { ownPhone = false }: { ownPhone?: boolean } = {},
): Promise<boolean> => {
    // A code a signed-in seller asks for their own phone (a sale's agent code) is theirs to spend:
    // the hourly share guards a phone from codes other people set off. Its sends are capped per sale.
    if (ownPhone) {
        await tx.insert(smsOutbox).values({ msisdn, text, purpose: 'otp', createdAt: now });
        return true;
    }
    await codeLock(tx, msisdn);
    if ((await codesCounted(tx, msisdn, now)) >= OTP_SMS_PER_HOUR) return false;
    await tx.insert(smsOutbox).values({ msisdn, text, purpose: 'otp', createdAt: now });
    return true;
};

/**
 * An administrator gives a phone its hourly share of codes back (a two-factor user who spent it
 * is otherwise shut out for an hour): codes sent so far stop counting. Under the phone's lock, so
 * a code being sent counts wholly before or after. Answers how many codes stopped counting.
 */
export const releaseCodeBudget = async (tx: Transaction, msisdn: string, now: Date): Promise<number> => {
    await codeLock(tx, msisdn);
    const counted = await codesCounted(tx, msisdn, now);
    if (counted > 0) await tx.insert(rateEvents).values({ bucket: releaseBucket(msisdn), at: now });
    return counted;
};

const sendOtp = (tx: Transaction, context: CallContext, msisdn: string, code: string): Promise<boolean> =>
    sendCodeSms(tx, msisdn, `Your portal sign-in code is ${code}. It expires in 5 minutes.`, context.now());

export type OtpIssue = { kind: 'otp'; authId: string; sentTo: string } | { kind: 'sms_limit' };

/** Starts the second step of a password sign-in: a new code for the admin's phone. */
export const issueSignInOtp = async (
    tx: Transaction,
    context: CallContext,
    admin: { id: number; msisdn: string },
): Promise<Written<OtpIssue>> => {
    const now = context.now();
    const authId = randomUUID();
    const code = newOtpCode();
    if (!(await sendOtp(tx, context, admin.msisdn, code))) {
        return {
            result: { kind: 'sms_limit' },
            audit: {
                actorAdminId: admin.id,
                action: 'otps.refuse',
                entity: 'otps',
                after: { reason: 'sms_limit', sent_to: maskMsisdn(admin.msisdn) },
            },
        };
    }
    await tx.insert(otps).values({
        id: authId,
        purpose: 'sign_in',
        subject: String(admin.id),
        adminId: admin.id,
        codeHash: codeHash(authId, code),
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

type OtpOutcome = { kind: 'signed_in'; result: SignedIn; username: string; passwordHash: string } | { kind: 'wrong' };

export const otpSignIn = async (body: { auth_id: string; otp: string }, context: CallContext) => {
    const authId = body.auth_id;
    const outcome = await context.write(async (tx): Promise<Written<OtpOutcome>> => {
        const now = context.now();
        const row = await pendingSignIn(tx, authId, now);
        if (row.attempts >= OTP.maxAttempts) throw tooManyAttempts('Too many wrong codes; sign in again');

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
            return { result: { kind: 'wrong' }, audit: rejected };
        }
        const [admin] = await tx
            .select({ status: admins.status, username: admins.username, passwordHash: admins.passwordHash })
            .from(admins)
            .where(eq(admins.id, row.adminId));
        if (!admin || admin.status !== 'active') throw otpExpired();
        const result = await openSession(tx, context.settings, row.adminId, now);
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
    if (outcome.kind === 'wrong') throw new HttpError(401, 'errors.otp_invalid', 'Wrong code', 'otp');
    await issueDeviceToken(context, outcome.username, outcome.passwordHash);
    return outcome.result;
};

/** A fresh code for a pending sign-in: new expiry, same count of guesses. */
export const resendSignInOtp = async (authId: string, context: CallContext) => {
    const sent = await context.write(async tx => {
        const now = context.now();
        const row = await pendingSignIn(tx, authId, now, 'This sign-in has expired or was completed; sign in again');
        if (row.sends >= OTP.maxSends) throw tooManyAttempts('Too many codes sent; sign in again');
        const [admin] = await tx.select({ msisdn: admins.msisdn }).from(admins).where(eq(admins.id, row.adminId));
        if (!admin) throw otpExpired();
        const code = newOtpCode();
        if (!(await sendOtp(tx, context, admin.msisdn, code))) throw tooManyCodes();
        await tx
            .update(otps)
            .set({ codeHash: codeHash(authId, code), expiresAt: new Date(now.getTime() + OTP.ttlMs), sends: row.sends + 1 })
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
