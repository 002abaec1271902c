/**
 * Administration: editing users, disabling and enabling
 * them, ending their sessions, forgiving a throttled account, renaming groups, and reading the
 * audit trail. Nobody acts on an account more powerful than their own, nor changes their own
 * group, shop or status.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, myRoles } from '../../contract/auth';
import type { RoleCode } from '../../contract/roles';
import { addGroupRole, createAdminGroup, listAdminRoles, updateAdminGroup } from '../../contract/security';
import { createAdmin, endAdminSessions, getAdmin, releaseAdminThrottle, setAdminStatus, updateAdmin } from '../../contract/users';
import { listAuditEvents } from '../../contract/audit';
import { register, registrationOptions } from '../../contract/registration';
import { adminGroups, admins, approvalRequests, auditEvents, deviceLocks, loans, stores } from '../../server/db/schema';
import { race } from './concurrency';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
const roleIds = new Map<string, number>();
const groupIds = new Map<string, number>();
const storeIds = new Map<string, number>();
const adminIds = new Map<string, number>();

beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
    const roles = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: adminToken });
    for (const role of roles.body.data) roleIds.set(role.code, role.id);
    for (const group of await server.db.select().from(adminGroups)) groupIds.set(group.name, group.id);
    for (const store of (await server.call(registrationOptions)).body.stores) storeIds.set(store.name, store.id);
    for (const row of await server.db.select({ id: admins.id, username: admins.username }).from(admins)) {
        adminIds.set(row.username, row.id);
    }
});
afterAll(() => server?.close());

const group = (name: string) => groupIds.get(name) ?? 0;
const adminId = (username: string) => adminIds.get(username) ?? 0;
let serial = 0;

/** A new group holding exactly these roles, and a signed-in member of it (in a shop when named). */
const memberOf = async (codes: RoleCode[], store?: string) => {
    serial += 1;
    const created = await server.call(createAdminGroup, { body: { name: `Admin probe ${serial}` }, token: adminToken });
    for (const code of codes) {
        const added = await server.call(addGroupRole, {
            body: { group_id: created.body.id, role_id: roleIds.get(code) ?? 0 },
            token: adminToken,
        });
        expect(added.status).toBe(201);
    }
    const username = `admin.probe.${serial}`;
    const user = await server.call(createAdmin, {
        body: {
            username,
            first_name: 'Probe',
            last_name: `Number ${serial}`,
            msisdn: `2783300${String(serial).padStart(4, '0')}`,
            group_id: created.body.id,
            store_id: store ? storeIds.get(store) : undefined,
            password: 'a-long-password-1',
        },
        token: adminToken,
    });
    expect(user.status).toBe(201);
    return { id: user.body.id, groupId: created.body.id, username, token: await server.signIn(username, 'a-long-password-1') };
};

const EDITOR: RoleCode[] = ['EDIT_USER', 'VIEW_USERS', 'ADD_USER'];

describe('editing a user', () => {
    it('changes name and contact, and the audit trail keeps before and after', async () => {
        const edited = await server.call(updateAdmin, {
            params: { id: adminId('maker') },
            body: { first_name: 'Sipho', last_name: 'Ndlovu-Khumalo', email: 'sipho@portal.example' },
            token: adminToken,
        });
        expect(edited.status).toBe(200);
        expect(edited.body).toMatchObject({ last_name: 'Ndlovu-Khumalo', email: 'sipho@portal.example' });
        const trail = await server.call(listAuditEvents, {
            query: { action: 'admins.update', entity_id: String(adminId('maker')) },
            token: adminToken,
        });
        expect(trail.body.data[0]).toMatchObject({
            actor: { username: 'admin' },
            role_used: 'EDIT_USER',
            before: { last_name: 'Ndlovu' },
            after: { last_name: 'Ndlovu-Khumalo' },
        });
    });

    it('answers an empty change with the user as they are, writing nothing; refuses a bad phone number by field', async () => {
        const before = await server.call(listAuditEvents, { query: { $limit: 1 }, token: adminToken });
        const empty = await server.call(updateAdmin, { params: { id: adminId('maker') }, body: {}, token: adminToken });
        expect(empty.status).toBe(200);
        expect(empty.body.username).toBe('maker');
        const after = await server.call(listAuditEvents, { query: { $limit: 1 }, token: adminToken });
        expect(after.body.total).toBe(before.body.total);
        const badPhone = await server.call(updateAdmin, {
            params: { id: adminId('maker') },
            body: { msisdn: '12' },
            token: adminToken,
        });
        expect(badPhone.error.errors?.[0]?.field).toBe('msisdn');
    });

    it('refuses acting on someone whose roles the editor does not all hold, and moving anyone into such a group', async () => {
        const editor = await memberOf(EDITOR);
        const onAdmin = await server.call(updateAdmin, {
            params: { id: adminId('admin') },
            body: { first_name: 'Mallory' },
            token: editor.token,
        });
        expect(onAdmin.status).toBe(403);
        expect(onAdmin.error).toMatchObject({ key: 'errors.group_roles_not_held', field: 'id' });
        const peer = await memberOf(['VIEW_USERS']);
        const promote = await server.call(updateAdmin, {
            params: { id: peer.id },
            body: { group_id: group('Super Admin') },
            token: editor.token,
        });
        expect(promote.status).toBe(403);
        expect(promote.error).toMatchObject({ key: 'errors.group_roles_not_held', field: 'group_id' });
        const [row] = await server.db.select().from(admins).where(eq(admins.id, peer.id));
        expect(row?.groupId).toBe(peer.groupId);
    });

    it('refuses changing one’s own group, shop or status', async () => {
        const editor = await memberOf([...EDITOR, 'VIEW_SECURITY']);
        const ownGroup = await server.call(updateAdmin, {
            params: { id: editor.id },
            body: { group_id: group('Analytics') },
            token: editor.token,
        });
        expect(ownGroup.error).toMatchObject({ key: 'errors.own_account', field: 'group_id' });
        const ownShop = await server.call(updateAdmin, {
            params: { id: editor.id },
            body: { store_id: storeIds.get('Soweto Central') },
            token: editor.token,
        });
        expect(ownShop.error).toMatchObject({ key: 'errors.own_account', field: 'store_id' });
        const ownStatus = await server.call(setAdminStatus, {
            params: { id: editor.id },
            body: { status: 'disabled' },
            token: editor.token,
        });
        expect(ownStatus.error).toMatchObject({ key: 'errors.own_account', field: 'status' });
        const ownName = await server.call(updateAdmin, {
            params: { id: editor.id },
            body: { first_name: 'Renamed' },
            token: editor.token,
        });
        expect(ownName.status).toBe(200);
    });

    it("keeps a shop's staff to the users of their shop, and their users in it", async () => {
        const shopEditor = await memberOf(EDITOR, 'Soweto Central');
        const colleague = await memberOf(['VIEW_USERS'], 'Soweto Central');
        const elsewhere = await memberOf(['VIEW_USERS'], 'Durban Marine Parade');
        const outOfShop = await server.call(updateAdmin, {
            params: { id: elsewhere.id },
            body: { first_name: 'X' },
            token: shopEditor.token,
        });
        expect(outOfShop.status).toBe(404);
        expect((await server.call(getAdmin, { params: { id: elsewhere.id }, token: shopEditor.token })).status).toBe(404);
        const toNoShop = await server.call(updateAdmin, {
            params: { id: colleague.id },
            body: { store_id: null },
            token: shopEditor.token,
        });
        expect(toNoShop.status).toBe(403);
        expect(toNoShop.error).toMatchObject({ key: 'errors.store_not_allowed', field: 'store_id' });
        const toOtherShop = await server.call(updateAdmin, {
            params: { id: colleague.id },
            body: { store_id: storeIds.get('Durban Marine Parade') },
            token: shopEditor.token,
        });
        expect(toOtherShop.error).toMatchObject({ key: 'errors.store_not_allowed' });
    });

    it('gives a phone number to one of two users changed at once', async () => {
        const [first, second] = [await memberOf(['VIEW_USERS']), await memberOf(['VIEW_USERS'])];
        const outcome = await race(server, updateAdmin, 2, index => ({
            params: { id: index === 0 ? first.id : second.id },
            body: { msisdn: '27839999999' },
            token: adminToken,
        }));
        expect(outcome.statuses).toEqual({ 200: 1, 409: 1 });
        expect(outcome.losers[0]?.error).toMatchObject({ key: 'errors.msisdn_taken', field: 'msisdn' });
    });
});

describe('status and sessions', () => {
    it('disabling ends the user’s sessions at once; enabling lets them sign in again', async () => {
        const user = await memberOf(['VIEW_USERS']);
        expect((await server.call(myRoles, { token: user.token })).status).toBe(200);
        const disabled = await server.call(setAdminStatus, {
            params: { id: user.id },
            body: { status: 'disabled' },
            token: adminToken,
        });
        expect(disabled.body.status).toBe('disabled');
        expect((await server.call(myRoles, { token: user.token })).status).toBe(401);
        const refused = await server.call(login, { body: { username: user.username, password: 'a-long-password-1' } });
        expect(refused.status).toBeGreaterThanOrEqual(400);
        const enabled = await server.call(setAdminStatus, {
            params: { id: user.id },
            body: { status: 'active' },
            token: adminToken,
        });
        expect(enabled.body.status).toBe('active');
        expect(await server.signIn(user.username, 'a-long-password-1')).toBeTruthy();
    });

    it('a registration awaiting approval is not enabled here', async () => {
        const registered = await server.call(registrationOptions);
        const username = 'pending.agent.admin';
        await server.call(register, {
            body: {
                username,
                first_name: 'Pending',
                last_name: 'Agent',
                msisdn: '27834440001',
                store_id: registered.body.stores[0]?.id ?? 0,
                password: 'a-long-password-1',
            },
        });
        const [pending] = await server.db.select().from(admins).where(eq(admins.username, username));
        const answer = await server.call(setAdminStatus, {
            params: { id: pending?.id ?? 0 },
            body: { status: 'active' },
            token: adminToken,
        });
        expect(answer.status).toBe(409);
        expect(answer.error.key).toBe('errors.awaiting_approval');
    });

    it('ends every session of a user', async () => {
        const user = await memberOf(['VIEW_USERS']);
        const second = await server.signIn(user.username, 'a-long-password-1');
        const ended = await server.call(endAdminSessions, { params: { id: user.id }, token: adminToken });
        expect(ended.body.ended).toBe(2);
        for (const token of [user.token, second]) expect((await server.call(myRoles, { token })).status).toBe(401);
    });

    it('forgives a throttled account, which then signs in at once from the same place', async () => {
        const user = await memberOf(['VIEW_USERS']);
        const source = '10.99.0.1';
        for (let attempt = 0; attempt < 5; attempt++) {
            await server.call(login, { body: { username: user.username, password: 'wrong-password-9' }, remoteAddress: source });
        }
        const throttled = await server.call(login, {
            body: { username: user.username, password: 'a-long-password-1' },
            remoteAddress: source,
        });
        expect(throttled.status).toBe(429);
        const released = await server.call(releaseAdminThrottle, { params: { id: user.id }, token: adminToken });
        expect(released.body.released).toBe(5);
        const signedIn = await server.call(login, {
            body: { username: user.username, password: 'a-long-password-1' },
            remoteAddress: source,
        });
        expect(signedIn.status).toBe(200);
    });

    it('an editor cannot end the sessions of someone more powerful', async () => {
        const editor = await memberOf(EDITOR);
        const refused = await server.call(endAdminSessions, { params: { id: adminId('admin') }, token: editor.token });
        expect(refused.status).toBe(403);
        expect((await server.call(myRoles, { token: adminToken })).status).toBe(200);
    });
});

describe('groups', () => {
    it('renames and describes a group; the names the portal relies on stay; names stay unique', async () => {
        const created = await server.call(createAdminGroup, { body: { name: 'Night shift' }, token: adminToken });
        const renamed = await server.call(updateAdminGroup, {
            params: { id: created.body.id },
            body: { name: 'Late shift', description: 'Works until ten' },
            token: adminToken,
        });
        expect(renamed.body).toMatchObject({ name: 'Late shift', description: 'Works until ten' });
        const fixed = await server.call(updateAdminGroup, {
            params: { id: group('Sales Agent') },
            body: { name: 'Sellers' },
            token: adminToken,
        });
        expect(fixed.status).toBe(409);
        expect(fixed.error).toMatchObject({ key: 'errors.group_name_fixed', field: 'name' });
        const described = await server.call(updateAdminGroup, {
            params: { id: group('Sales Agent') },
            body: { description: 'Agents in the shops' },
            token: adminToken,
        });
        expect(described.status).toBe(200);
        const taken = await server.call(updateAdminGroup, {
            params: { id: created.body.id },
            body: { name: 'approvers' },
            token: adminToken,
        });
        expect(taken.error).toMatchObject({ key: 'errors.group_name_taken', field: 'name' });
    });
});

describe('the audit trail', () => {
    it('lists events newest first, filtered by actor, action, entity and time', async () => {
        const all = await server.call(listAuditEvents, { query: { $limit: 5 }, token: adminToken });
        expect(all.body.total).toBeGreaterThan(5);
        const times = all.body.data.map(event => event.at);
        expect([...times].sort().reverse()).toEqual(times);
        const byActor = await server.call(listAuditEvents, {
            query: { actor_id: String(adminId('admin')), entity: 'admin_groups', $limit: 100 },
            token: adminToken,
        });
        expect(byActor.body.data.length).toBeGreaterThan(0);
        expect(byActor.body.data.every(event => event.actor?.username === 'admin' && event.entity === 'admin_groups')).toBe(true);
        const future = new Date(server.clock.now().getTime() + 60_000).toISOString();
        const none = await server.call(listAuditEvents, { query: { from: future }, token: adminToken });
        expect(none.body.data).toEqual([]);
        const badDate = await server.call(listAuditEvents, { query: { from: 'yesterday' }, token: adminToken });
        expect(badDate.error.errors?.[0]?.field).toBe('from');
        // A real ISO day the database has no year for (ISO 0000 is its 1 BC): 400, not 500 (fuzz, CI).
        const yearZero = await server.call(listAuditEvents, { query: { to: '0000-02-29T10:00:00Z' }, token: adminToken });
        expect(yearZero.status).toBe(400);
        expect(yearZero.error.errors?.[0]?.field).toBe('to');
    });

    it('sorts by time either way (the When column)', async () => {
        // Three events a minute apart, written out of id order, so time and id disagree.
        const base = server.clock.now().getTime() - 86_400_000;
        const written = await server.db
            .insert(auditEvents)
            .values([2, 0, 1].map(minute => ({ action: 'probe.sort', entity: 'probe', at: new Date(base + minute * 60_000) })))
            .returning({ id: auditEvents.id, at: auditEvents.at });
        const byTime = [...written].sort((a, b) => a.at.getTime() - b.at.getTime()).map(row => row.id);
        const listed = async ($sort: string) =>
            (await server.call(listAuditEvents, { query: { action: 'probe.sort', $sort }, token: adminToken })).body.data.map(
                event => event.id,
            );
        expect(await listed('at')).toEqual(byTime);
        expect(await listed('-at')).toEqual([...byTime].reverse());
    });

    it('names what each event concerns: a user, a group, a shop, a loan (also through its lock and its requests)', async () => {
        const [loan] = await server.db.select({ id: loans.id, reference: loans.loanReference }).from(loans).limit(1);
        const [lock] = await server.db.select({ id: deviceLocks.id, loanId: deviceLocks.loanId }).from(deviceLocks).limit(1);
        const [request] = await server.db
            .select({ id: approvalRequests.id, loanId: approvalRequests.loanId, adminId: approvalRequests.subjectAdminId })
            .from(approvalRequests)
            .limit(1);
        const [shop] = await server.db.select({ id: stores.id, name: stores.name }).from(stores).limit(1);
        if (!loan || !lock || !request || !shop) throw new Error('The demo data has a loan, a device lock, a request and a shop');
        const referenceOf = async (loanId: number | null) =>
            loanId === null
                ? null
                : ((await server.db.select({ reference: loans.loanReference }).from(loans).where(eq(loans.id, loanId)))[0]
                      ?.reference ?? null);
        const usernameOf = async (id: number | null) =>
            id === null
                ? null
                : ((await server.db.select({ username: admins.username }).from(admins).where(eq(admins.id, id)))[0]?.username ??
                  null);
        const at = server.clock.now();
        const recorded = [
            { entity: 'loans', entityId: String(loan.id), subject: loan.reference },
            { entity: 'device_locks', entityId: String(lock.id), subject: await referenceOf(lock.loanId) },
            {
                entity: 'approval_requests',
                entityId: String(request.id),
                subject: (await referenceOf(request.loanId)) ?? (await usernameOf(request.adminId)),
            },
            { entity: 'stores', entityId: String(shop.id), subject: shop.name },
            { entity: 'admins', entityId: String(adminId('maker')), subject: 'maker' },
            { entity: 'admin_groups', entityId: String(group('Sales Agent')), subject: 'Sales Agent' },
            { entity: 'loans', entityId: '2147483646', subject: null },
            { entity: 'sessions', entityId: 'not-a-number', subject: null },
            { entity: 'otps', entityId: String(loan.id), subject: null },
        ];
        await server.db
            .insert(auditEvents)
            .values(recorded.map(({ entity, entityId }) => ({ action: 'probe.subject', entity, entityId, at })));
        const listed = await server.call(listAuditEvents, { query: { action: 'probe.subject', $limit: 100 }, token: adminToken });
        expect(listed.status).toBe(200);
        expect(
            listed.body.data.map(({ entity, entity_id, subject }) => ({ entity, entityId: entity_id, subject })).reverse(),
        ).toEqual(recorded);
    });

    it('is for those who hold VIEW_AUDIT_TRAIL', async () => {
        const maker = await server.signIn('maker');
        expect((await server.call(listAuditEvents, { query: {}, token: maker })).status).toBe(403);
    });
});
