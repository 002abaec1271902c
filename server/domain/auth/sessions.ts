/** Sessions: opaque tokens stored hashed, with an expiry, revocable; the roles they carry. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../../contract/auth';
import type { Database, Queryable, Transaction } from '../../db';
import { adminGroups, adminRoles, admins, groupRoles, sessions, stores } from '../../db/schema';
import type { Session } from '../../http';
import type { Settings } from '../../settings';
import { hashToken, newToken } from './codes';

const roleCodesOf = async (db: Queryable, groupId: number): Promise<string[]> => {
    const rows = await db
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, groupId));
    return rows.map(row => row.code);
};

/** The live session of a token, or null when it is unknown, expired, revoked or its admin is not active. */
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

export interface SignedIn {
    user: SessionUser;
}

/** Opens a session for an admin and answers what the portal keeps as its user. */
export const openSession = async (tx: Transaction, settings: Settings, adminId: number, now: Date): Promise<SignedIn> => {
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
