/** Sessions: opaque tokens stored hashed, with an expiry, revocable; the roles they carry. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../contract/auth';
import type { Database, Transaction } from '../../db';
import { adminGroups, adminRoles, admins, authRevision, groupRoles, sessions, stores } from '../../db/schema';
import type { Session } from '../../http';
import type { Settings } from '../../settings';
import { hashToken, newToken } from './codes';
import { freshReads, type SessionCache } from './sessionCache';

/** The role codes of an admin's group, gathered in the session's own query. */
const groupRoleCodes = sql<string[]>`coalesce((
    SELECT array_agg(${adminRoles.code})
    FROM ${groupRoles} INNER JOIN ${adminRoles} ON ${adminRoles.id} = ${groupRoles.roleId}
    WHERE ${groupRoles.groupId} = ${admins.groupId}
), '{}')`;

/**
 * The live session of a token with its roles, in one query, or null when it is unknown, expired,
 * revoked or its admin is not active. Prepared once (on PostgreSQL planned once per connection):
 * every cache miss runs it, and this instance's every write empties the cache.
 */
const sessionReader = (db: Database) => {
    const query = db
        .select({
            sessionId: sessions.id,
            expiresAt: sessions.expiresAt,
            id: admins.id,
            username: admins.username,
            firstName: admins.firstName,
            lastName: admins.lastName,
            groupId: admins.groupId,
            storeId: admins.storeId,
            mustChangePassword: admins.mustChangePassword,
            roles: groupRoleCodes,
        })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(
            and(
                eq(sessions.tokenHash, sql.placeholder('tokenHash')),
                isNull(sessions.revokedAt),
                gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
                eq(admins.status, 'active'),
            ),
        )
        .limit(1)
        .prepare('session_by_token');
    return async (tokenHash: string, now: Date): Promise<{ session: Session; expiresAt: Date } | null> => {
        const [row] = await query.execute({ tokenHash, now: now.toISOString() });
        if (!row) return null;
        const { sessionId, expiresAt, roles, mustChangePassword, ...admin } = row;
        return { session: { sessionId, admin, roles: new Set(roles), mustChangePassword }, expiresAt };
    };
};

/**
 * The auth revision (migration 0015), read by primary key through one prepared statement: the
 * whole cost of a cached session. Null when the row is missing: then nothing is cached. Callers
 * at the same moment share a read begun after they asked (`freshReads`).
 */
const revisionReader = (db: Database) => {
    const query = db
        .select({ revision: authRevision.revision })
        .from(authRevision)
        .where(eq(authRevision.id, 1))
        .prepare('auth_revision');
    return freshReads(async (): Promise<number | null> => {
        const [row] = await query.execute();
        return row ? Number(row.revision) : null;
    });
};

/**
 * Finds the session of a token, through the cache when it may be trusted (sessionCache.ts): the
 * revision is read first, so a session read after it is at least as new as the revision says.
 */
export const sessionFinder = (db: Database, cache: SessionCache) => {
    const readRevision = revisionReader(db);
    const readSession = sessionReader(db);
    return async (token: string, now: Date): Promise<Session | null> => {
        const tokenHash = hashToken(token);
        const revision = await readRevision();
        const cached = revision === null ? null : cache.get(tokenHash, now.getTime(), revision);
        if (cached) return cached;
        const found = await readSession(tokenHash, now);
        if (!found) return null;
        if (revision !== null) cache.set(tokenHash, found.session, found.expiresAt.getTime(), now.getTime(), revision);
        return found.session;
    };
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
            mustChangePassword: admins.mustChangePassword,
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
            must_change_password: row.mustChangePassword,
        },
    };
};
