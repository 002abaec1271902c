/**
 * Signing in through the mobile operator: the portal starts a sign-in, the operator's page (or the
 * development stand-in, server/dev.ts) vouches for a phone number, and the portal's callback
 * exchanges the one-time code for a session. No staff second factor: the operator is the factor.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../../db';
import { devToolsAllowed } from '../../settings';
import { admins, operatorSignIns } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { writeAs } from '../../write';
import { codeHash, sameHash, UUID_PATTERN } from './codes';
import { issueDeviceToken } from './devices';
import { openSession } from './sessions';
import { recordSignInSuccess } from './throttle';

const OPERATOR_SIGN_IN_TTL_MS = 5 * 60_000;

const operatorFailed = () => new HttpError(401, 'errors.operator_sign_in_failed', 'The mobile operator sign-in did not complete');

export const startOperatorSignIn = async (provider: string, context: CallContext) => {
    const { settings } = context;
    const authId = randomUUID();
    const fill = (template: string) =>
        template.replaceAll('{auth_id}', encodeURIComponent(authId)).replaceAll('{provider}', encodeURIComponent(provider));
    let authorizeUrl: string;
    if (devToolsAllowed(context.request, settings)) {
        authorizeUrl = fill('/portal_api/dev/operator/authorize?auth_id={auth_id}&provider={provider}');
    } else if (settings.operatorAuthorizeUrl) {
        authorizeUrl = fill(settings.operatorAuthorizeUrl);
    } else {
        throw new HttpError(503, 'errors.operator_sign_in_failed', 'Sign-in through the mobile operator is not configured');
    }
    await context.write(async tx => {
        const now = context.now();
        await tx.insert(operatorSignIns).values({
            id: authId,
            provider,
            expiresAt: new Date(now.getTime() + OPERATOR_SIGN_IN_TTL_MS),
            createdAt: now,
        });
        return {
            result: undefined,
            audit: { action: 'operator_sign_ins.start', entity: 'operator_sign_ins', entityId: authId, after: { provider } },
        };
    });
    return { auth_id: authId, authorize_url: authorizeUrl };
};

/** The portal's callback: the operator's one-time code for a session. */
export const completeOperatorSignIn = async (body: { auth_id: string; provider: string; code: string }, context: CallContext) => {
    const authId = body.auth_id;
    const { signedIn, username, passwordHash } = await context.write(async tx => {
        const now = context.now();
        if (!UUID_PATTERN.test(authId)) throw operatorFailed();
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
            throw operatorFailed();
        }
        const [admin] = await tx
            .select({ status: admins.status, username: admins.username, passwordHash: admins.passwordHash })
            .from(admins)
            .where(eq(admins.id, row.adminId));
        if (!admin || admin.status !== 'active') throw operatorFailed();
        await tx.update(operatorSignIns).set({ usedAt: now }).where(eq(operatorSignIns.id, authId));
        const signedIn = await openSession(tx, context.settings, row.adminId, now);
        await recordSignInSuccess(tx, admin.username, context.source, now);
        return {
            result: { signedIn, username: admin.username, passwordHash: admin.passwordHash },
            audit: {
                actorAdminId: row.adminId,
                action: 'sessions.sign_in',
                entity: 'sessions',
                after: { username: admin.username, method: 'operator', provider: row.provider, auth_id: authId },
            },
        };
    });
    await issueDeviceToken(context, username, passwordHash);
    return signedIn;
};

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
): Promise<string | null> => {
    const [admin] = await db
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.msisdn, input.msisdn), eq(admins.status, 'active')));
    if (!admin || !UUID_PATTERN.test(input.authId)) return null;
    const code = randomBytes(32).toString('base64url');
    try {
        await writeAs(
            db,
            () => ({ adminId: admin.id, roleUsed: null, coords: input.coords, at: now }),
            async tx => {
                // Only a sign-in still pending is approved, in the same statement: two approvals cannot both win.
                const approved = await tx
                    .update(operatorSignIns)
                    .set({ adminId: admin.id, codeHash: codeHash(input.authId, code) })
                    .where(
                        and(
                            eq(operatorSignIns.id, input.authId),
                            eq(operatorSignIns.provider, input.provider),
                            isNull(operatorSignIns.codeHash),
                            isNull(operatorSignIns.usedAt),
                            gt(operatorSignIns.expiresAt, now),
                        ),
                    )
                    .returning({ id: operatorSignIns.id });
                if (approved.length !== 1) throw new NotPending();
                return {
                    result: undefined,
                    audit: {
                        action: 'operator_sign_ins.approve',
                        entity: 'operator_sign_ins',
                        entityId: input.authId,
                        after: { admin_id: admin.id, provider: input.provider },
                    },
                };
            },
        );
    } catch (error) {
        if (error instanceof NotPending) return null;
        throw error;
    }
    return code;
};

class NotPending extends Error {}
