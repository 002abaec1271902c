/** Two writers meeting leave exactly one effect: the first uses of the race helper (concurrency.ts). */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGroupRole, createAdminGroup, listAdminRoles } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import { adminGroups, admins, auditEvents, groupRoles } from '../../server/db/schema';
import { race } from './concurrency';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
});
afterAll(() => server?.close());

const auditedFor = async (action: string) =>
    (await server.db.select({ value: count() }).from(auditEvents).where(eq(auditEvents.action, action)))[0]?.value ?? 0;

describe('50 parallel identical creates', () => {
    it('of a security group: one group, one 201, 49 conflicts naming the field, one audit event', async () => {
        const audited = await auditedFor('admin_groups.create');
        const outcome = await race(server, createAdminGroup, 50, { body: { name: 'Night Shift' }, token: adminToken });
        expect(outcome.statuses).toEqual({ 201: 1, 409: 49 });
        for (const loser of outcome.losers) expect(loser.error).toMatchObject({ key: 'errors.group_name_taken', field: 'name' });
        const rows = await server.db
            .select()
            .from(adminGroups)
            .where(sql`lower(${adminGroups.name}) = 'night shift'`);
        expect(rows).toHaveLength(1);
        expect(await auditedFor('admin_groups.create')).toBe(audited + 1);
    });

    it('of a portal user: one user, the others told the username is taken', async () => {
        const group = (await server.db.select().from(adminGroups).where(eq(adminGroups.name, 'Analytics')))[0];
        const body = {
            username: 'twin.user',
            first_name: 'Twin',
            last_name: 'User',
            msisdn: '27834440001',
            group_id: group?.id ?? 0,
            password: 'a-long-password-1',
        };
        const outcome = await race(server, createAdmin, 50, { body, token: adminToken });
        expect(outcome.statuses).toEqual({ 201: 1, 409: 49 });
        for (const loser of outcome.losers) expect(loser.error.key).toBe('errors.username_taken');
        expect(await server.db.select().from(admins).where(eq(admins.username, 'twin.user'))).toHaveLength(1);
    });

    it('of a group role: the group holds the role once', async () => {
        const group = (await server.db.select().from(adminGroups).where(eq(adminGroups.name, 'Field Agent')))[0];
        const roles = await server.call(listAdminRoles, { query: { q: 'ADD_STORE' }, token: adminToken });
        const roleId = roles.body.data[0]?.id ?? 0;
        const outcome = await race(server, addGroupRole, 50, {
            body: { group_id: group?.id ?? 0, role_id: roleId },
            token: adminToken,
        });
        expect(outcome.statuses).toEqual({ 201: 1, 409: 49 });
        const held = await server.db
            .select()
            .from(groupRoles)
            .where(eq(groupRoles.groupId, group?.id ?? 0));
        expect(held.filter(row => row.roleId === roleId)).toHaveLength(1);
    });
});
