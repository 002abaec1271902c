import { and, count, eq, like, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_CATALOG, ROLE_CODES } from '../../contract/roles';
import { dropEverything } from '../../server/db';
import { luhnValid } from '../../contract/fields';
import {
    adminGroups,
    adminRoles,
    admins,
    approvalRequests,
    customers,
    deviceLocks,
    groupRoles,
    loans,
    stores,
    transactions,
} from '../../server/db/schema';
import { HISTORY } from '../../server/seed/analytics';
import { DEMO_CUSTOMERS, DEMO_LOCKED_CHALLENGE } from '../../server/seed/customers';
import { DEMO_ACCOUNTS, ensureCatalog, prepareDatabase, seedDemo, SUPER_ADMIN_GROUP } from '../../server/seed';
import { SCRYPT, verifyPassword } from '../../server/domain/auth/passwords';
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
    // Literal lists from the README's table of demo accounts, so a change to the seed's groups shows here.
    const APPROVING = [
        'APPROVE_AGENT_REGISTRATION',
        'APPROVE_CUSTOMER_OCR',
        'APPROVE_DEREGISTRATION',
        'APPROVE_IMEI_CHANGE',
        'APPROVE_MAKER_CHECKER_REQUESTS',
        'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE',
        'APPROVE_TRANSFER_LOAN_OWNERSHIP',
    ];
    const ADMINISTERING = ['ADD_SECURITY_GROUP', 'ADD_USER', 'EDIT_ROLES', 'VIEW_SECURITY'];

    it('hold the roles the README promises each of them', async () => {
        const roles = await rolesByUsername();
        const of = (username: string) => [...(roles.get(username) ?? [])].sort();

        expect(of('admin')).toEqual([...ROLE_CODES].sort());
        expect(of('maker')).toEqual(
            expect.arrayContaining(['FIND_CUSTOMER', 'VIEW_USERS', 'REQUEST_IMEI_CHANGE', 'REQUEST_LOAN_DEACTIVATION']),
        );
        for (const code of [...APPROVING, ...ADMINISTERING]) expect(of('maker'), code).not.toContain(code);
        expect(of('secure')).toEqual(of('maker'));
        expect(of('checker')).toEqual(expect.arrayContaining(APPROVING));
        for (const code of ADMINISTERING) expect(of('checker'), code).not.toContain(code);
        expect(of('shopowner')).toEqual(
            expect.arrayContaining(['ADD_STORE', 'ADD_INVENTORY', 'TRANSFER_AGENT', 'ASSIGN_AGENT_TIER', 'VIEW_SHOP_AGENTS']),
        );
        expect(of('shopowner')).not.toContain('ADD_USER');
        expect(of('agent')).toEqual(expect.arrayContaining(['FIND_CUSTOMER', 'ADD_LOAN']));
        expect(of('fieldagent')).toEqual([
            'ADD_LOAN',
            'FIND_CUSTOMER_FIELDAGENT',
            'FIND_CUSTOMER_FIELDAGENT_STORE',
            'VIEW_CUSTOMERS_QUALIFIED_PHONES',
            'VIEW_CUSTOMER_LOANS',
            'VIEW_CUSTOMER_PHONE',
        ]);
        expect(of('agent')).toEqual(expect.arrayContaining(['VIEW_CUSTOMER_MESSAGES', 'VIEW_CUSTOMER_LOANS']));
        expect(of('maker')).toEqual(
            expect.arrayContaining(['LOCK_CUSTOMER_DEVICE', 'RELEASE_CUSTOMER_DEVICE', 'CONVERT_CUSTOMER']),
        );
        expect(of('analyst')).toEqual([
            'VIEW_AGENT_ANALYTICS',
            'VIEW_BI_ANALYTICS',
            'VIEW_SHOP_ANALYTICS',
            'VIEW_SHOP_OWNERS_ANALYTICS',
            'VIEW_UNBRANDED_ANALYTICS',
        ]);
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
        const [superAdmins] = await server.db
            .select({ value: count() })
            .from(adminGroups)
            .where(eq(adminGroups.name, SUPER_ADMIN_GROUP));
        expect(superAdmins?.value).toBe(1);
    });

    it('does not seed the demo again once there are users', async () => {
        expect(await seedDemo(server.db, server.settings)).toBe(false);
        const [total] = await server.db.select({ value: count() }).from(admins);
        // The demo accounts, and the demo agent whose registration awaits approval.
        expect(total?.value).toBe(DEMO_ACCOUNTS.length + 1);
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
        // Hashed at the server's cost, not at the cheaper one of the tests' template (tests/server/template.ts).
        expect(admin?.passwordHash.split('$')[1]).toBe(String(SCRYPT.N));
        const [total] = await server.db.select({ value: count() }).from(admins);
        expect(total?.value).toBe(DEMO_ACCOUNTS.length + 1 + 25);
        const roles = await rolesByUsername();
        expect(roles.get('fieldagent')?.sort()).toContain('FIND_CUSTOMER_FIELDAGENT');
        // --scale N: N generated customers beside the demo ones, 7 in 10 with a loan and its device.
        const [generated] = await server.db.select({ value: count() }).from(customers).where(like(customers.msisdn, '2772%'));
        expect(generated?.value).toBe(1);
    });

    it('grows to N customers with loans, devices, payments and messages in proportion', async () => {
        await dropEverything(server.db);
        await prepareDatabase(server.database, server.settings, { scale: 200 });
        const countOf = async (table: typeof customers | typeof loans | typeof deviceLocks | typeof transactions) =>
            (await server.db.select({ value: count() }).from(table))[0]?.value ?? 0;
        // Beside the demo's sales history for analytics (server/seed/analytics.ts).
        expect(await countOf(customers)).toBe(200 + DEMO_CUSTOMERS.length + HISTORY.loans);
        const generatedLoans = await server.db.select().from(loans).where(like(loans.loanReference, 'LPS-%'));
        expect(generatedLoans).toHaveLength(140);
        expect(await countOf(deviceLocks)).toBe(await countOf(loans));
        expect(await countOf(transactions)).toBeGreaterThan(140);
        for (const loan of generatedLoans) expect(luhnValid(loan.imei), loan.imei).toBe(true);
        // Sold by a generated agent of the loan's own shop, over the last two years.
        const sellers = await server.db.select({ id: admins.id, storeId: admins.storeId }).from(admins);
        const shopOf = new Map(sellers.map(seller => [seller.id, seller.storeId]));
        for (const loan of generatedLoans) expect(shopOf.get(loan.agentAdminId ?? 0), loan.loanReference).toBe(loan.storeId);
        const twoYearsAgo = new Date(server.clock.now().getTime() - 731 * 86_400_000);
        for (const loan of generatedLoans) expect(loan.createdAt.getTime()).toBeGreaterThan(twoYearsAgo.getTime());
        const locked = await server.db
            .select()
            .from(deviceLocks)
            .where(and(eq(deviceLocks.state, 'locked'), notLike(deviceLocks.imei, `${HISTORY.imeiPrefix}%`)));
        // One in ten generated loans is locked for arrears (less those an approved deregistration
        // released since, server/seed/approvals.ts), and three demo customers'.
        expect(locked.length).toBeGreaterThan(3 + 10);
        expect(locked.length).toBeLessThanOrEqual(3 + 20);
        // Requests on one generated active loan in six beside the demo's three, and every agent
        // awaiting approval (one in five generated, and the demo's) has their registration request.
        const requests = await server.db.select().from(approvalRequests);
        const onLoans = requests.filter(request => request.loanId !== null);
        expect(onLoans.length).toBeGreaterThan(3 + 10);
        expect(onLoans.length).toBeLessThanOrEqual(3 + 35);
        const waiting = await server.db.select().from(admins).where(eq(admins.status, 'pending_approval'));
        expect(waiting.length).toBeGreaterThan(1);
        expect(
            requests
                .filter(request => request.kind === 'agent_registration' && request.status === 'pending')
                .map(request => request.subjectAdminId)
                .sort(),
        ).toEqual(waiting.map(admin => admin.id).sort());
    });
});

describe('the demo customers', () => {
    it('are seeded, one for each situation of the README, with their loans', async () => {
        await dropEverything(server.db);
        await prepareDatabase(server.database, server.settings);
        // The sales history for analytics keeps to its own ranges (server/seed/analytics.ts).
        const rows = await server.db
            .select()
            .from(customers)
            .where(notLike(customers.msisdn, `${HISTORY.msisdnPrefix}%`));
        expect(rows.map(row => row.msisdn).sort()).toEqual(DEMO_CUSTOMERS.map(customer => customer.msisdn).sort());
        const demoLoans = await server.db
            .select()
            .from(loans)
            .where(notLike(loans.loanReference, `${HISTORY.referencePrefix}%`));
        expect(demoLoans.map(loan => [loan.loanReference, loan.status]).sort()).toEqual([
            ['LPP-000001', 'active'],
            ['LPP-000002', 'active'],
            ['LPP-000003', 'completed'],
            ['LPP-000004', 'active'],
            ['LPP-000006', 'awaiting_deposit'],
            ['LPP-000007', 'awaiting_lock'],
            // Paid off, its phone not yet released: completed all the same.
            ['LPP-000008', 'completed'],
            ['LPP-000009', 'awaiting_lock'],
            ['LPP-000010', 'active'],
            ['LPP-000011', 'active'],
            ['LPP-000012', 'active'],
            ['LPP-000014', 'active'],
            ['LPP-000015', 'active'],
        ]);
        const locked = await server.db
            .select({ loanReference: loans.loanReference, challenge: deviceLocks.challenge, lockReason: deviceLocks.lockReason })
            .from(deviceLocks)
            .innerJoin(loans, eq(loans.id, deviceLocks.loanId))
            .where(and(eq(deviceLocks.state, 'locked'), notLike(deviceLocks.imei, `${HISTORY.imeiPrefix}%`)))
            .orderBy(loans.loanReference);
        expect(locked.map(row => [row.loanReference, row.lockReason])).toEqual([
            ['LPP-000002', 'arrears'],
            ['LPP-000014', 'arrears'],
            ['LPP-000015', 'arrears'],
        ]);
        expect(locked[0]?.challenge).toBe(DEMO_LOCKED_CHALLENGE);
        expect(locked[1]?.challenge).toBe('73920514');
    });
});
