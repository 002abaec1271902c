/**
 * Signing in and out (contract/auth.ts): passwords, sessions, throttling, the staff second factor
 * and the mobile-operator sign-in.
 */
import { createHash, createHmac, randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PORTAL_VERSION } from '../../contract';
import { health, login, logout, myRoles, resendOtp, startOperatorSignIn, type SessionUser } from '../../contract/auth';
import type { Database, Queryable, Transaction } from '../db';
import {
    adminGroups,
    adminRoles,
    admins,
    groupRoles,
    operatorSignIns,
    otps,
    sessions,
    signInAttempts,
    smsOutbox,
    stores,
} from '../db/schema';
import { HttpError, mount, type CallContext, type Session } from '../http';
import type { Settings } from '../settings';
import { recordAudit } from './audit';

// ---------------------------------------------------------------------------------------------
// Passwords: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` so the cost can rise
// later without invalidating existing hashes.

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };
const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;

const scryptAsync = (password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number) =>
    new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, keyLength, { N, r, p, maxmem: SCRYPT_MAX_MEMORY }, (error, key) =>
            error ? reject(error) : resolve(key),
        ),
    );

export const hashPassword = async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, SCRYPT.keyLength, SCRYPT.N, SCRYPT.r, SCRYPT.p);
    return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
    const [scheme, nText, rText, pText, saltText, keyText] = stored.split('$');
    const [N, r, p] = [Number(nText), Number(rText), Number(pText)];
    const sane = N >= 2 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
    if (scheme !== 'scrypt' || !saltText || !keyText || !sane) return false;
    const expected = Buffer.from(keyText, 'base64url');
    const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, N, r, p);
    return timingSafeEqual(actual, expected);
};

// Unknown usernames are checked against this, so they take as long as known ones.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

// ---------------------------------------------------------------------------------------------
// Tokens and sessions

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A one-time code bound to its sign-in, so a hash is useless for another auth_id. */
const codeHash = (authId: string, code: string) => createHmac('sha256', authId).update(code).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const hashToken = sha256;
const newToken = () => randomBytes(32).toString('base64url');

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const findSession = async (db: Database, token: string, now: Date): Promise<Session | null> => {
    const [row] = await db
        .select({
            sessionId: sessions.id,
            id: admins.id,
            username: admins.username,
            firstName: admins.firstName,
            lastName: admins.lastName,
            groupId: admins.groupId,
            storeId: admins.storeId,
        })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(
            and(
                eq(sessions.tokenHash, hashToken(token)),
                isNull(sessions.revokedAt),
                gt(sessions.expiresAt, now),
                eq(admins.status, 'active'),
            ),
        )
        .limit(1);
    if (!row) return null;
    const { sessionId, ...admin } = row;
    return { sessionId, admin, roles: new Set(await roleCodesOf(db, admin.groupId)) };
};

export const roleCodesOf = async (db: Queryable, groupId: number): Promise<string[]> => {
    const rows = await db
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, groupId));
    return rows.map(row => row.code);
};

interface SignedIn {
    user: SessionUser;
}

/** Opens a session for an admin and answers what the portal keeps as its user. */
const openSession = async (tx: Transaction, settings: Settings, adminId: number, now: Date): Promise<SignedIn> => {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + settings.sessionTtlSeconds * 1000);
    await tx.insert(sessions).values({ tokenHash: hashToken(token), adminId, createdAt: now, expiresAt });
    const [row] = await tx
        .select({
            username: admins.username,
            firstName: admins.firstName,
            lastName: admins.lastName,
            groupId: adminGroups.id,
            groupName: adminGroups.name,
            storeId: stores.id,
            storeName: stores.name,
        })
        .from(admins)
        .innerJoin(adminGroups, eq(adminGroups.id, admins.groupId))
        .leftJoin(stores, eq(stores.id, admins.storeId))
        .where(eq(admins.id, adminId));
    if (!row) throw new Error(`Admin ${adminId} vanished while signing in`);
    return {
        user: {
            token,
            username: row.username,
            name: `${row.firstName} ${row.lastName}`,
            group: { id: row.groupId, name: row.groupName },
            shop: row.storeId !== null && row.storeName !== null ? { id: row.storeId, name: row.storeName } : null,
            exp: expiresAt.getTime(),
        },
    };
};

// ---------------------------------------------------------------------------------------------
// Throttling: 5 failed attempts for one username within 15 minutes close it until the oldest of
// them leaves the window.

export const THROTTLE = { failures: 5, windowMs: 15 * 60_000 };

/**
 * Seconds until the username may try again, or 0. Failures before the last success do not count;
 * `pending` attempts (password still being checked) count, so parallel guesses cannot slip past.
 */
const throttledFor = async (tx: Transaction, username: string, now: Date): Promise<number> => {
    const windowStart = new Date(now.getTime() - THROTTLE.windowMs);
    // Attempt ids follow the order attempts were made, even within one millisecond.
    const [lastSuccess] = await tx
        .select({ id: signInAttempts.id })
        .from(signInAttempts)
        .where(
            and(
                eq(signInAttempts.username, username),
                eq(signInAttempts.succeeded, true),
                gt(signInAttempts.at, windowStart),
            ),
        )
        .orderBy(desc(signInAttempts.id))
        .limit(1);
    const failures = await tx
        .select({ at: signInAttempts.at })
        .from(signInAttempts)
        .where(
            and(
                eq(signInAttempts.username, username),
                inArray(signInAttempts.outcome, ['bad_credentials', 'pending']),
                gt(signInAttempts.at, windowStart),
                lastSuccess ? gt(signInAttempts.id, lastSuccess.id) : undefined,
            ),
        )
        .orderBy(desc(signInAttempts.id))
        .limit(THROTTLE.failures);
    const oldest = failures[THROTTLE.failures - 1];
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.at.getTime() + THROTTLE.windowMs - now.getTime()) / 1000));
};

type AttemptOutcome = 'ok' | 'otp_sent' | 'bad_credentials' | 'not_active' | 'throttled';

const settleAttempt = (tx: Transaction, attemptId: number, outcome: AttemptOutcome) =>
    tx
        .update(signInAttempts)
        .set({ outcome, succeeded: outcome === 'ok' || outcome === 'otp_sent' })
        .where(eq(signInAttempts.id, attemptId));

// ---------------------------------------------------------------------------------------------
// The staff second factor

export const OTP = { length: 6, ttlMs: 5 * 60_000, maxAttempts: 5, maxSends: 5 };

const newOtpCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');
const maskMsisdn = (msisdn: string) => `•••${msisdn.slice(-3)}`;

/** Writes the code to the SMS outbox (the seam for a real gateway). */
const sendOtp = async (tx: Transaction, context: CallContext, msisdn: string, code: string) => {
    await tx.insert(smsOutbox).values({
        msisdn,
        text: `Your portal sign-in code is ${code}. It expires in 5 minutes.`,
        purpose: 'otp',
        createdAt: context.now(),
    });
    if (!context.settings.production) {
        // No SMS gateway outside production: the log is where a developer finds the code.
        context.request.log.info({ msisdn, code }, 'sign-in code sent (development: read it here or in the outbox)');
    }
};

// ---------------------------------------------------------------------------------------------
// Sign-in handlers

type PasswordSignInOutcome =
    | { kind: 'signed_in'; result: SignedIn }
    | { kind: 'otp'; authId: string; sentTo: string }
    | { kind: 'invalid' }
    | { kind: 'not_active' };

const invalidCredentials = () => new HttpError(401, 'errors.invalid_credentials', 'Wrong username or password');

const passwordSignIn = async (body: { username: string; password: string }, context: CallContext) => {
    const { db, settings } = context;
    const username = body.username;

    // Reserve the attempt under a per-username lock, so the throttle holds against parallel guesses.
    const reservation = await db.transaction(async tx => {
        const now = context.now();
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sign-in:${username}`}))`);
        const retryAfter = await throttledFor(tx, username, now);
        const outcome = retryAfter > 0 ? 'throttled' : 'pending';
        const [attempt] = await tx
            .insert(signInAttempts)
            .values({ username, succeeded: false, outcome, at: now })
            .returning({ id: signInAttempts.id });
        if (retryAfter > 0) {
            await context.audit(tx, {
                action: 'sessions.sign_in_throttled',
                entity: 'sessions',
                after: { username, retry_after: retryAfter },
            });
        }
        return { attemptId: attempt?.id ?? 0, retryAfter };
    });
    if (reservation.retryAfter > 0) {
        throw new HttpError(429, 'errors.too_many_attempts', 'Too many failed sign-in attempts; try again later', undefined, {
            retryAfter: reservation.retryAfter,
        });
    }

    // The slow hash runs outside any transaction, so it holds no connection or lock.
    const [admin] = await db
        .select({
            id: admins.id,
            status: admins.status,
            otpEnabled: admins.otpEnabled,
            msisdn: admins.msisdn,
            passwordHash: admins.passwordHash,
        })
        .from(admins)
        .where(eq(admins.username, username))
        .limit(1);
    const passwordRight = await verifyPassword(body.password, admin?.passwordHash ?? (await dummyPasswordHash()));

    const outcome = await db.transaction(async (tx): Promise<PasswordSignInOutcome> => {
        const now = context.now();
        if (!admin || !passwordRight) {
            await settleAttempt(tx, reservation.attemptId, 'bad_credentials');
            await context.audit(tx, {
                action: 'sessions.sign_in_failed',
                entity: 'sessions',
                after: { username, method: 'password', reason: 'bad_credentials' },
            });
            return { kind: 'invalid' };
        }
        if (admin.status !== 'active') {
            await settleAttempt(tx, reservation.attemptId, 'not_active');
            await context.audit(tx, {
                actorAdminId: admin.id,
                action: 'sessions.sign_in_failed',
                entity: 'sessions',
                after: { username, method: 'password', reason: 'not_active', status: admin.status },
            });
            return { kind: 'not_active' };
        }
        if (admin.otpEnabled) {
            await settleAttempt(tx, reservation.attemptId, 'otp_sent');
            const authId = randomUUID();
            const code = newOtpCode();
            await tx.insert(otps).values({
                id: authId,
                purpose: 'sign_in',
                subject: String(admin.id),
                adminId: admin.id,
                codeHash: codeHash(authId, code),
                expiresAt: new Date(now.getTime() + OTP.ttlMs),
                createdAt: now,
            });
            await sendOtp(tx, context, admin.msisdn, code);
            await context.audit(tx, {
                actorAdminId: admin.id,
                action: 'otps.issue',
                entity: 'otps',
                entityId: authId,
                after: { purpose: 'sign_in', admin_id: admin.id, sent_to: maskMsisdn(admin.msisdn) },
            });
            return { kind: 'otp', authId, sentTo: maskMsisdn(admin.msisdn) };
        }
        await settleAttempt(tx, reservation.attemptId, 'ok');
        const result = await openSession(tx, settings, admin.id, now);
        await context.audit(tx, {
            actorAdminId: admin.id,
            action: 'sessions.sign_in',
            entity: 'sessions',
            after: { username, method: 'password' },
        });
        return { kind: 'signed_in', result };
    });

    switch (outcome.kind) {
        case 'invalid':
            throw invalidCredentials();
        case 'not_active':
            throw new HttpError(403, 'errors.account_not_active', 'This account is not active yet or has been disabled');
        case 'otp':
            return { otp_required: true as const, auth_id: outcome.authId, sent_to: outcome.sentTo };
        case 'signed_in':
            return outcome.result;
    }
};

type OtpOutcome = { kind: 'signed_in'; result: SignedIn } | { kind: 'expired' } | { kind: 'locked' } | { kind: 'wrong' };

const otpSignIn = async (body: { auth_id: string; otp: string }, context: CallContext) => {
    const authId = body.auth_id;
    const outcome = await context.db.transaction(async (tx): Promise<OtpOutcome> => {
        const now = context.now();
        if (!UUID_PATTERN.test(authId)) return { kind: 'expired' };
        const [row] = await tx
            .select()
            .from(otps)
            .where(and(eq(otps.id, authId), eq(otps.purpose, 'sign_in')))
            .for('update');
        if (!row || row.usedAt || row.expiresAt <= now || row.adminId === null) return { kind: 'expired' };
        if (row.attempts >= OTP.maxAttempts) return { kind: 'locked' };

        const right = sameHash(codeHash(authId, body.otp), row.codeHash);
        await tx
            .update(otps)
            .set({ attempts: row.attempts + 1, ...(right ? { usedAt: now } : {}) })
            .where(eq(otps.id, authId));
        if (!right) {
            await context.audit(tx, {
                actorAdminId: row.adminId,
                action: 'otps.reject',
                entity: 'otps',
                entityId: authId,
                after: { attempts: row.attempts + 1 },
            });
            return { kind: 'wrong' };
        }
        const [admin] = await tx
            .select({ status: admins.status, username: admins.username })
            .from(admins)
            .where(eq(admins.id, row.adminId));
        if (!admin || admin.status !== 'active') return { kind: 'expired' };
        const result = await openSession(tx, context.settings, row.adminId, now);
        await tx.insert(signInAttempts).values({ username: admin.username, succeeded: true, outcome: 'ok', at: now });
        await context.audit(tx, {
            actorAdminId: row.adminId,
            action: 'sessions.sign_in',
            entity: 'sessions',
            after: { username: admin.username, method: 'otp', auth_id: authId },
        });
        return { kind: 'signed_in', result };
    });

    switch (outcome.kind) {
        case 'expired':
            throw new HttpError(401, 'errors.otp_expired', 'This code has expired or was already used; sign in again');
        case 'locked':
            throw new HttpError(429, 'errors.too_many_attempts', 'Too many wrong codes; sign in again');
        case 'wrong':
            throw new HttpError(401, 'errors.otp_invalid', 'Wrong code', 'otp');
        case 'signed_in':
            return outcome.result;
    }
};

const operatorFailed = () =>
    new HttpError(401, 'errors.operator_sign_in_failed', 'The mobile operator sign-in did not complete');

const operatorSignIn = async (body: { auth_id: string; provider: string; code: string }, context: CallContext) => {
    const authId = body.auth_id;
    const result = await context.db.transaction(async tx => {
        const now = context.now();
        if (!UUID_PATTERN.test(authId)) return null;
        const [row] = await tx.select().from(operatorSignIns).where(eq(operatorSignIns.id, authId)).for('update');
        if (
            !row ||
            row.provider !== body.provider ||
            row.usedAt ||
            row.expiresAt <= now ||
            row.adminId === null ||
            row.codeHash === null ||
            !sameHash(codeHash(authId, body.code), row.codeHash)
        ) {
            return null;
        }
        const [admin] = await tx
            .select({ status: admins.status, username: admins.username })
            .from(admins)
            .where(eq(admins.id, row.adminId));
        if (!admin || admin.status !== 'active') return null;
        await tx.update(operatorSignIns).set({ usedAt: now }).where(eq(operatorSignIns.id, authId));
        const signedIn = await openSession(tx, context.settings, row.adminId, now);
        await tx.insert(signInAttempts).values({ username: admin.username, succeeded: true, outcome: 'ok', at: now });
        await context.audit(tx, {
            actorAdminId: row.adminId,
            action: 'sessions.sign_in',
            entity: 'sessions',
            after: { username: admin.username, method: 'operator', provider: row.provider, auth_id: authId },
        });
        return signedIn;
    });
    if (!result) throw operatorFailed();
    return result;
};

// ---------------------------------------------------------------------------------------------
// The operator's side of its sign-in, used by the development stand-in page (server/dev.ts).

export const OPERATOR_SIGN_IN_TTL_MS = 5 * 60_000;

export interface PendingOperatorSignIn {
    id: string;
    provider: string;
}

/** A sign-in the operator's page may still approve: known, unused, unexpired, not yet approved. */
export const pendingOperatorSignIn = async (db: Queryable, authId: string, provider: string, now: Date) => {
    if (!UUID_PATTERN.test(authId)) return null;
    const [row] = await db.select().from(operatorSignIns).where(eq(operatorSignIns.id, authId));
    if (!row || row.provider !== provider || row.usedAt || row.expiresAt <= now || row.codeHash !== null) return null;
    return row;
};

/**
 * The operator vouches for a phone number. When it belongs to an active admin, the sign-in gets a
 * one-time code for the portal's callback; otherwise null (the caller answers access_denied).
 */
export const approveOperatorSignIn = async (
    db: Database,
    input: { authId: string; provider: string; msisdn: string; coords: string | null },
    now: Date,
): Promise<string | null> =>
    db.transaction(async tx => {
        const pending = await pendingOperatorSignIn(tx, input.authId, input.provider, now);
        if (!pending) return null;
        const [admin] = await tx
            .select({ id: admins.id })
            .from(admins)
            .where(and(eq(admins.msisdn, input.msisdn), eq(admins.status, 'active')));
        if (!admin) return null;
        const code = randomBytes(32).toString('base64url');
        await tx
            .update(operatorSignIns)
            .set({ adminId: admin.id, codeHash: codeHash(input.authId, code) })
            .where(eq(operatorSignIns.id, input.authId));
        await recordAudit(tx, { adminId: admin.id, roleUsed: null, coords: input.coords, at: now }, {
            action: 'operator_sign_ins.approve',
            entity: 'operator_sign_ins',
            entityId: input.authId,
            after: { admin_id: admin.id, provider: input.provider },
        });
        return code;
    });

// ---------------------------------------------------------------------------------------------
// Routes

export const registerAuthRoutes = (app: FastifyInstance): void => {
    mount(app, login, async ({ body }, context) => {
        if ('password' in body) return passwordSignIn(body, context);
        if ('otp' in body) return otpSignIn(body, context);
        return operatorSignIn(body, context);
    });

    mount(app, resendOtp, async ({ body }, context) => {
        const authId = body.auth_id;
        const outcome = await context.db.transaction(async tx => {
            const now = context.now();
            if (!UUID_PATTERN.test(authId)) return 'expired' as const;
            const [row] = await tx
                .select()
                .from(otps)
                .where(and(eq(otps.id, authId), eq(otps.purpose, 'sign_in')))
                .for('update');
            if (!row || row.usedAt || row.expiresAt <= now || row.adminId === null) return 'expired' as const;
            if (row.sends >= OTP.maxSends) return 'too_many' as const;
            const [admin] = await tx.select({ msisdn: admins.msisdn }).from(admins).where(eq(admins.id, row.adminId));
            if (!admin) return 'expired' as const;
            const code = newOtpCode();
            // A fresh code replaces the old one, with a fresh expiry and its own attempts.
            await tx
                .update(otps)
                .set({
                    codeHash: codeHash(authId, code),
                    expiresAt: new Date(now.getTime() + OTP.ttlMs),
                    attempts: 0,
                    sends: row.sends + 1,
                })
                .where(eq(otps.id, authId));
            await sendOtp(tx, context, admin.msisdn, code);
            await context.audit(tx, {
                actorAdminId: row.adminId,
                action: 'otps.resend',
                entity: 'otps',
                entityId: authId,
                after: { purpose: 'sign_in', sends: row.sends + 1, sent_to: maskMsisdn(admin.msisdn) },
            });
            return { sentTo: maskMsisdn(admin.msisdn) };
        });
        if (outcome === 'expired') {
            throw new HttpError(401, 'errors.otp_expired', 'This sign-in has expired or was completed; sign in again');
        }
        if (outcome === 'too_many') {
            throw new HttpError(429, 'errors.too_many_attempts', 'Too many codes sent; sign in again');
        }
        return { otp_required: true as const, auth_id: authId, sent_to: outcome.sentTo };
    });

    mount(app, startOperatorSignIn, async ({ body }, context) => {
        const { settings } = context;
        const authId = randomUUID();
        const fill = (template: string) =>
            template
                .replaceAll('{auth_id}', encodeURIComponent(authId))
                .replaceAll('{provider}', encodeURIComponent(body.provider));
        let authorizeUrl: string;
        if (settings.devTools) {
            authorizeUrl = fill('/portal_api/dev/operator/authorize?auth_id={auth_id}&provider={provider}');
        } else if (settings.operatorAuthorizeUrl) {
            authorizeUrl = fill(settings.operatorAuthorizeUrl);
        } else {
            throw new HttpError(503, 'errors.operator_sign_in_failed', 'Sign-in through the mobile operator is not configured');
        }
        await context.db.transaction(async tx => {
            const now = context.now();
            await tx.insert(operatorSignIns).values({
                id: authId,
                provider: body.provider,
                expiresAt: new Date(now.getTime() + OPERATOR_SIGN_IN_TTL_MS),
                createdAt: now,
            });
            await context.audit(tx, {
                action: 'operator_sign_ins.start',
                entity: 'operator_sign_ins',
                entityId: authId,
                after: { provider: body.provider },
            });
        });
        return { auth_id: authId, authorize_url: authorizeUrl };
    });

    mount(app, logout, async (_input, context) => {
        const session = context.session;
        if (!session) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
        await context.db.transaction(async tx => {
            await tx.update(sessions).set({ revokedAt: context.now() }).where(eq(sessions.id, session.sessionId));
            await context.audit(tx, {
                action: 'sessions.revoke',
                entity: 'sessions',
                entityId: session.sessionId,
                after: { username: session.admin.username },
            });
        });
        return { ok: true as const };
    });

    mount(app, myRoles, async (_input, context) => {
        const groupId = context.session?.admin.groupId ?? 0;
        const rows = await context.db
            .select({
                id: groupRoles.id,
                group_id: groupRoles.groupId,
                role_id: groupRoles.roleId,
                admin_role: { id: adminRoles.id, code: adminRoles.code, name: adminRoles.name },
            })
            .from(groupRoles)
            .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
            .where(eq(groupRoles.groupId, groupId))
            .orderBy(adminRoles.code);
        return { group_id: groupId, data: rows };
    });

    mount(app, health, async (_input, context) => {
        await context.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, version: PORTAL_VERSION };
    });
};
