import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CATALOG, ROLE_CODES } from '../../contract/roles';
import { dropEverything } from '../../server/db';
import { adminGroups, adminRoles, admins, groupRoles, stores } from '../../server/db/schema';
import { DEMO_ACCOUNTS, DEMO_GROUPS, ensureCatalog, prepareDatabase, seedDemo, SUPER_ADMIN_GROUP } from '../../server/db/seed';
import { verifyPassword } from '../../server/domain/auth/passwords';
import { PASSWORD, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

/** The role codes each admin holds through their group, by username. */
const rolesByUsername = async () => {
    const rows = await server.db
        .select({ username: admins.username, code: adminRoles.code })
        .from(admins)
        .innerJoin(groupRoles, eq(groupRoles.groupId, admins.groupId))
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId));
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.username, [...(map.get(row.username) ?? []), row.code]);
    return map;
};

describe('the demo accounts', () => {
    it("each holds exactly its group's roles from DEMO_GROUPS", async () => {
        const roles = await rolesByUsername();
        for (const account of DEMO_ACCOUNTS) {
            expect([...(roles.get(account.username) ?? [])].sort(), account.username).toEqual([...DEMO_GROUPS[account.group]].sort());
        }
    });

    it('match the shapes the portal is demonstrated with', () => {
        const codes = (group: keyof typeof DEMO_GROUPS): readonly string[] => DEMO_GROUPS[group];
        expect([...codes(SUPER_ADMIN_GROUP)].sort()).toEqual([...ROLE_CODES].sort());
        const maker = codes('Portal Staff');
        expect(maker.some(code => code.startsWith('APPROVE_'))).toBe(false);
        for (const code of ['VIEW_SECURITY', 'ADD_USER', 'EDIT_ROLES', 'ADD_SECURITY_GROUP']) expect(maker).not.toContain(code);
        const checker = codes('Approvers');
        for (const code of ROLE_CODES.filter(code => code.startsWith('APPROVE_'))) expect(checker).toContain(code);
        const analyst = codes('Analytics');
        expect(analyst.length).toBeGreaterThan(0);
        expect(analyst.every(code => code.includes('ANALYTICS'))).toBe(true);
        expect(analyst).toEqual(ROLE_CODES.filter(code => code.includes('ANALYTICS')));
    });

    it('are active, sign in with the seed password, and have their phones, shops and second factor', async () => {
        const rows = await server.db
            .select({ admin: admins, store: stores.name })
            .from(admins)
            .leftJoin(stores, eq(stores.id, admins.storeId));
        for (const account of DEMO_ACCOUNTS) {
            const row = rows.find(candidate => candidate.admin.username === account.username);
            expect(row?.admin).toMatchObject({ msisdn: account.msisdn, status: 'active', otpEnabled: account.otpEnabled });
            expect(row?.store ?? null).toBe(account.store);
        }
        const admin = rows.find(row => row.admin.username === 'admin')?.admin;
        expect(admin?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
        expect(await verifyPassword(PASSWORD, admin?.passwordHash ?? '')).toBe(true);
        expect(await verifyPassword('wrong', admin?.passwordHash ?? '')).toBe(false);
    });

    it('come with four shops, Soweto Central owned by the shop owner', async () => {
        const rows = await server.db.select().from(stores);
        expect(rows).toHaveLength(4);
        const soweto = rows.find(store => store.name === 'Soweto Central');
        expect(soweto).toMatchObject({ region: 'Gauteng', town: 'Johannesburg' });
        expect(soweto?.latitude).toBeCloseTo(-26.25, 1);
        const [owner] = await server.db.select().from(admins).where(eq(admins.username, 'shopowner'));
        expect(soweto?.ownerAdminId).toBe(owner?.id);
    });
});

describe('the role catalog on every start', () => {
    it('holds every code of ROLE_CATALOG with its name', async () => {
        const rows = await server.db.select().from(adminRoles);
        expect(Object.fromEntries(rows.map(row => [row.code, row.name]))).toEqual(ROLE_CATALOG);
    });

    it('restores missing codes and names, gives Super Admin every role, and changes nothing on a second run', async () => {
        await server.db.delete(adminRoles).where(eq(adminRoles.code, 'AWARD_DATA'));
        await server.db.update(adminRoles).set({ name: 'Old name' }).where(eq(adminRoles.code, 'ADD_STORE'));
        await ensureCatalog(server.db);
        await ensureCatalog(server.db);

        const rows = await server.db.select().from(adminRoles);
        expect(rows).toHaveLength(ROLE_CODES.length);
        expect(rows.find(row => row.code === 'ADD_STORE')?.name).toBe(ROLE_CATALOG.ADD_STORE);
        const roles = await rolesByUsername();
        expect([...(roles.get('admin') ?? [])].sort()).toEqual([...ROLE_CODES].sort());
        const [superAdmins] = await server.db.select({ value: count() }).from(adminGroups).where(eq(adminGroups.name, SUPER_ADMIN_GROUP));
        expect(superAdmins?.value).toBe(1);
    });

    it('does not seed the demo again once there are users', async () => {
        expect(await seedDemo(server.db, server.settings)).toBe(false);
        const [total] = await server.db.select({ value: count() }).from(admins);
        expect(total?.value).toBe(DEMO_ACCOUNTS.length);
    });
});

describe('starting over (npm run seed, i.e. --reset)', () => {
    it('drops everything, migrates and seeds again, with generated agents per --scale step', async () => {
        await server.db.update(admins).set({ firstName: 'Changed' }).where(eq(admins.username, 'admin'));
        await dropEverything(server.db);
        const { seeded } = await prepareDatabase(server.database, server.settings, { scale: 1 });
        expect(seeded).toBe(true);

        const [admin] = await server.db.select().from(admins).where(eq(admins.username, 'admin'));
        expect(admin?.firstName).toBe('Thandi');
        const [total] = await server.db.select({ value: count() }).from(admins);
        expect(total?.value).toBe(DEMO_ACCOUNTS.length + 25);
        const roles = await rolesByUsername();
        expect([...(roles.get('maker') ?? [])].sort()).toEqual([...DEMO_GROUPS['Portal Staff']].sort());
    });
});
