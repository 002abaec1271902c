import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition } from '../../contract/define';
import { login } from '../../contract/auth';
import { ROLE_CODES } from '../../contract/roles';
import {
    addGroupRole,
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listGroupRoles,
    removeGroupRole,
    securityCalls,
    updateAdminGroup,
} from '../../contract/security';
import {
    createAdmin,
    endAdminSessions,
    getAdmin,
    listAdmins,
    releaseAdminThrottle,
    resetAdminPassword,
    setAdminStatus,
    updateAdmin,
    userCalls,
} from '../../contract/users';
import { auditCalls, listAuditEvents } from '../../contract/audit';
import {
    register,
    registerLiveness,
    registrationCalls,
    registrationCapture,
    registrationOptions,
} from '../../contract/registration';
import { adminGroups, adminRoles, admins, auditEvents, smsOutbox } from '../../server/db/schema';
import { DEMO_GROUPS } from '../../server/seed';
import { png } from '../e2e/fixtures/kycImages';
import { startTestServer, type CallOptions, type TestServer } from './harness';

let server: TestServer;
/** Holds every role. */
let adminToken: string;
/** Holds only the analytics roles: refused by every security call. */
let analystToken: string;
/** Holds VIEW_USERS (so may list groups, to pick users by group) but not VIEW_SECURITY or ADD_USER. */
let makerToken: string;

const ids = { portalStaff: 0, analytics: 0, soweto: 0, viewSecurityRole: 0, addStoreRole: 0 };
/** The liveness token of a registration made for the access cases. */
let livenessToken = '';

beforeAll(async () => {
    server = await startTestServer();
    [adminToken, analystToken, makerToken] = await Promise.all([
        server.signIn('admin'),
        server.signIn('analyst'),
        server.signIn('maker'),
    ]);
    const groups = await server.db.select().from(adminGroups);
    ids.portalStaff = groups.find(group => group.name === 'Portal Staff')?.id ?? 0;
    ids.analytics = groups.find(group => group.name === 'Analytics')?.id ?? 0;
    const roles = await server.db.select().from(adminRoles);
    ids.viewSecurityRole = roles.find(role => role.code === 'VIEW_SECURITY')?.id ?? 0;
    ids.addStoreRole = roles.find(role => role.code === 'ADD_STORE')?.id ?? 0;
    const { body } = await server.call(registrationOptions);
    ids.soweto = body.stores.find(store => store.name === 'Soweto Central')?.id ?? 0;
    const registered = await server.call(register, {
        body: { ...newRegistrationBody('9006'), store_id: ids.soweto },
        remoteAddress: '198.51.100.99',
    });
    livenessToken = registered.body.registration_token;
});
afterAll(() => server?.close());

const newAdminBody = (suffix: string, overrides: Record<string, unknown> = {}) => ({
    username: `user.${suffix}`,
    first_name: 'Zanele',
    last_name: 'Mthembu',
    msisdn: `2782555${suffix}`,
    email: `user.${suffix}@portal.example`,
    group_id: ids.portalStaff,
    password: 'a-long-password-1',
    ...overrides,
});

/** A self-registration's body: a new admin's but for the group, which registration does not take. */
const newRegistrationBody = (suffix: string) => {
    const { group_id: _group, ...body } = newAdminBody(suffix);
    return body;
};

interface AccessCase {
    call: CallDefinition;
    /** Input a holder of the role may send. */
    valid: () => CallOptions;
    /** Input that fails validation, and the field the answer must name. */
    invalid: () => CallOptions & { field: string };
}

/** Every call of the security, users, audit and registration contracts, with a valid and an invalid input. */
const ACCESS_CASES: Record<
    keyof (typeof securityCalls & typeof userCalls & typeof auditCalls & typeof registrationCalls),
    AccessCase
> = {
    listAdminGroups: { call: listAdminGroups, valid: () => ({}), invalid: () => ({ query: { $limit: 5000 }, field: '$limit' }) },
    getAdminGroup: {
        call: getAdminGroup,
        valid: () => ({ params: { id: ids.portalStaff } }),
        invalid: () => ({ params: { id: 0 }, field: 'id' }),
    },
    createAdminGroup: {
        call: createAdminGroup,
        valid: () => ({ body: { name: 'Access check group' } }),
        invalid: () => ({ body: { name: 'x' }, field: 'name' }),
    },
    listAdminRoles: { call: listAdminRoles, valid: () => ({}), invalid: () => ({ query: { $skip: -1 }, field: '$skip' }) },
    listGroupRoles: {
        call: listGroupRoles,
        valid: () => ({}),
        invalid: () => ({ query: { group_id: 'abc' }, field: 'group_id' }),
    },
    addGroupRole: {
        call: addGroupRole,
        valid: () => ({ body: { group_id: ids.analytics, role_id: ids.addStoreRole } }),
        invalid: () => ({ body: { group_id: ids.analytics }, field: 'role_id' }),
    },
    removeGroupRole: {
        call: removeGroupRole,
        valid: () => ({ params: { id: 1 } }),
        invalid: () => ({ params: { id: 'abc' }, field: 'id' }),
    },
    listAdmins: { call: listAdmins, valid: () => ({}), invalid: () => ({ query: { status: 'asleep' }, field: 'status' }) },
    createAdmin: {
        call: createAdmin,
        valid: () => ({ body: newAdminBody('9001') }),
        invalid: () => ({ body: newAdminBody('9002', { msisdn: '12ab' }), field: 'msisdn' }),
    },
    updateAdminGroup: {
        call: updateAdminGroup,
        valid: () => ({ params: { id: ids.analytics }, body: { description: 'Reads the analytics' } }),
        invalid: () => ({ params: { id: ids.analytics }, body: { name: 'x' }, field: 'name' }),
    },
    getAdmin: { call: getAdmin, valid: () => ({ params: { id: 1 } }), invalid: () => ({ params: { id: 'abc' }, field: 'id' }) },
    updateAdmin: {
        call: updateAdmin,
        valid: () => ({ params: { id: 1 }, body: { first_name: 'Thandi' } }),
        invalid: () => ({ params: { id: 1 }, body: { msisdn: '12ab' }, field: 'msisdn' }),
    },
    setAdminStatus: {
        call: setAdminStatus,
        valid: () => ({ params: { id: 1 }, body: { status: 'disabled' } }),
        invalid: () => ({ params: { id: 1 }, body: { status: 'asleep' }, field: 'status' }),
    },
    endAdminSessions: {
        call: endAdminSessions,
        valid: () => ({ params: { id: 1 } }),
        invalid: () => ({ params: { id: 'abc' }, field: 'id' }),
    },
    releaseAdminThrottle: {
        call: releaseAdminThrottle,
        valid: () => ({ params: { id: 1 } }),
        invalid: () => ({ params: { id: '0' }, field: 'id' }),
    },
    resetAdminPassword: {
        call: resetAdminPassword,
        valid: () => ({ params: { id: 1 } }),
        invalid: () => ({ params: { id: '1e3' }, field: 'id' }),
    },
    listAuditEvents: {
        call: listAuditEvents,
        valid: () => ({}),
        invalid: () => ({ query: { from: 'yesterday' }, field: 'from' }),
    },
    registrationOptions: { call: registrationOptions, valid: () => ({}), invalid: () => ({ field: '' }) },
    register: {
        call: register,
        valid: () => ({ body: { ...newRegistrationBody('9003'), store_id: ids.soweto } }),
        invalid: () => ({ body: newRegistrationBody('9004'), field: 'store_id' }),
    },
    registerLiveness: {
        call: registerLiveness,
        valid: () => ({
            body: { registration_token: livenessToken },
            files: [{ name: 'live.png', type: 'image/png', bytes: png(480, 640) }],
        }),
        invalid: () => ({ body: { registration_token: 'not-a-token' }, field: 'registration_token' }),
    },
    registrationCapture: {
        call: registrationCapture,
        valid: () => ({ params: { id: '1' } }),
        invalid: () => ({ params: { id: 'one' }, field: 'id' }),
    },
};

describe('access to every security call', () => {
    for (const [name, testCase] of Object.entries(ACCESS_CASES)) {
        const { call } = testCase;
        if (call.access === 'public') {
            it(`${name} is open to anyone`, async () => {
                const { status } = await server.call(call, testCase.valid());
                expect(status).toBeLessThan(300);
            });
            continue;
        }
        it(`${name} refuses a caller who is not signed in (401)`, async () => {
            const { status, error } = await server.call(call, testCase.valid());
            expect(status).toBe(401);
            expect(error.key).toBe('errors.not_signed_in');
        });
        it(`${name} refuses a signed-in caller without ${String(call.access)} (403)`, async () => {
            const { status, error } = await server.call(call, { ...testCase.valid(), token: analystToken });
            expect(status).toBe(403);
            expect(error).toMatchObject({ code: 403, name: 'Forbidden', key: 'errors.forbidden' });
        });
    }

    for (const [name, testCase] of Object.entries(ACCESS_CASES)) {
        if (!testCase.call.body && !testCase.call.query && !testCase.call.params) continue;
        it(`${name} answers 400 naming the field at fault`, async () => {
            const { field, ...input } = testCase.invalid();
            const { status, error } = await server.call(testCase.call, { ...input, token: adminToken });
            expect(status).toBe(400);
            expect(error).toMatchObject({ code: 400, name: 'BadRequest', field });
            expect(['errors.invalid_input', 'errors.field_required']).toContain(error.key);
            expect(error.errors?.[0]?.field).toBe(field);
        });
    }

    it("a maker may list users and groups but not add a user or see a group's details", async () => {
        expect((await server.call(listAdmins, { token: makerToken })).status).toBe(200);
        expect((await server.call(listAdminGroups, { token: makerToken })).status).toBe(200);
        expect((await server.call(getAdminGroup, { params: { id: ids.portalStaff }, token: makerToken })).status).toBe(403);
        expect((await server.call(createAdmin, { body: newAdminBody('9005'), token: makerToken })).status).toBe(403);
    });
});

describe('sorting', () => {
    it('takes only the fields a list names, never a key every object has (found by the fuzzer: a 500)', async () => {
        for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
            const { status, error } = await server.call(listAdminGroups, { query: { $sort: field }, token: adminToken });
            expect(status, field).toBe(400);
            expect(error.field).toBe('$sort');
        }
    });
});

describe('security groups', () => {
    it('lists groups with their role and user counts, paged', async () => {
        const { status, body } = await server.call(listAdminGroups, { query: { $limit: 1000 }, token: adminToken });
        expect(status).toBe(200);
        const staff = body.data.find(group => group.name === 'Portal Staff');
        expect(staff).toMatchObject({ role_count: DEMO_GROUPS['Portal Staff'].length, user_count: 2 });
        expect(body.total).toBe(body.data.length);

        const firstPage = await server.call(listAdminGroups, { query: { $limit: 2, $sort: 'name' }, token: adminToken });
        expect(firstPage.body).toMatchObject({ total: body.total, limit: 2, skip: 0 });
        expect(firstPage.body.data.map(group => group.name)).toEqual(
            body.data
                .map(group => group.name)
                .sort()
                .slice(0, 2),
        );
        const defaults = await server.call(listAdminGroups, { token: adminToken });
        expect(defaults.body.limit).toBe(10);
        const searched = await server.call(listAdminGroups, { query: { q: 'APPROVE' }, token: adminToken });
        expect(searched.body.data.map(group => group.name)).toContain('Approvers');
    });

    it('answers one group, or 404', async () => {
        const { status, body } = await server.call(getAdminGroup, { params: { id: ids.analytics }, token: adminToken });
        expect(status).toBe(200);
        expect(body).toMatchObject({
            id: ids.analytics,
            name: 'Analytics',
            role_count: DEMO_GROUPS.Analytics.length,
            user_count: 1,
        });
        const missing = await server.call(getAdminGroup, { params: { id: 99_999 }, token: adminToken });
        expect(missing.status).toBe(404);
        expect(missing.error.key).toBe('errors.not_found');
    });

    it('adds a group, refuses a name taken in any case, and audits who did it with which role', async () => {
        const created = await server.call(createAdminGroup, {
            body: { name: 'Regional Leads', description: 'Lead the regions' },
            token: adminToken,
            headers: { Coords: '-29.85,31.03' },
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
            name: 'Regional Leads',
            description: 'Lead the regions',
            role_count: 0,
            user_count: 0,
        });

        const taken = await server.call(createAdminGroup, { body: { name: 'regional LEADS' }, token: adminToken });
        expect(taken.status).toBe(409);
        expect(taken.error).toMatchObject({ key: 'errors.group_name_taken', field: 'name' });

        const [adminRow] = await server.db.select().from(admins).where(eq(admins.username, 'admin'));
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'admin_groups.create'), eq(auditEvents.entityId, String(created.body.id))));
        expect(event).toMatchObject({
            actorAdminId: adminRow?.id,
            roleUsed: 'ADD_SECURITY_GROUP',
            entity: 'admin_groups',
            coords: '-29.85,31.03',
            before: null,
        });
        expect(event?.after).toMatchObject({ name: 'Regional Leads' });
    });
});

describe('roles and the roles of a group', () => {
    it('lists every role code', async () => {
        const { body } = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: adminToken });
        expect(body.total).toBe(ROLE_CODES.length);
        expect(body.data.map(role => role.code).sort()).toEqual([...ROLE_CODES].sort());
        const searched = await server.call(listAdminRoles, { query: { q: 'analytics', $limit: 100 }, token: adminToken });
        expect(searched.body.data.every(role => role.code.includes('ANALYTICS'))).toBe(true);
        const sorted = await server.call(listAdminRoles, { query: { $sort: '-code', $limit: 3 }, token: adminToken });
        expect(sorted.body.data.map(role => role.code)).toEqual([...ROLE_CODES].sort().reverse().slice(0, 3));
    });

    it('refuses a $sort field the list does not have', async () => {
        const { status, error } = await server.call(listAdminRoles, { query: { $sort: 'password' }, token: adminToken });
        expect(status).toBe(400);
        expect(error.field).toBe('$sort');
    });

    it("lists a group's roles", async () => {
        const { body } = await server.call(listGroupRoles, {
            query: { group_id: ids.portalStaff, $limit: 1000 },
            token: adminToken,
        });
        expect(body.data.map(row => row.admin_role.code).sort()).toEqual([...DEMO_GROUPS['Portal Staff']].sort());
        expect(body.data.every(row => row.group_id === ids.portalStaff)).toBe(true);
    });

    it('gives a group a role and takes it away again', async () => {
        const added = await server.call(addGroupRole, {
            body: { group_id: ids.portalStaff, role_id: ids.viewSecurityRole },
            token: adminToken,
        });
        expect(added.status).toBe(201);
        expect(added.body).toMatchObject({
            group_id: ids.portalStaff,
            role_id: ids.viewSecurityRole,
            admin_role: { code: 'VIEW_SECURITY' },
        });
        // The maker (Portal Staff) may now view security: the roles are read on every call.
        expect((await server.call(listAdminRoles, { token: makerToken })).status).toBe(200);

        const duplicate = await server.call(addGroupRole, {
            body: { group_id: ids.portalStaff, role_id: ids.viewSecurityRole },
            token: adminToken,
        });
        expect(duplicate.status).toBe(409);
        expect(duplicate.error.key).toBe('errors.role_already_in_group');

        const removed = await server.call(removeGroupRole, { params: { id: added.body.id }, token: adminToken });
        expect(removed.status).toBe(200);
        expect(removed.body).toEqual(added.body);
        expect((await server.call(listAdminRoles, { token: makerToken })).status).toBe(403);

        const again = await server.call(removeGroupRole, { params: { id: added.body.id }, token: adminToken });
        expect(again.status).toBe(404);
        expect(again.error.key).toBe('errors.not_found');

        const events = await server.db
            .select()
            .from(auditEvents)
            .where(eq(auditEvents.entityId, String(added.body.id)));
        expect(events.map(event => [event.action, event.roleUsed])).toEqual([
            ['group_roles.create', 'EDIT_ROLES'],
            ['group_roles.remove', 'EDIT_ROLES'],
        ]);
    });

    it('refuses an unknown group or role, naming the field', async () => {
        const unknownGroup = await server.call(addGroupRole, {
            body: { group_id: 99_999, role_id: ids.addStoreRole },
            token: adminToken,
        });
        expect(unknownGroup.status).toBe(400);
        expect(unknownGroup.error).toMatchObject({ key: 'errors.unknown_group', field: 'group_id' });
        const unknownRole = await server.call(addGroupRole, {
            body: { group_id: ids.portalStaff, role_id: 99_999 },
            token: adminToken,
        });
        expect(unknownRole.status).toBe(400);
        expect(unknownRole.error).toMatchObject({ key: 'errors.unknown_role', field: 'role_id' });
    });
});

describe('portal users', () => {
    it('lists users with their group and shop names, filtered, searched and sorted', async () => {
        const all = await server.call(listAdmins, { query: { $limit: 1000 }, token: adminToken });
        expect(all.body.total).toBeGreaterThanOrEqual(8);
        const agent = all.body.data.find(row => row.username === 'agent');
        expect(agent).toMatchObject({
            group_name: 'Sales Agent',
            store_name: 'Soweto Central',
            status: 'active',
            msisdn: '27820000005',
        });
        expect(JSON.stringify(all.body)).not.toContain('scrypt');

        const bySurname = await server.call(listAdmins, { query: { q: 'KHUMALO' }, token: adminToken });
        expect(bySurname.body.data.map(row => row.username)).toEqual(['agent']);
        const byPhone = await server.call(listAdmins, { query: { q: '0000007' }, token: adminToken });
        expect(byPhone.body.data.map(row => row.username)).toEqual(['analyst']);
        const wildcard = await server.call(listAdmins, { query: { q: '%' }, token: adminToken });
        expect(wildcard.body.total).toBe(0);

        const staff = await server.call(listAdmins, {
            query: { group_id: ids.portalStaff, $sort: '-username' },
            token: adminToken,
        });
        expect(staff.body.data.map(row => row.username)).toEqual(['secure', 'maker']);
        const inShop = await server.call(listAdmins, {
            query: { store_id: ids.soweto, status: 'active', $sort: 'username' },
            token: adminToken,
        });
        expect(inShop.body.data.map(row => row.username)).toEqual(['agent', 'shopowner']);

        const paged = await server.call(listAdmins, { query: { $limit: 3, $skip: 3, $sort: 'id' }, token: adminToken });
        expect(paged.body).toMatchObject({ total: all.body.total, limit: 3, skip: 3 });
        expect(paged.body.data.map(row => row.id)).toEqual(all.body.data.slice(3, 6).map(row => row.id));
        // The total comes with the page's rows; a page past the end or of no rows still knows it.
        const pastTheEnd = await server.call(listAdmins, { query: { $skip: 10_000 }, token: adminToken });
        expect(pastTheEnd.body).toMatchObject({ total: all.body.total, data: [] });
        const countOnly = await server.call(listAdmins, { query: { $limit: 0 }, token: adminToken });
        expect(countOnly.body).toMatchObject({ total: all.body.total, data: [] });
    });

    it('adds an active user who can then sign in; the answer carries no password', async () => {
        const created = await server.call(createAdmin, {
            body: newAdminBody('1001', { username: 'New.User', store_id: ids.soweto, msisdn: '+27825551001' }),
            token: adminToken,
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
            username: 'new.user',
            msisdn: '27825551001',
            status: 'active',
            group_name: 'Portal Staff',
            store_name: 'Soweto Central',
            otp_enabled: false,
        });
        expect(Object.keys(created.body)).not.toContain('password_hash');
        expect((await server.call(login, { body: { username: 'new.user', password: 'a-long-password-1' } })).status).toBe(200);

        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'admins.create'), eq(auditEvents.entityId, String(created.body.id))));
        expect(event?.roleUsed).toBe('ADD_USER');
        expect(JSON.stringify(event?.after)).not.toMatch(/password|scrypt/);
    });

    it('refuses a taken username or phone number, and an unknown group or shop', async () => {
        const username = await server.call(createAdmin, { body: newAdminBody('1002', { username: 'maker' }), token: adminToken });
        expect(username.status).toBe(409);
        expect(username.error).toMatchObject({ key: 'errors.username_taken', field: 'username' });
        const msisdn = await server.call(createAdmin, {
            body: newAdminBody('1003', { msisdn: '27820000002' }),
            token: adminToken,
        });
        expect(msisdn.status).toBe(409);
        expect(msisdn.error).toMatchObject({ key: 'errors.msisdn_taken', field: 'msisdn' });
        const group = await server.call(createAdmin, { body: newAdminBody('1004', { group_id: 99_999 }), token: adminToken });
        expect(group.error).toMatchObject({ key: 'errors.unknown_group', field: 'group_id' });
        const store = await server.call(createAdmin, { body: newAdminBody('1005', { store_id: 99_999 }), token: adminToken });
        expect(store.status).toBe(400);
        expect(store.error).toMatchObject({ key: 'errors.unknown_store', field: 'store_id' });
        // A refused write leaves nothing behind, audit included.
        const leftovers = await server.db.select().from(admins).where(eq(admins.username, 'user.1005'));
        expect(leftovers).toEqual([]);
    });
});

describe('agent self-registration', () => {
    it('offers the shops to choose from', async () => {
        const { body } = await server.call(registrationOptions);
        expect(body.stores.map(store => store.name).sort()).toEqual(
            ['Cape Town Bellville', 'Durban Marine Parade', 'Pretoria Sunnyside', 'Soweto Central'].sort(),
        );
        expect(body.stores.find(store => store.name === 'Soweto Central')?.town).toBe('Johannesburg');
    });

    it('creates a sales agent awaiting approval in the chosen shop', async () => {
        const registered = await server.call(register, {
            body: { ...newRegistrationBody('2001'), username: 'self.agent', store_id: ids.soweto },
        });
        expect(registered.status).toBe(201);
        expect(registered.body).toMatchObject({ username: 'self.agent', status: 'pending_approval' });
        const listed = await server.call(listAdmins, {
            query: { status: 'pending_approval', q: 'self.agent' },
            token: adminToken,
        });
        expect(listed.body.data[0]).toMatchObject({
            group_name: 'Sales Agent',
            store_name: 'Soweto Central',
            status: 'pending_approval',
        });
    });

    it('refuses a taken username and an unknown shop', async () => {
        const body = { ...newRegistrationBody('2002'), store_id: ids.soweto };
        const from = { remoteAddress: '198.51.100.20' };
        expect((await server.call(register, { body: { ...body, username: 'agent' }, ...from })).error.key).toBe(
            'errors.username_taken',
        );
        const store = await server.call(register, { body: { ...body, store_id: 99_999 }, ...from });
        expect(store.status).toBe(400);
        expect(store.error).toMatchObject({ key: 'errors.unknown_store', field: 'store_id' });
    });

    it('does not reveal that a phone number is registered: the same answer, nothing created, and its owner told by SMS', async () => {
        const from = { remoteAddress: '198.51.100.21' };
        const fresh = await server.call(register, {
            body: { ...newRegistrationBody('2003'), store_id: ids.soweto },
            ...from,
        });
        const known = await server.call(register, {
            body: { ...newRegistrationBody('2004'), store_id: ids.soweto, msisdn: '27820000005' },
            ...from,
        });
        expect(known.status).toBe(fresh.status);
        expect(known.body).toMatchObject({ username: 'user.2004', status: 'pending_approval' });
        expect(Object.keys(known.body).sort()).toEqual(Object.keys(fresh.body).sort());
        expect(await server.db.select().from(admins).where(eq(admins.username, 'user.2004'))).toEqual([]);
        const notices = await server.db
            .select()
            .from(smsOutbox)
            .where(and(eq(smsOutbox.msisdn, '27820000005'), eq(smsOutbox.purpose, 'notice')));
        expect(notices).toHaveLength(1);
        expect(notices[0]?.text).toContain('tried to register');
    });
});
