/**
 * Security administration (contract/security.ts): security groups, role codes, the roles of a
 * group, portal users and agent self-registration.
 *
 * Nobody grants what they do not hold: a role is given to or taken from a group only by someone
 * who holds it, never on their own group; a user is created only in a group whose every role the
 * creator holds, and by a shop's staff only in their own shop; the last group holding every role
 * keeps them. Changes to group roles and the checks that read them are serialised by one lock, so
 * two administrators acting at once cannot slip past these rules together.
 */
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
    addGroupRole,
    createAdmin,
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    endAdminSessions,
    getAdmin,
    listAdmins,
    listAuditEvents,
    listGroupRoles,
    releaseAdminThrottle,
    resetAdminPassword,
    setAdminStatus,
    updateAdmin,
    updateAdminGroup,
    register,
    registrationOptions,
    removeGroupRole,
    type Admin,
    type AdminGroup,
} from '../../contract/security';
import type { GroupRole } from '../../contract/auth';
import type { Queryable, Transaction } from '../db';
import {
    adminGroups,
    adminRoles,
    admins,
    approvalRequests,
    auditEvents,
    groupRoles,
    sessions,
    smsOutbox,
    stores,
} from '../db/schema';
import { HttpError, mount, type CallContext } from '../http';
import { containing, orderBy, pageOf, totalCount } from '../lists';
import { iso } from '../wire';
import { checkNewPassword, hashPassword, temporaryPassword } from './auth';
import { auditSubject } from './audit';
import { maskMsisdn } from './auth/codes';
import { releaseCodeBudget } from './auth/otp';
import {
    confirmCurrentPassword,
    currentPasswordRequired,
    settleReauthentication,
    type CurrentPasswordProof,
} from './auth/reauthenticate';
import { releaseSignInFailures, takeRateSlot, tooManyAttempts } from './auth/throttle';
import { insertAgentRegistration } from './approvals/requests';
import { openLivenessStep } from './registrations';

/** The group agents join when they register themselves. */
export const SALES_AGENT_GROUP = 'Sales Agent';
export const FIELD_AGENT_GROUP = 'Field Agent';
export const SUPER_ADMIN_GROUP = 'Super Admin';
/** Groups the portal knows by name (registration, agents, the seed): they keep their names. */
export const NAMED_GROUPS: readonly string[] = [SUPER_ADMIN_GROUP, SALES_AGENT_GROUP, FIELD_AGENT_GROUP];

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

/** Serialises every change to group roles with the checks that read them (see the header). */
const lockGroupRoles = (tx: Transaction) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('security:group-roles'))`);

const forbidden = (
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
const rolesHeldNow = async (tx: Transaction, context: CallContext): Promise<ReadonlySet<string>> => {
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
const checkMayChangeRole = (context: CallContext, held: ReadonlySet<string>, groupId: number, roleCode: string) => {
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
const checkStandingOver = async (
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
const isLastFullGroup = async (tx: Transaction, groupId: number): Promise<boolean> => {
    const [roles] = await tx.select({ value: count() }).from(adminRoles);
    const fullGroups = await tx
        .select({ groupId: groupRoles.groupId })
        .from(groupRoles)
        .groupBy(groupRoles.groupId)
        .having(sql`count(*) = ${roles?.value ?? 0}`);
    return fullGroups.length === 1 && fullGroups[0]?.groupId === groupId;
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

const selectAdmins = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...adminFields, ...(extra as Extra) })
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
    otp_enabled: boolean;
    status: Admin['status'];
}

const usernameTaken = () => new HttpError(409, 'errors.username_taken', 'This username is taken', 'username');
const msisdnTaken = () => new HttpError(409, 'errors.msisdn_taken', 'This phone number belongs to another user', 'msisdn');
const awaitingApproval = (field: string) =>
    new HttpError(409, 'errors.awaiting_approval', 'This registration awaits approval first', field);

/**
 * Whether a checker rejected this account's self-registration: its agent_registration request is
 * `rejected` (the account was disabled by that decision, server/domain/approvals/kinds.ts).
 */
const registrationRejected = async (db: Queryable, adminId: number): Promise<boolean> => {
    const [row] = await db
        .select({ id: approvalRequests.id })
        .from(approvalRequests)
        .where(
            and(
                eq(approvalRequests.kind, 'agent_registration'),
                eq(approvalRequests.subjectAdminId, adminId),
                eq(approvalRequests.status, 'rejected'),
            ),
        )
        .limit(1);
    return row !== undefined;
};
const unknownStore = () => new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');
const unknownGroup = () => new HttpError(400, 'errors.unknown_group', 'There is no such group', 'group_id');

/** A race on a unique key, lost after the checks passed, still names its field. */
const ADMIN_CONFLICTS = { admins_username_unique: usernameTaken, admins_msisdn_unique: msisdnTaken };

const isUsernameTaken = async (db: Queryable, username: string) =>
    (await db.select({ id: admins.id }).from(admins).where(eq(admins.username, username))).length > 0;
const isMsisdnTaken = async (db: Queryable, msisdn: string) =>
    (await db.select({ id: admins.id }).from(admins).where(eq(admins.msisdn, msisdn))).length > 0;
const storeExists = async (db: Queryable, storeId: number) =>
    (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId))).length > 0;

/** One phone number is checked and taken by one writer at a time (staff creation and registration alike). */
const lockMsisdn = (tx: Transaction, msisdn: string) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`admins.msisdn:${msisdn}`}))`);

/**
 * What staff may create: a group whose every role the creator holds (`held`), and a shop that is
 * the creator's own when they belong to one. Answers the shop the new user gets.
 */
const checkMayCreateIn = async (
    db: Queryable,
    context: CallContext,
    held: ReadonlySet<string>,
    input: { group_id: number; store_id?: number | null | undefined },
) => {
    const [group] = await db.select({ id: adminGroups.id }).from(adminGroups).where(eq(adminGroups.id, input.group_id));
    if (!group) throw unknownGroup();
    const groupCodes = await db
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, input.group_id));
    if (groupCodes.some(({ code }) => !held.has(code))) {
        throw forbidden('errors.group_roles_not_held', 'You can only add a user to a group whose roles you all hold', 'group_id');
    }
    const creatorStore = context.session?.admin.storeId ?? null;
    const storeId = input.store_id ?? creatorStore;
    if (creatorStore !== null && storeId !== creatorStore) {
        throw forbidden('errors.store_not_allowed', 'You can only add users to your own shop', 'store_id');
    }
    if (storeId !== null && !(await storeExists(db, storeId))) throw unknownStore();
    return storeId;
};

/** Inserts an admin whose checks have passed, and answers it as the contract shows it. */
const insertAdmin = async (tx: Transaction, input: NewAdmin, passwordHash: string, now: Date): Promise<Admin> => {
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

/**
 * The user an administrator acts on, locked for the transaction, once the rules allow it: within the
 * actor's shop when they belong to one (else 404, as a user that does not exist), and in a group
 * whose every role the actor holds now (nobody acts on a more powerful account).
 */
const adminToChange = async (tx: Transaction, context: CallContext, adminId: number, held: ReadonlySet<string>) => {
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
    const target = await findAdmin(tx, adminId);
    const actorStore = context.session?.admin.storeId ?? null;
    if (!target || (actorStore !== null && target.store_id !== actorStore)) {
        throw new HttpError(404, 'errors.not_found', 'There is no such user', 'id');
    }
    const targetCodes = await tx
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, target.group_id));
    if (target.id !== context.session?.admin.id && targetCodes.some(({ code }) => !held.has(code))) {
        throw forbidden('errors.group_roles_not_held', 'You can only change users whose roles you all hold', 'id');
    }
    return target;
};

const notOwnAccount = (context: CallContext, target: Admin, what: string, field: string) => {
    if (target.id === context.session?.admin.id)
        throw forbidden('errors.own_account', `You cannot change your own ${what}`, field);
};

/**
 * What a change to one's own account does to its second factor that asks for the current password
 * again (auth/reauthenticate.ts): a new phone number (where the sign-in codes go, now or once the
 * second factor is on; also where a reset's notice goes) and turning the second factor off. None
 * on another user's account: their own password is not the caller's to give.
 */
const ownTwoFactorChanges = (
    context: CallContext,
    current: { id: number; msisdn: string; otp_enabled: boolean },
    body: { msisdn?: string; otp_enabled?: boolean },
): string[] => {
    if (current.id !== context.session?.admin.id) return [];
    return [
        ...(body.msisdn !== undefined && body.msisdn !== current.msisdn ? ['msisdn'] : []),
        ...(body.otp_enabled === false && current.otp_enabled ? ['otp_enabled'] : []),
    ];
};

/** The current password, checked before the write (the slow hash holds no transaction) when the change needs it. */
const ownTwoFactorProof = async (
    context: CallContext,
    adminId: number,
    body: { msisdn?: string; otp_enabled?: boolean },
    currentPassword: string | undefined,
): Promise<CurrentPasswordProof | undefined> => {
    if (adminId !== context.session?.admin.id) return undefined;
    const current = await findAdmin(context.db, adminId);
    const needs = current ? ownTwoFactorChanges(context, current, body) : [];
    return needs.length > 0 ? confirmCurrentPassword(context, currentPassword, needs) : undefined;
};

/** Ends a user's live sessions; answers how many. Every instance forgets them at once (NOTIFY). */
const revokeSessions = async (tx: Transaction, adminId: number, now: Date) =>
    (
        await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
            .returning({ id: sessions.id })
    ).length;

// ---------------------------------------------------------------------------------------------
// Registration

/** Self-registrations one source may make in an hour. */
export const REGISTRATIONS_PER_SOURCE_PER_HOUR = 5;

const passwordResetNotice =
    'Your staff portal password was reset by an administrator and your sessions have ended. Sign in with the temporary password your administrator gives you, then choose a new one. If you did not ask for this, tell your administrator at once.';

const registrationNotice =
    'Someone tried to register a staff portal account with this phone number. If it was you, sign in with your existing account; otherwise you can ignore this message.';

// ---------------------------------------------------------------------------------------------
// Routes

export const registerSecurityRoutes = (app: FastifyInstance): void => {
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

    mount(
        app,
        createAdminGroup,
        async ({ body }, context) =>
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
        { status: 201 },
    );

    mount(app, listAdminRoles, async ({ query }, { db }) => {
        const filters: SQL[] = [];
        if (query.ids) filters.push(inArray(adminRoles.id, query.ids));
        if (query.q) {
            const pattern = containing(query.q);
            const matches = or(ilike(adminRoles.code, pattern), ilike(adminRoles.name, pattern));
            if (matches) filters.push(matches);
        }
        const where = and(...filters);
        const order = orderBy(query.$sort, { id: adminRoles.id, code: adminRoles.code, name: adminRoles.name }, adminRoles.id);
        return pageOf(
            query,
            (limit, offset) =>
                db
                    .select({
                        id: adminRoles.id,
                        code: adminRoles.code,
                        name: adminRoles.name,
                        description: adminRoles.description,
                        total_count: totalCount,
                    })
                    .from(adminRoles)
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(adminRoles).where(where),
        );
    });

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

    mount(
        app,
        addGroupRole,
        async ({ body }, context) =>
            context.write(async tx => {
                await lockGroupRoles(tx);
                const [group] = await tx
                    .select({ id: adminGroups.id })
                    .from(adminGroups)
                    .where(eq(adminGroups.id, body.group_id));
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
        { status: 201 },
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

    mount(app, listAdmins, async ({ query }, { db }) => {
        const filters: SQL[] = [];
        if (query.ids) filters.push(inArray(admins.id, query.ids));
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
            (limit, offset) =>
                selectAdmins(db, { total_count: totalCount })
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(admins).where(where),
        );
        return { ...page, data: page.data.map(row => ({ ...row, created_at: iso(row.created_at) })) };
    });

    mount(
        app,
        createAdmin,
        async ({ body }, context) => {
            const { db } = context;
            // The cheap checks first, in the order the form shows its fields: a refusal costs no password hash.
            if (await isUsernameTaken(db, body.username)) throw usernameTaken();
            if (await isMsisdnTaken(db, body.msisdn)) throw msisdnTaken();
            await checkMayCreateIn(db, context, context.roles, body);
            checkNewPassword(body.password, body.username, 'password');
            const passwordHash = await hashPassword(body.password);
            return context.write(
                async tx => {
                    // Again under the locks: the group's roles or the phone may have changed during the hash.
                    await lockGroupRoles(tx);
                    await lockMsisdn(tx, body.msisdn);
                    if (await isUsernameTaken(tx, body.username)) throw usernameTaken();
                    if (await isMsisdnTaken(tx, body.msisdn)) throw msisdnTaken();
                    const storeId = await checkMayCreateIn(tx, context, await rolesHeldNow(tx, context), body);
                    const created = await insertAdmin(
                        tx,
                        { ...body, store_id: storeId, status: 'active' },
                        passwordHash,
                        context.now(),
                    );
                    return {
                        result: created,
                        audit: { action: 'admins.create', entity: 'admins', entityId: created.id, after: created },
                    };
                },
                { conflicts: ADMIN_CONFLICTS },
            );
        },
        { status: 201 },
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

    /** A user as the caller may see them: within the caller's shop when they belong to one. */
    const visibleAdmin = async ({ db, session }: CallContext, adminId: number) => {
        const found = await findAdmin(db, adminId);
        const actorStore = session?.admin.storeId ?? null;
        if (!found || (actorStore !== null && found.store_id !== actorStore)) {
            throw new HttpError(404, 'errors.not_found', 'There is no such user', 'id');
        }
        return found;
    };

    mount(app, getAdmin, async ({ params }, context) => visibleAdmin(context, params.id));

    mount(app, updateAdmin, async ({ params, body: { current_password: currentPassword, ...body } }, context) => {
        // Nothing to change: the user as they are, and nothing written.
        if (Object.keys(body).length === 0) return visibleAdmin(context, params.id);
        const proof = await ownTwoFactorProof(context, params.id, body, currentPassword);
        return context.write(
            async tx => {
                await lockGroupRoles(tx);
                const held = await rolesHeldNow(tx, context);
                const before = await adminToChange(tx, context, params.id, held);
                // Decided again on the locked row: the account may have changed since the password was checked.
                const needs = ownTwoFactorChanges(context, before, body);
                if (needs.length > 0 && !proof) throw currentPasswordRequired();
                const reauthenticated = proof ? [await settleReauthentication(tx, before.id, proof, needs)] : [];
                const groupId = body.group_id ?? before.group_id;
                const storeId = body.store_id === undefined ? before.store_id : body.store_id;
                // A registrant awaiting approval stays what the checker is asked to approve: a sales
                // agent of the shop it registered for, reached at its own number (names may be corrected).
                if (before.status === 'pending_approval') {
                    const moved: [boolean, string][] = [
                        [groupId !== before.group_id, 'group_id'],
                        [storeId !== before.store_id, 'store_id'],
                        [body.msisdn !== undefined && body.msisdn !== before.msisdn, 'msisdn'],
                    ];
                    const field = moved.find(([changed]) => changed)?.[1];
                    if (field) throw awaitingApproval(field);
                }
                // Nobody moves themselves; whoever moves a member of a full group holds every role, so is
                // in a full group too and still active: someone can always do everything.
                if (groupId !== before.group_id) {
                    notOwnAccount(context, before, 'group', 'group_id');
                    // Moving a user takes a member from one group and gives one to another.
                    await checkStandingOver(tx, context, held, before.group_id, 'members');
                    await checkStandingOver(tx, context, held, groupId, 'members');
                }
                if (storeId !== before.store_id) {
                    notOwnAccount(context, before, 'shop', 'store_id');
                    // A shop's staff keep their users in the shop: no shop at all would mean every shop.
                    const actorStore = context.session?.admin.storeId ?? null;
                    if (actorStore !== null && storeId !== actorStore) {
                        throw forbidden('errors.store_not_allowed', 'You can only keep users in your own shop', 'store_id');
                    }
                }
                if (groupId !== before.group_id || storeId !== before.store_id) {
                    await checkMayCreateIn(tx, context, held, { group_id: groupId, store_id: storeId });
                }
                if (body.msisdn !== undefined && body.msisdn !== before.msisdn) {
                    await lockMsisdn(tx, body.msisdn);
                    if (await isMsisdnTaken(tx, body.msisdn)) throw msisdnTaken();
                }
                await tx
                    .update(admins)
                    .set({
                        firstName: body.first_name,
                        lastName: body.last_name,
                        msisdn: body.msisdn,
                        email: body.email,
                        otpEnabled: body.otp_enabled,
                        groupId,
                        storeId,
                    })
                    .where(eq(admins.id, params.id));
                const after = await findAdmin(tx, params.id);
                if (!after) throw new Error('The user could not be read back');
                return {
                    result: after,
                    audit: [{ action: 'admins.update', entity: 'admins', entityId: after.id, before, after }, ...reauthenticated],
                };
            },
            { conflicts: ADMIN_CONFLICTS },
        );
    });

    mount(app, setAdminStatus, async ({ params, body }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const before = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            notOwnAccount(context, before, 'status', 'status');
            if (before.status === 'pending_approval') throw awaitingApproval('status');
            // A registration a checker rejected is disabled; enabling it would undo that decision alone.
            if (body.status === 'active' && before.status === 'disabled' && (await registrationRejected(tx, before.id))) {
                throw new HttpError(
                    409,
                    'errors.registration_rejected',
                    'A checker rejected this registration: the account stays disabled',
                    'status',
                );
            }
            await tx.update(admins).set({ status: body.status }).where(eq(admins.id, params.id));
            const ended = body.status === 'disabled' ? await revokeSessions(tx, params.id, context.now()) : 0;
            const after = await findAdmin(tx, params.id);
            if (!after) throw new Error('The user could not be read back');
            return {
                result: after,
                audit: {
                    action: body.status === 'disabled' ? 'admins.disable' : 'admins.enable',
                    entity: 'admins',
                    entityId: after.id,
                    before,
                    after: { ...after, sessions_ended: ended },
                },
            };
        }),
    );

    mount(app, endAdminSessions, async ({ params }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const target = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            const ended = await revokeSessions(tx, target.id, context.now());
            return {
                result: { ended },
                audit: { action: 'sessions.end_all', entity: 'admins', entityId: target.id, after: { ended } },
            };
        }),
    );

    mount(app, releaseAdminThrottle, async ({ params }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const target = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            const released = await releaseSignInFailures(tx, target.username, context.now());
            // A two-factor user who spent the phone's hourly codes is as shut out as a throttled one.
            const codesReleased = await releaseCodeBudget(tx, target.msisdn, context.now());
            return {
                result: { released },
                audit: {
                    action: 'sign_in_attempts.release',
                    entity: 'admins',
                    entityId: target.id,
                    after: { released, codes_released: codesReleased, phone: maskMsisdn(target.msisdn) },
                },
            };
        }),
    );

    mount(app, resetAdminPassword, async ({ params }, context) => {
        // Made by the server, never chosen by the administrator, and hashed before the transaction
        // (the slow hash holds no lock). Only its hash is stored; the answer carries it once.
        const temporary = temporaryPassword();
        const passwordHash = await hashPassword(temporary);
        const user = await context.write(async tx => {
            const now = context.now();
            await lockGroupRoles(tx);
            const before = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            // A registrant awaiting approval signs in with its own password once approved, or never.
            if (before.status === 'pending_approval') throw awaitingApproval('id');
            // One's own password is changed knowing the current one (changeOwnPassword), never reset.
            if (before.id === context.session?.admin.id) {
                throw forbidden('errors.own_account', 'You cannot reset your own password; change it from your profile', 'id');
            }
            const [flag] = await tx
                .select({ mustChangePassword: admins.mustChangePassword })
                .from(admins)
                .where(eq(admins.id, before.id));
            await tx.update(admins).set({ passwordHash, mustChangePassword: true }).where(eq(admins.id, before.id));
            // In the same transaction as the new password: no session outlives the old one.
            const ended = await revokeSessions(tx, before.id, now);
            const released = await releaseSignInFailures(tx, before.username, now);
            await tx
                .insert(smsOutbox)
                .values({ msisdn: before.msisdn, text: passwordResetNotice, purpose: 'notice', createdAt: now });
            const after = await findAdmin(tx, before.id);
            if (!after) throw new Error('The user could not be read back');
            return {
                result: after,
                audit: {
                    action: 'admins.reset_password',
                    entity: 'admins',
                    entityId: after.id,
                    before: { ...before, must_change_password: flag?.mustChangePassword ?? false },
                    after: {
                        ...after,
                        must_change_password: true,
                        sessions_ended: ended,
                        sign_in_failures_released: released,
                    },
                },
            };
        });
        return { temporary_password: temporary, user };
    });

    const actor = alias(admins, 'actor');
    mount(app, listAuditEvents, async ({ query }, { db }) => {
        const filters: (SQL | undefined)[] = [];
        if (query.ids) filters.push(inArray(auditEvents.id, query.ids));
        if (query.actor_id !== undefined) filters.push(eq(auditEvents.actorAdminId, query.actor_id));
        if (query.action) filters.push(eq(auditEvents.action, query.action));
        if (query.entity) filters.push(eq(auditEvents.entity, query.entity));
        if (query.entity_id) filters.push(eq(auditEvents.entityId, query.entity_id));
        if (query.from) filters.push(gte(auditEvents.at, new Date(query.from)));
        if (query.to) filters.push(lte(auditEvents.at, new Date(query.to)));
        const where = and(...filters);
        const order = query.$sort
            ? orderBy(
                  query.$sort,
                  { id: auditEvents.id, at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity },
                  auditEvents.id,
              )
            : [desc(auditEvents.at), desc(auditEvents.id)];
        const page = await pageOf(
            query,
            (limit, offset) =>
                db
                    .select({
                        event: auditEvents,
                        actorUsername: actor.username,
                        actorName: sql<string>`${actor.firstName} || ' ' || ${actor.lastName}`,
                        subject: auditSubject,
                        total_count: totalCount,
                    })
                    .from(auditEvents)
                    .leftJoin(actor, eq(actor.id, auditEvents.actorAdminId))
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(auditEvents).where(where),
        );
        return {
            ...page,
            data: page.data.map(({ event, actorUsername, actorName, subject }) => ({
                id: event.id,
                actor:
                    event.actorAdminId === null || actorUsername === null
                        ? null
                        : { id: event.actorAdminId, username: actorUsername, name: actorName },
                role_used: event.roleUsed,
                action: event.action,
                entity: event.entity,
                entity_id: event.entityId,
                subject,
                before: event.before,
                after: event.after,
                coords: event.coords,
                at: iso(event.at),
            })),
        };
    });

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
            const { db } = context;
            const wait = await takeRateSlot(
                db,
                `register:${context.source}`,
                REGISTRATIONS_PER_SOURCE_PER_HOUR,
                60 * 60_000,
                context.now(),
            );
            if (wait > 0) throw tooManyAttempts('Too many registrations from here; try again later', wait);
            // The cheap checks before the costly hash. Whether the phone number is registered is not
            // among them: the answer must not tell (see below).
            if (!(await storeExists(db, body.store_id))) throw unknownStore();
            if (await isUsernameTaken(db, body.username)) throw usernameTaken();
            checkNewPassword(body.password, body.username, 'password');
            const passwordHash = await hashPassword(body.password);
            const answer = { username: body.username, status: 'pending_approval' as const };
            // Step 2, the live photo (server/domain/registrations.ts), takes the token answered here.
            return context.write(
                async tx => {
                    await lockMsisdn(tx, body.msisdn);
                    if (await isMsisdnTaken(tx, body.msisdn)) {
                        // The same answer as a registration, so nobody learns the number is known; its
                        // owner is told by SMS instead.
                        await tx.insert(smsOutbox).values({
                            msisdn: body.msisdn,
                            text: registrationNotice,
                            purpose: 'notice',
                            createdAt: context.now(),
                        });
                        return {
                            result: { ...answer, ...(await openLivenessStep(tx, null, context.now())) },
                            audit: {
                                action: 'admins.register_refused',
                                entity: 'admins',
                                after: { username: body.username, reason: 'msisdn_taken' },
                            },
                        };
                    }
                    const [group] = await tx
                        .select({ id: adminGroups.id })
                        .from(adminGroups)
                        .where(sql`lower(${adminGroups.name}) = lower(${SALES_AGENT_GROUP})`);
                    if (!group)
                        throw new Error(`The "${SALES_AGENT_GROUP}" group is missing; the start-up should have created it`);
                    const created = await insertAdmin(
                        tx,
                        { ...body, group_id: group.id, otp_enabled: false, status: 'pending_approval' },
                        passwordHash,
                        context.now(),
                    );
                    // The registration waits for a checker (server/domain/approvals), made by the agent.
                    const request = await insertAgentRegistration(
                        tx,
                        { id: created.id, username: created.username, storeId: body.store_id },
                        context.now(),
                    );
                    return {
                        result: { ...answer, ...(await openLivenessStep(tx, created.id, context.now())) },
                        audit: [
                            {
                                actorAdminId: created.id,
                                action: 'admins.register',
                                entity: 'admins',
                                entityId: created.id,
                                after: created,
                            },
                            request,
                        ],
                    };
                },
                // Only the username can lose a race here; the phone number is locked above.
                { conflicts: { admins_username_unique: usernameTaken } },
            );
        },
        { status: 201 },
    );
};
