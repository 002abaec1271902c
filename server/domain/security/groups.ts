/**
 * Security groups: listed, read, added, renamed. The groups the portal knows by name keep their
 * names (`NAMED_GROUPS`): registration, the agents and the seed find them by it.
 */
import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAdminGroup, getAdminGroup, listAdminGroups, updateAdminGroup, type AdminGroup } from '../../../contract/security';
import { adminGroups, admins, groupRoles } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { containing, orderBy, pageOf, totalCount } from '../../lists';
import { iso } from '../../wire';
import { NAMED_GROUPS } from './namedGroups';

// Spelled out with table names: drizzle leaves columns unqualified in a single-table select, and
// an unqualified "id" inside the subquery would mean the subquery's own table.
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
const groupId = column('admin_groups', 'id');
const roleCount = sql<number>`(SELECT count(*)::int FROM ${groupRoles} WHERE ${column('group_roles', 'group_id')} = ${groupId})`;
const userCount = sql<number>`(SELECT count(*)::int FROM ${admins} WHERE ${column('admins', 'group_id')} = ${groupId})`;

const groupFields = {
    id: adminGroups.id,
    name: adminGroups.name,
    description: adminGroups.description,
    role_count: roleCount,
    user_count: userCount,
    created_at: adminGroups.createdAt,
};

const groupNameTaken = () => new HttpError(409, 'errors.group_name_taken', 'A group with this name already exists', 'name');

export const registerGroupRoutes = (app: FastifyInstance): void => {
    mount(app, listAdminGroups, async ({ query }, { db }) => {
        const filters: SQL[] = [];
        if (query.ids) filters.push(inArray(adminGroups.id, query.ids));
        if (query.name !== undefined) filters.push(sql`lower(${adminGroups.name}) = lower(${query.name})`);
        if (query.q) {
            const pattern = containing(query.q);
            const matches = or(ilike(adminGroups.name, pattern), ilike(adminGroups.description, pattern));
            if (matches) filters.push(matches);
        }
        const where = and(...filters);
        const order = orderBy(
            query.$sort,
            {
                id: adminGroups.id,
                name: adminGroups.name,
                created_at: adminGroups.createdAt,
                role_count: roleCount,
                user_count: userCount,
            },
            adminGroups.id,
        );
        const page = await pageOf(
            query,
            (limit, offset) =>
                db
                    .select({ ...groupFields, total_count: totalCount })
                    .from(adminGroups)
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(adminGroups).where(where),
        );
        return { ...page, data: page.data.map(row => ({ ...row, created_at: iso(row.created_at) })) };
    });

    const groupById = app.portal.db
        .select(groupFields)
        .from(adminGroups)
        .where(eq(adminGroups.id, sql.placeholder('id')))
        .prepare('admin_group_by_id');
    mount(app, getAdminGroup, async ({ params }) => {
        const [group] = await groupById.execute({ id: params.id });
        if (!group) throw new HttpError(404, 'errors.not_found', 'There is no such group', 'id');
        return { ...group, created_at: iso(group.created_at) };
    });

    mount(app, createAdminGroup, async ({ body }, context) =>
        context.write(
            async tx => {
                const [taken] = await tx
                    .select({ id: adminGroups.id })
                    .from(adminGroups)
                    .where(sql`lower(${adminGroups.name}) = lower(${body.name})`);
                if (taken) throw groupNameTaken();
                const [group] = await tx
                    .insert(adminGroups)
                    .values({ name: body.name, description: body.description, createdAt: context.now() })
                    .returning();
                if (!group) throw new Error('The new group could not be read back');
                const created: AdminGroup = {
                    id: group.id,
                    name: group.name,
                    description: group.description,
                    role_count: 0,
                    user_count: 0,
                    created_at: iso(group.createdAt),
                };
                return {
                    result: created,
                    audit: { action: 'admin_groups.create', entity: 'admin_groups', entityId: group.id, after: created },
                };
            },
            { conflicts: { admin_groups_name_lower_key: groupNameTaken } },
        ),
    );
    mount(app, updateAdminGroup, async ({ params, body }, context) => {
        if (Object.keys(body).length === 0) {
            const [group] = await groupById.execute({ id: params.id });
            if (!group) throw new HttpError(404, 'errors.not_found', 'There is no such group', 'id');
            return { ...group, created_at: iso(group.created_at) };
        }
        return context.write(
            async tx => {
                const [group] = await tx.select().from(adminGroups).where(eq(adminGroups.id, params.id)).for('update');
                if (!group) throw new HttpError(404, 'errors.not_found', 'There is no such group', 'id');
                const [before] = await tx.select(groupFields).from(adminGroups).where(eq(adminGroups.id, params.id));
                if (body.name !== undefined && body.name !== group.name) {
                    if (NAMED_GROUPS.includes(group.name)) {
                        throw new HttpError(409, 'errors.group_name_fixed', 'The portal knows this group by its name', 'name');
                    }
                    const [taken] = await tx
                        .select({ id: adminGroups.id })
                        .from(adminGroups)
                        .where(and(sql`lower(${adminGroups.name}) = lower(${body.name})`, ne(adminGroups.id, group.id)));
                    if (taken) throw groupNameTaken();
                }
                await tx.update(adminGroups).set(body).where(eq(adminGroups.id, params.id));
                const [after] = await tx.select(groupFields).from(adminGroups).where(eq(adminGroups.id, params.id));
                if (!before || !after) throw new Error('The group could not be read back');
                const changed = { ...after, created_at: iso(after.created_at) };
                return {
                    result: changed,
                    audit: {
                        action: 'admin_groups.update',
                        entity: 'admin_groups',
                        entityId: group.id,
                        before: { ...before, created_at: iso(before.created_at) },
                        after: changed,
                    },
                };
            },
            { conflicts: { admin_groups_name_lower_key: groupNameTaken } },
        );
    });
};
