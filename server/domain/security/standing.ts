/**
 * Standing: nobody grants what they do not hold. A role is given to or taken from a group only by
 * someone who holds it, never on their own group; taking from a group (a role, or a member) needs
 * standing over it, as giving does; the last group holding every role keeps them. Changes to group
 * roles and the checks that read them are serialised by one lock (`lockGroupRoles`), so two
 * administrators acting at once cannot slip past these rules together. Portal users
 * (server/domain/users) are created, moved and changed under the same lock and rules.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { adminRoles, admins, groupRoles } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';

/** Serialises every change to group roles with the checks that read them (see above). */
export const lockGroupRoles = (tx: Transaction) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('security:group-roles'))`);

export const unknownGroup = () => new HttpError(400, 'errors.unknown_group', 'There is no such group', 'group_id');

export const forbidden = (
    key:
        | 'errors.own_group'
        | 'errors.own_group_members'
        | 'errors.group_outranks'
        | 'errors.role_not_held'
        | 'errors.group_roles_not_held'
        | 'errors.store_not_allowed'
        | 'errors.last_full_group'
        | 'errors.own_account',
    message: string,
    field?: string,
) => new HttpError(403, key, message, field);

/**
 * The caller's roles as they are now, read under the group-roles lock. The session's roles were
 * read when the request arrived: a role taken away while it waited for the lock is not held.
 */
export const rolesHeldNow = async (tx: Transaction, context: CallContext): Promise<ReadonlySet<string>> => {
    const groupId = context.session?.admin.groupId;
    if (groupId === undefined) return new Set();
    const rows = await tx
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, groupId));
    return new Set(rows.map(row => row.code));
};

/**
 * For another domain's rule that needs an admin's roles as they are now (a checker's approval):
 * the roles of the admin's current group, and none unless the admin is active, read under the
 * group-roles lock taken shared. A change to group roles waits for the reader, and a reader waits
 * for a change in progress, so a role taken away a moment ago is not held.
 */
export const rolesHeldNowShared = async (tx: Transaction, adminId: number): Promise<ReadonlySet<string>> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('security:group-roles'))`);
    const rows = await tx
        .select({ code: adminRoles.code })
        .from(admins)
        .innerJoin(groupRoles, eq(groupRoles.groupId, admins.groupId))
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(and(eq(admins.id, adminId), eq(admins.status, 'active')));
    return new Set(rows.map(row => row.code));
};

/** A role is given or taken only by someone who holds it (`held`), and never on their own group. */
export const checkMayChangeRole = (context: CallContext, held: ReadonlySet<string>, groupId: number, roleCode: string) => {
    if (groupId === context.session?.admin.groupId) {
        throw forbidden('errors.own_group', 'You cannot change the roles of your own group', 'group_id');
    }
    if (!held.has(roleCode)) {
        throw forbidden('errors.role_not_held', 'You can only give or take away a role you hold yourself', 'role_id');
    }
};

const STANDING_REFUSALS = {
    roles: {
        own: () => forbidden('errors.own_group', 'You cannot change the roles of your own group', 'group_id'),
        outranked: () =>
            forbidden('errors.group_outranks', 'You can only take a role from a group whose roles you all hold', 'group_id'),
    },
    members: {
        own: () => forbidden('errors.own_group_members', 'You cannot move users into or out of your own group', 'group_id'),
        outranked: () =>
            forbidden(
                'errors.group_roles_not_held',
                'You can only move users between groups whose roles you all hold',
                'group_id',
            ),
    },
};

/**
 * Standing over a group, which taking from it needs as much as giving to it: removing one of its
 * roles (`roles`), or moving a user out of it or into it (`members`). The group is not the caller's
 * own, and the caller holds (`held`, read under the group-roles lock) every role it has. So nobody
 * takes from a group what they could not have given it: once a second group holds every role, a
 * holder of a few security roles still cannot strip the Super Admin's group of EDIT_ROLES.
 */
export const checkStandingOver = async (
    tx: Transaction,
    context: CallContext,
    held: ReadonlySet<string>,
    groupId: number,
    over: keyof typeof STANDING_REFUSALS,
) => {
    if (groupId === context.session?.admin.groupId) throw STANDING_REFUSALS[over].own();
    const codes = await tx
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, groupId));
    if (codes.some(({ code }) => !held.has(code))) throw STANDING_REFUSALS[over].outranked();
};

/** True when this group holds every role and no other group does: it must keep them. */
export const isLastFullGroup = async (tx: Transaction, groupId: number): Promise<boolean> => {
    const [roles] = await tx.select({ value: count() }).from(adminRoles);
    const fullGroups = await tx
        .select({ groupId: groupRoles.groupId })
        .from(groupRoles)
        .groupBy(groupRoles.groupId)
        .having(sql`count(*) = ${roles?.value ?? 0}`);
    return fullGroups.length === 1 && fullGroups[0]?.groupId === groupId;
};
