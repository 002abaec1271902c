/**
 * The role catalog, on every start: admin_roles in line with contract/roles.ts, the Super Admin
 * group holding every role, and the group self-registered agents join.
 */
import { inArray, sql } from 'drizzle-orm';
import { ROLE_CATALOG, ROLE_CODES } from '../../contract/roles';
import { recordAudit } from '../auditTrail';
import { SALES_AGENT_GROUP, SUPER_ADMIN_GROUP } from '../domain/security';
import type { Database, Transaction } from '../db';
import { adminGroups, adminRoles, groupRoles } from '../db/schema';
import { GROUP_DESCRIPTIONS } from './accounts';

/** The actor of what the seed writes: no one, from no role or place. */
export const SYSTEM = { adminId: null, roleUsed: null, coords: null };

/** Finds a group by name (case-insensitively) or creates it. */
export const ensureGroup = async (tx: Transaction, name: string, description: string, now: Date): Promise<number> => {
    const [existing] = await tx
        .select({ id: adminGroups.id })
        .from(adminGroups)
        .where(sql`lower(${adminGroups.name}) = lower(${name})`);
    if (existing) return existing.id;
    const [created] = await tx
        .insert(adminGroups)
        .values({ name, description, createdAt: now })
        .returning({ id: adminGroups.id });
    if (!created) throw new Error(`Could not create group ${name}`);
    return created.id;
};

/** Gives a group these roles; roles it holds already stay as they are. */
export const giveRoles = async (tx: Transaction, groupId: number, codes: readonly string[]): Promise<void> => {
    if (codes.length === 0) return;
    const roles = await tx
        .select({ id: adminRoles.id })
        .from(adminRoles)
        .where(inArray(adminRoles.code, [...codes]));
    await tx
        .insert(groupRoles)
        .values(roles.map(role => ({ groupId, roleId: role.id })))
        .onConflictDoNothing();
};

/**
 * Idempotent, on every start: every catalog code exists with its current name, the Super Admin
 * group holds every role, and the group that self-registered agents join exists.
 */
export const ensureCatalog = async (db: Database, now: Date = new Date()): Promise<void> => {
    await db.transaction(async tx => {
        const before = new Set((await tx.select({ code: adminRoles.code }).from(adminRoles)).map(row => row.code));
        await tx
            .insert(adminRoles)
            .values(ROLE_CODES.map(code => ({ code, name: ROLE_CATALOG[code] })))
            .onConflictDoUpdate({ target: adminRoles.code, set: { name: sql`excluded.name` } });
        const superAdmin = await ensureGroup(tx, SUPER_ADMIN_GROUP, GROUP_DESCRIPTIONS[SUPER_ADMIN_GROUP], now);
        await giveRoles(tx, superAdmin, ROLE_CODES);
        await ensureGroup(tx, SALES_AGENT_GROUP, GROUP_DESCRIPTIONS[SALES_AGENT_GROUP], now);
        const added = ROLE_CODES.filter(code => !before.has(code));
        if (added.length > 0) {
            await recordAudit(
                tx,
                { ...SYSTEM, at: now },
                { action: 'admin_roles.sync', entity: 'admin_roles', after: { added } },
            );
        }
    });
};
