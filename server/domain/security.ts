/**
 * Security administration (contract/security.ts): security groups, role codes, the roles of a
 * group, portal users and agent self-registration.
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    addGroupRole,
    createAdmin,
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listAdmins,
    listGroupRoles,
    register,
    registrationOptions,
    removeGroupRole,
    type Admin,
    type AdminGroup,
} from '../../contract/security';
import type { GroupRole } from '../../contract/auth';
import { HttpError, mount } from '../http';
import { containing, orderBy, pageOf } from '../lists';
import type { Queryable, Transaction } from '../db';
import { adminGroups, adminRoles, admins, groupRoles, stores } from '../db/schema';
import { hashPassword } from './auth';

/** The group agents join when they register themselves. */
export const SALES_AGENT_GROUP = 'Sales Agent';

// ---------------------------------------------------------------------------------------------
// Helpers

const iso = (date: Date) => date.toISOString();

/** A unique-constraint violation's constraint name, whichever driver raised it. */
const violatedConstraint = (error: unknown): string | null => {
    let current: unknown = error;
    while (current && typeof current === 'object') {
        const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
        if (candidate.code === '23505') {
            if (typeof candidate.constraint === 'string') return candidate.constraint;
            const named = typeof candidate.message === 'string' ? /constraint "([^"]+)"/.exec(candidate.message) : null;
            return named?.[1] ?? '';
        }
        current = candidate.cause;
    }
    return null;
};

// ---------------------------------------------------------------------------------------------
// Groups

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

// ---------------------------------------------------------------------------------------------
// Group roles

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

// ---------------------------------------------------------------------------------------------
// Admins

const adminFields = {
    id: admins.id,
    username: admins.username,
    first_name: admins.firstName,
    last_name: admins.lastName,
    msisdn: admins.msisdn,
    email: admins.email,
    group_id: admins.groupId,
    group_name: adminGroups.name,
    store_id: admins.storeId,
    store_name: stores.name,
    status: admins.status,
    otp_enabled: admins.otpEnabled,
    created_at: admins.createdAt,
};

const selectAdmins = (db: Queryable) =>
    db
        .select(adminFields)
        .from(admins)
        .innerJoin(adminGroups, eq(adminGroups.id, admins.groupId))
        .leftJoin(stores, eq(stores.id, admins.storeId));

const findAdmin = async (db: Queryable, id: number): Promise<Admin | undefined> => {
    const [row] = await selectAdmins(db).where(eq(admins.id, id));
    return row ? { ...row, created_at: iso(row.created_at) } : undefined;
};

interface NewAdmin {
    username: string;
    first_name: string;
    last_name: string;
    msisdn: string;
    email?: string | undefined;
    group_id: number;
    store_id?: number | null | undefined;
    password: string;
    otp_enabled: boolean;
    status: Admin['status'];
}

/** Checks in the order a form shows its fields, so the first error names the first bad field. */
const checkNewAdmin = async (tx: Transaction, input: NewAdmin): Promise<void> => {
    const [sameUsername] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.username, input.username));
    if (sameUsername) throw usernameTaken();
    const [sameMsisdn] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.msisdn, input.msisdn));
    if (sameMsisdn) throw msisdnTaken();
    const [group] = await tx.select({ id: adminGroups.id }).from(adminGroups).where(eq(adminGroups.id, input.group_id));
    if (!group) throw new HttpError(400, 'errors.unknown_group', 'There is no such group', 'group_id');
    if (input.store_id !== undefined && input.store_id !== null) {
        const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, input.store_id));
        if (!store) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');
    }
};

/** Inserts an admin (the password already hashed) after the checks; a race on a unique key still answers 409. */
const insertAdmin = async (tx: Transaction, input: NewAdmin, passwordHash: string, now: Date): Promise<Admin> => {
    await checkNewAdmin(tx, input);
    const [created] = await tx
        .insert(admins)
        .values({
            username: input.username,
            firstName: input.first_name,
            lastName: input.last_name,
            msisdn: input.msisdn,
            email: input.email ?? null,
            groupId: input.group_id,
            storeId: input.store_id ?? null,
            status: input.status,
            otpEnabled: input.otp_enabled,
            passwordHash,
            createdAt: now,
        })
        .returning({ id: admins.id });
    const admin = created && (await findAdmin(tx, created.id));
    if (!admin) throw new Error('The new admin could not be read back');
    return admin;
};

const usernameTaken = () => new HttpError(409, 'errors.username_taken', 'This username is taken', 'username');
const msisdnTaken = () => new HttpError(409, 'errors.msisdn_taken', 'This phone number belongs to another user', 'msisdn');

const adminConflict = (error: unknown): never => {
    const constraint = violatedConstraint(error);
    if (constraint?.includes('username')) throw usernameTaken();
    if (constraint?.includes('msisdn')) throw msisdnTaken();
    throw error;
};

// ---------------------------------------------------------------------------------------------
// Routes

export const registerSecurityRoutes = (app: FastifyInstance): void => {
    mount(app, listAdminGroups, async ({ query }, { db }) => {
        const filters: SQL[] = [];
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
            () => db.select({ value: count() }).from(adminGroups).where(where),
            (limit, offset) => db.select(groupFields).from(adminGroups).where(where).orderBy(...order).limit(limit).offset(offset),
        );
        return { ...page, data: page.data.map(row => ({ ...row, created_at: iso(row.created_at) })) };
    });

    mount(app, getAdminGroup, async ({ params }, { db }) => {
        const [group] = await db.select(groupFields).from(adminGroups).where(eq(adminGroups.id, params.id));
        if (!group) throw new HttpError(404, 'errors.not_found', 'There is no such group', 'id');
        return { ...group, created_at: iso(group.created_at) };
    });

    mount(
        app,
        createAdminGroup,
        async ({ body }, context) => {
            try {
                return await context.db.transaction(async (tx): Promise<AdminGroup> => {
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
                    const created = {
                        id: group.id,
                        name: group.name,
                        description: group.description,
                        role_count: 0,
                        user_count: 0,
                        created_at: iso(group.createdAt),
                    };
                    await context.audit(tx, {
                        action: 'admin_groups.create',
                        entity: 'admin_groups',
                        entityId: group.id,
                        after: created,
                    });
                    return created;
                });
            } catch (error) {
                if (violatedConstraint(error) !== null) throw groupNameTaken();
                throw error;
            }
        },
        { status: 201 },
    );

    mount(app, listAdminRoles, async ({ query }, { db }) => {
        const pattern = query.q ? containing(query.q) : undefined;
        const where = pattern ? or(ilike(adminRoles.code, pattern), ilike(adminRoles.name, pattern)) : undefined;
        const order = orderBy(query.$sort, { id: adminRoles.id, code: adminRoles.code, name: adminRoles.name }, adminRoles.id);
        return pageOf(
            query,
            () => db.select({ value: count() }).from(adminRoles).where(where),
            (limit, offset) =>
                db
                    .select({ id: adminRoles.id, code: adminRoles.code, name: adminRoles.name, description: adminRoles.description })
                    .from(adminRoles)
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
        );
    });

    mount(app, listGroupRoles, async ({ query }, { db }) => {
        const where = query.group_id !== undefined ? eq(groupRoles.groupId, query.group_id) : undefined;
        const order = orderBy(
            query.$sort,
            { id: groupRoles.id, group_id: groupRoles.groupId, role_id: groupRoles.roleId, code: adminRoles.code },
            groupRoles.id,
        );
        return pageOf(
            query,
            () => db.select({ value: count() }).from(groupRoles).where(where),
            (limit, offset) =>
                db
                    .select(groupRoleFields)
                    .from(groupRoles)
                    .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
        );
    });

    mount(
        app,
        addGroupRole,
        async ({ body }, context) =>
            context.db.transaction(async tx => {
                const [group] = await tx
                    .select({ id: adminGroups.id })
                    .from(adminGroups)
                    .where(eq(adminGroups.id, body.group_id));
                if (!group) throw new HttpError(400, 'errors.unknown_group', 'There is no such group', 'group_id');
                const [role] = await tx.select({ id: adminRoles.id }).from(adminRoles).where(eq(adminRoles.id, body.role_id));
                if (!role) throw new HttpError(400, 'errors.unknown_role', 'There is no such role', 'role_id');
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
                await context.audit(tx, {
                    action: 'group_roles.create',
                    entity: 'group_roles',
                    entityId: created.id,
                    after: created,
                });
                return created;
            }),
        { status: 201 },
    );

    mount(app, removeGroupRole, async ({ params }, context) =>
        context.db.transaction(async tx => {
            const existing = await findGroupRole(tx, params.id);
            if (!existing) throw new HttpError(404, 'errors.not_found', 'There is no such group role', 'id');
            await tx.delete(groupRoles).where(eq(groupRoles.id, params.id));
            await context.audit(tx, {
                action: 'group_roles.remove',
                entity: 'group_roles',
                entityId: existing.id,
                before: existing,
            });
            return existing;
        }),
    );

    mount(app, listAdmins, async ({ query }, { db }) => {
        const filters: SQL[] = [];
        if (query.q) {
            const pattern = containing(query.q);
            const matches = or(
                ilike(admins.username, pattern),
                ilike(admins.firstName, pattern),
                ilike(admins.lastName, pattern),
                ilike(admins.msisdn, pattern),
            );
            if (matches) filters.push(matches);
        }
        if (query.group_id !== undefined) filters.push(eq(admins.groupId, query.group_id));
        if (query.store_id !== undefined) filters.push(eq(admins.storeId, query.store_id));
        if (query.status !== undefined) filters.push(eq(admins.status, query.status));
        const where = and(...filters);
        const order = orderBy(
            query.$sort,
            {
                id: admins.id,
                username: admins.username,
                first_name: admins.firstName,
                last_name: admins.lastName,
                msisdn: admins.msisdn,
                status: admins.status,
                created_at: admins.createdAt,
                group_name: adminGroups.name,
                store_name: stores.name,
            },
            admins.id,
        );
        const page = await pageOf(
            query,
            () => db.select({ value: count() }).from(admins).where(where),
            (limit, offset) => selectAdmins(db).where(where).orderBy(...order).limit(limit).offset(offset),
        );
        return { ...page, data: page.data.map(row => ({ ...row, created_at: iso(row.created_at) })) };
    });

    mount(
        app,
        createAdmin,
        async ({ body }, context) => {
            const passwordHash = await hashPassword(body.password);
            try {
                return await context.db.transaction(async tx => {
                    const created = await insertAdmin(tx, { ...body, status: 'active' }, passwordHash, context.now());
                    await context.audit(tx, {
                        action: 'admins.create',
                        entity: 'admins',
                        entityId: created.id,
                        after: created,
                    });
                    return created;
                });
            } catch (error) {
                return adminConflict(error);
            }
        },
        { status: 201 },
    );

    mount(app, registrationOptions, async (_input, { db }) => ({
        stores: await db
            .select({ id: stores.id, name: stores.name, town: stores.town })
            .from(stores)
            .orderBy(asc(stores.name), asc(stores.id)),
    }));

    mount(
        app,
        register,
        async ({ body }, context) => {
            const passwordHash = await hashPassword(body.password);
            try {
                return await context.db.transaction(async tx => {
                    const [group] = await tx
                        .select({ id: adminGroups.id })
                        .from(adminGroups)
                        .where(sql`lower(${adminGroups.name}) = lower(${SALES_AGENT_GROUP})`);
                    if (!group) {
                        throw new Error(`The "${SALES_AGENT_GROUP}" group is missing; the start-up should have created it`);
                    }
                    const created = await insertAdmin(
                        tx,
                        { ...body, group_id: group.id, otp_enabled: false, status: 'pending_approval' },
                        passwordHash,
                        context.now(),
                    );
                    await context.audit(tx, {
                        actorAdminId: created.id,
                        action: 'admins.register',
                        entity: 'admins',
                        entityId: created.id,
                        after: created,
                    });
                    return { id: created.id, username: created.username, status: 'pending_approval' as const };
                });
            } catch (error) {
                return adminConflict(error);
            }
        },
        { status: 201 },
    );
};
