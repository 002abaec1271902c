/**
 * Nobody removes what they could not grant. Taking a role from a group, or moving a user out of a
 * group or into one, needs standing over that group: it is not the caller's own, and the caller
 * holds every role it has. The attack this closes: once a second group held every role, a security
 * administrator holding only the security roles took EDIT_ROLES away from the Super Admin's group.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '../../contract/roles';
import { addGroupRole, createAdminGroup, listAdminRoles, listGroupRoles, removeGroupRole } from '../../contract/security';
import { createAdmin, updateAdmin } from '../../contract/users';
import { adminGroups, admins, auditEvents } from '../../server/db/schema';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
const roleIds = new Map<string, number>();
const groupIds = new Map<string, number>();

beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
    const roles = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: adminToken });
    for (const role of roles.body.data) roleIds.set(role.code, role.id);
    for (const group of await server.db.select().from(adminGroups)) groupIds.set(group.name, group.id);
});
afterAll(() => server?.close());

const role = (code: RoleCode) => roleIds.get(code) ?? 0;
const group = (name: string) => groupIds.get(name) ?? 0;
let serial = 0;

/** The roles of a security administrator: groups, roles and users, nothing of the business. */
const SECURITY_ROLES: RoleCode[] = ['VIEW_SECURITY', 'EDIT_ROLES', 'ADD_SECURITY_GROUP', 'VIEW_USERS', 'ADD_USER', 'EDIT_USER'];

/** A new group holding exactly these roles, made by the Super Admin. */
const newGroup = async (codes: readonly RoleCode[]) => {
    serial += 1;
    const created = await server.call(createAdminGroup, { body: { name: `Standing ${serial}` }, token: adminToken });
    expect(created.status).toBe(201);
    for (const code of codes) {
        const added = await server.call(addGroupRole, {
            body: { group_id: created.body.id, role_id: role(code) },
            token: adminToken,
        });
        expect(added.status).toBe(201);
    }
    return created.body.id;
};

/** A user in that group, made by the Super Admin; signed in when asked. */
const memberOf = async (groupId: number) => {
    serial += 1;
    const username = `standing.${serial}`;
    const user = await server.call(createAdmin, {
        body: {
            username,
            first_name: 'Standing',
            last_name: 'User',
            msisdn: `2783400${String(serial).padStart(4, '0')}`,
            group_id: groupId,
            password: 'a-long-password-1',
        },
        token: adminToken,
    });
    expect(user.status).toBe(201);
    return { id: user.body.id, signIn: () => server.signIn(username, 'a-long-password-1') };
};

const rolesOf = async (groupId: number) =>
    (await server.call(listGroupRoles, { query: { group_id: groupId, $limit: 1000 }, token: adminToken })).body.data;

const groupOf = async (adminId: number) =>
    (await server.db.select({ groupId: admins.groupId }).from(admins).where(eq(admins.id, adminId)))[0]?.groupId;

describe('taking a role from a group', () => {
    it('a security administrator cannot take EDIT_ROLES from the Super Admin group, even with a second full group', async () => {
        // The attack's setting: a second group holds every role, so the Super Admin group is not the last full one.
        await memberOf(await newGroup([...roleIds.keys()] as RoleCode[]));
        const security = await (await memberOf(await newGroup(SECURITY_ROLES))).signIn();
        const before = await rolesOf(group('Super Admin'));
        const editRoles = before.find(row => row.admin_role.code === 'EDIT_ROLES');
        expect(editRoles).toBeDefined();

        const removed = await server.call(removeGroupRole, { params: { id: editRoles?.id ?? 0 }, token: security });
        expect(removed.status).toBe(403);
        expect(removed.error).toMatchObject({ key: 'errors.group_outranks', field: 'group_id' });
        expect(await rolesOf(group('Super Admin'))).toEqual(before);
        const audited = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'group_roles.remove'), eq(auditEvents.entityId, String(editRoles?.id))));
        expect(audited).toEqual([]);
    });

    it('is refused on a group holding any role the caller lacks, and allowed on one whose roles they all hold', async () => {
        const security = await (await memberOf(await newGroup(SECURITY_ROLES))).signIn();
        const stronger = await newGroup(['VIEW_USERS', 'VIEW_STORES']);
        const viewUsers = (await rolesOf(stronger)).find(row => row.admin_role.code === 'VIEW_USERS');
        const refused = await server.call(removeGroupRole, { params: { id: viewUsers?.id ?? 0 }, token: security });
        expect(refused.status).toBe(403);
        expect(refused.error.key).toBe('errors.group_outranks');

        const weaker = await newGroup(['VIEW_USERS', 'VIEW_SECURITY']);
        const row = (await rolesOf(weaker)).find(entry => entry.admin_role.code === 'VIEW_USERS');
        expect((await server.call(removeGroupRole, { params: { id: row?.id ?? 0 }, token: security })).status).toBe(200);
        expect((await rolesOf(weaker)).map(entry => entry.admin_role.code)).toEqual(['VIEW_SECURITY']);
    });

    it("is refused on the caller's own group, whatever they hold", async () => {
        const own = await newGroup(SECURITY_ROLES);
        const security = await (await memberOf(own)).signIn();
        const row = (await rolesOf(own)).find(entry => entry.admin_role.code === 'ADD_USER');
        const refused = await server.call(removeGroupRole, { params: { id: row?.id ?? 0 }, token: security });
        expect(refused.status).toBe(403);
        expect(refused.error.key).toBe('errors.own_group');
        expect((await rolesOf(own)).length).toBe(SECURITY_ROLES.length);
    });
});

describe('moving a user between groups', () => {
    it('needs standing over the group left and the group joined, and is never into or out of the own group', async () => {
        const ownGroup = await newGroup(SECURITY_ROLES);
        const security = await (await memberOf(ownGroup)).signIn();
        const colleague = await memberOf(ownGroup);
        const lesserA = await newGroup(['VIEW_USERS']);
        const lesserB = await newGroup(['VIEW_SECURITY']);
        const stronger = await newGroup(['VIEW_USERS', 'VIEW_STORES']);
        const move = (id: number, groupId: number) =>
            server.call(updateAdmin, { params: { id }, body: { group_id: groupId }, token: security });

        // Out of the caller's own group, though they hold every role of both groups.
        const out = await move(colleague.id, lesserA);
        expect(out.status).toBe(403);
        expect(out.error).toMatchObject({ key: 'errors.own_group_members', field: 'group_id' });
        expect(await groupOf(colleague.id)).toBe(ownGroup);

        // Into it.
        const someone = await memberOf(lesserA);
        const into = await move(someone.id, ownGroup);
        expect(into.status).toBe(403);
        expect(into.error).toMatchObject({ key: 'errors.own_group_members', field: 'group_id' });
        expect(await groupOf(someone.id)).toBe(lesserA);

        // Out of a group holding a role the caller lacks, or into one.
        const strong = await memberOf(stronger);
        const fromStronger = await move(strong.id, lesserA);
        expect(fromStronger.status).toBe(403);
        expect(fromStronger.error.key).toBe('errors.group_roles_not_held');
        expect(await groupOf(strong.id)).toBe(stronger);
        const toStronger = await move(someone.id, stronger);
        expect(toStronger.status).toBe(403);
        expect(toStronger.error.key).toBe('errors.group_roles_not_held');
        expect(await groupOf(someone.id)).toBe(lesserA);

        // Between two groups the caller stands over: allowed.
        const moved = await move(someone.id, lesserB);
        expect(moved.status).toBe(200);
        expect(await groupOf(someone.id)).toBe(lesserB);
    });

    it('the Super Admin still moves users between groups other than their own', async () => {
        const someone = await memberOf(group('Analytics'));
        const moved = await server.call(updateAdmin, {
            params: { id: someone.id },
            body: { group_id: group('Portal Staff') },
            token: adminToken,
        });
        expect(moved.status).toBe(200);
    });
});
