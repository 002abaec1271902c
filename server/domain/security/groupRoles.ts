/**
 * The roles of a group: listed, given and taken away, each change under the group-roles lock and
 * the standing rules (./standing.ts).
 */
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GroupRole } from '../../../contract/auth';
import { addGroupRole, listGroupRoles, removeGroupRole } from '../../../contract/security';
import type { Queryable } from '../../db';
import { adminGroups, adminRoles, groupRoles } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { orderBy, pageOf, totalCount } from '../../lists';
import {
    checkMayChangeRole,
    checkStandingOver,
    forbidden,
    isLastFullGroup,
    lockGroupRoles,
    rolesHeldNow,
    unknownGroup,
} from './standing';

const groupRoleFields = {
    id: groupRoles.id,
    group_id: groupRoles.groupId,
    role_id: groupRoles.roleId,
    admin_role: { id: adminRoles.id, code: adminRoles.code, name: adminRoles.name },
};

const findGroupRole = async (db: Queryable, id: number): Promise<GroupRole | undefined> => {
    const [row] = await db
        .select(groupRoleFields)
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.id, id));
    return row;
};

export const registerGroupRoleRoutes = (app: FastifyInstance): void => {
    mount(app, listGroupRoles, async ({ query }, { db }) => {
        const filters: SQL[] = [];
        if (query.ids) filters.push(inArray(groupRoles.id, query.ids));
        if (query.group_id !== undefined) filters.push(eq(groupRoles.groupId, query.group_id));
        const where = and(...filters);
        const order = orderBy(
            query.$sort,
            { id: groupRoles.id, group_id: groupRoles.groupId, role_id: groupRoles.roleId, code: adminRoles.code },
            groupRoles.id,
        );
        return pageOf(
            query,
            (limit, offset) =>
                db
                    .select({ ...groupRoleFields, total_count: totalCount })
                    .from(groupRoles)
                    .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(groupRoles).where(where),
        );
    });

    mount(app, addGroupRole, async ({ body }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const [group] = await tx.select({ id: adminGroups.id }).from(adminGroups).where(eq(adminGroups.id, body.group_id));
            if (!group) throw unknownGroup();
            const [role] = await tx
                .select({ id: adminRoles.id, code: adminRoles.code })
                .from(adminRoles)
                .where(eq(adminRoles.id, body.role_id));
            if (!role) throw new HttpError(400, 'errors.unknown_role', 'There is no such role', 'role_id');
            checkMayChangeRole(context, await rolesHeldNow(tx, context), group.id, role.code);
            const [inserted] = await tx
                .insert(groupRoles)
                .values({ groupId: body.group_id, roleId: body.role_id })
                .onConflictDoNothing()
                .returning({ id: groupRoles.id });
            if (!inserted) {
                throw new HttpError(409, 'errors.role_already_in_group', 'The group already has this role', 'role_id');
            }
            const created = await findGroupRole(tx, inserted.id);
            if (!created) throw new Error('The new group role could not be read back');
            return {
                result: created,
                audit: { action: 'group_roles.create', entity: 'group_roles', entityId: created.id, after: created },
            };
        }),
    );

    mount(app, removeGroupRole, async ({ params }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const existing = await findGroupRole(tx, params.id);
            if (!existing) throw new HttpError(404, 'errors.not_found', 'There is no such group role', 'id');
            const held = await rolesHeldNow(tx, context);
            checkMayChangeRole(context, held, existing.group_id, existing.admin_role.code);
            await checkStandingOver(tx, context, held, existing.group_id, 'roles');
            // Standing over a full group means holding every role, so being in another full group: this
            // cannot refuse a live caller today, and stays as the rule's own guard.
            if (await isLastFullGroup(tx, existing.group_id)) {
                throw forbidden('errors.last_full_group', 'This is the last group that holds every role: it keeps them');
            }
            await tx.delete(groupRoles).where(eq(groupRoles.id, params.id));
            return {
                result: existing,
                audit: { action: 'group_roles.remove', entity: 'group_roles', entityId: existing.id, before: existing },
            };
        }),
    );
};
