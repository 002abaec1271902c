/**
 * The role catalog and the demo data.
 *
 * On every start `ensureCatalog` brings admin_roles in line with contract/roles.ts and gives the
 * Super Admin group every role; `seedDemo` fills an empty database with the demo shops, groups and
 * accounts below. Run directly (`npm run seed`, i.e. `tsx server/seed/index.ts --reset [--scale N]`)
 * it wipes the database and seeds it again.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_CATALOG, ROLE_CODES, type RoleCode } from '../../contract/roles';
import { hashPassword } from '../domain/auth';
import { recordAudit } from '../domain/audit';
import { FIELD_AGENT_GROUP, SALES_AGENT_GROUP, SUPER_ADMIN_GROUP } from '../domain/security';
import { loadSettings, type Settings } from '../settings';
import { dropEverything, openDatabase, type Database, type OpenDatabase, type Transaction } from '../db';
import { adminGroups, adminRoles, admins, groupRoles, stores } from '../db/schema';
import { seedDemoApprovals, seedGeneratedApprovals, seedRegistrationRequests } from './approvals';
import { seedAnalyticsHistory } from './analytics';
import { DEMO_CUSTOMERS, seedDemoCustomers, seedGeneratedCustomers, seedGeneratedSellers } from './customers';
import { seedDemoKyc } from './kyc';
import { seedDemoMoney, seedGeneratedMoney } from './money';

export { SUPER_ADMIN_GROUP };

const ANALYTICS_ROLES = ROLE_CODES.filter(code => code.includes('ANALYTICS'));
const APPROVE_ROLES = ROLE_CODES.filter(code => code.startsWith('APPROVE_'));

/** Each demo group and the role codes it holds. Tests and docs read it; the seed writes it. */
export const DEMO_GROUPS = {
    [SUPER_ADMIN_GROUP]: ROLE_CODES,
    'Portal Staff': [
        'FIND_CUSTOMER',
        'FIND_DIGITAL_ASSISTED_CUSTOMER',
        'FIND_TRANSACTION',
        'VIEW_USERS',
        'VIEW_AGENTS',
        'VIEW_STORES',
        'VIEW_INVENTORY',
        // The catalogue is every shop's, so its prices are set by staff without a shop; a cut of
        // more than 20% waits for a checker (server/domain/prices.ts).
        'UPDATE_PHONE_PRICES',
        'VIEW_DEREGISTRATIONS',
        'VIEW_IMEI_CHANGE_REQUESTS',
        'VIEW_MAKER_CHECKER_REQUESTS',
        'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
        'VIEW_CUSTOMER_OCR',
        'VIEW_SUSPENSE_TRANSACTIONS',
        'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
        'VIEW_FAILED_THIRD_PARTY_INSURANCE',
        'VIEW_CUSTOMER_PHONE',
        'VIEW_CUSTOMER_MESSAGES',
        'VIEW_CUSTOMER_LOANS',
        'VIEW_CUSTOMERS_QUALIFIED_PHONES',
        'REQUEST_LOAN_DEACTIVATION',
        'REQUEST_IMEI_CHANGE',
        'REQUEST_TRANSFER_LOAN_OWNERSHIP',
        'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE',
        'REQUEST_OFFLINE_PIN',
        'UPLOAD_RECONCILIATION_DOCUMENT',
        'CORRECT_SUSPENSE_TRANSACTIONS',
        // Collections: who is behind, every shop's loans
        'VIEW_COLLECTIONS',
        'ADD_LOAN',
        'RATE_CALL',
        'AWARD_DATA',
        'LOCK_CUSTOMER_DEVICE',
        'RELEASE_CUSTOMER_DEVICE',
        'CONVERT_CUSTOMER',
        // Back-office staff support the shops: the system check, and the beta switches to try first
        'RUN_SYSTEM_CHECK',
        'USE_BETA_FEATURES',
    ],
    Approvers: [
        'VIEW_DEREGISTRATIONS',
        'VIEW_IMEI_CHANGE_REQUESTS',
        'VIEW_MAKER_CHECKER_REQUESTS',
        'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
        'VIEW_CUSTOMER_OCR',
        'VIEW_SUSPENSE_TRANSACTIONS',
        'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
        'VIEW_FAILED_THIRD_PARTY_INSURANCE',
        'VIEW_USERS',
        'VIEW_AGENTS',
        ...APPROVE_ROLES,
    ],
    'Shop Owner': [
        'VIEW_SHOP_AGENTS',
        'VIEW_STORES',
        'VIEW_AGENTS',
        'VIEW_INVENTORY',
        'ADD_STORE',
        'ADD_INVENTORY',
        'TRANSFER_AGENT',
        'UPDATE_AGENT_LOCATION',
        'ASSIGN_AGENT_TIER',
        'FIND_CUSTOMER',
        'VIEW_SHOP_OWNERS_ANALYTICS',
        // Collections: the shop's own loans in arrears (a shop's staff reach their shop's loans)
        'VIEW_COLLECTIONS',
    ],
    [SALES_AGENT_GROUP]: [
        'FIND_CUSTOMER',
        'FIND_DIGITAL_ASSISTED_CUSTOMER',
        'ADD_LOAN',
        'VIEW_CUSTOMER_PHONE',
        'VIEW_CUSTOMER_MESSAGES',
        'VIEW_CUSTOMER_LOANS',
        'VIEW_CUSTOMERS_QUALIFIED_PHONES',
        'RATE_CALL',
    ],
    [FIELD_AGENT_GROUP]: [
        'FIND_CUSTOMER_FIELDAGENT',
        'FIND_CUSTOMER_FIELDAGENT_STORE',
        'VIEW_CUSTOMER_PHONE',
        'VIEW_CUSTOMER_LOANS',
        'VIEW_CUSTOMERS_QUALIFIED_PHONES',
        'ADD_LOAN',
    ],
    Analytics: ANALYTICS_ROLES,
} as const satisfies Record<string, readonly RoleCode[]>;

type DemoGroup = keyof typeof DEMO_GROUPS;

const GROUP_DESCRIPTIONS: Record<DemoGroup, string> = {
    [SUPER_ADMIN_GROUP]: 'Every role: runs the portal',
    'Portal Staff': 'Back-office staff: find, view and request changes (makers)',
    Approvers: 'Review and approve requests (checkers)',
    'Shop Owner': 'Runs a phone shop: its agents and stock',
    [SALES_AGENT_GROUP]: 'Sells phones on loan in a shop; self-registered agents join here',
    [FIELD_AGENT_GROUP]: 'Finds customers in the field',
    Analytics: 'Reads the analytics pages',
};

interface DemoStore {
    name: string;
    region: string;
    town: string;
    latitude: number;
    longitude: number;
    /** The operator's own shop (analytics compares branded and unbranded shops). */
    branded?: boolean;
}

const DEMO_STORES: readonly DemoStore[] = [
    { name: 'Soweto Central', region: 'Gauteng', town: 'Johannesburg', latitude: -26.2485, longitude: 27.854 },
    {
        name: 'Durban Marine Parade',
        region: 'KwaZulu-Natal',
        town: 'Durban',
        latitude: -29.852,
        longitude: 31.037,
        branded: true,
    },
    {
        name: 'Cape Town Bellville',
        region: 'Western Cape',
        town: 'Cape Town',
        latitude: -33.9022,
        longitude: 18.629,
        branded: true,
    },
    { name: 'Pretoria Sunnyside', region: 'Gauteng', town: 'Pretoria', latitude: -25.752, longitude: 28.205 },
];

interface DemoAccount {
    username: string;
    firstName: string;
    lastName: string;
    group: DemoGroup;
    msisdn: string;
    store: string | null;
    otpEnabled: boolean;
}

/** The demo accounts; each signs in with the SEED_PASSWORD setting (default demo-pass-2026). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
    {
        username: 'admin',
        firstName: 'Thandi',
        lastName: 'Mokoena',
        group: SUPER_ADMIN_GROUP,
        msisdn: '27820000001',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'maker',
        firstName: 'Sipho',
        lastName: 'Ndlovu',
        group: 'Portal Staff',
        msisdn: '27820000002',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'checker',
        firstName: 'Lerato',
        lastName: 'Dlamini',
        group: 'Approvers',
        msisdn: '27820000003',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'shopowner',
        firstName: 'Pieter',
        lastName: 'van Wyk',
        group: 'Shop Owner',
        msisdn: '27820000004',
        store: 'Soweto Central',
        otpEnabled: false,
    },
    {
        username: 'agent',
        firstName: 'Bongani',
        lastName: 'Khumalo',
        group: SALES_AGENT_GROUP,
        msisdn: '27820000005',
        store: 'Soweto Central',
        otpEnabled: false,
    },
    {
        username: 'fieldagent',
        firstName: 'Naledi',
        lastName: 'Mahlangu',
        group: FIELD_AGENT_GROUP,
        msisdn: '27820000006',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'analyst',
        firstName: 'Ayesha',
        lastName: 'Patel',
        group: 'Analytics',
        msisdn: '27820000007',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'secure',
        firstName: 'Johan',
        lastName: 'Botha',
        group: 'Portal Staff',
        msisdn: '27820000008',
        store: null,
        otpEnabled: true,
    },
];

const SYSTEM = { adminId: null, roleUsed: null, coords: null };

/** Finds a group by name (case-insensitively) or creates it. */
const ensureGroup = async (tx: Transaction, name: string, description: string, now: Date): Promise<number> => {
    const [existing] = await tx
        .select({ id: adminGroups.id })
        .from(adminGroups)
        .where(sql`lower(${adminGroups.name}) = lower(${name})`);
    if (existing) return existing.id;
    const [created] = await tx
        .insert(adminGroups)
        .values({ name, description, createdAt: now })
        .returning({ id: adminGroups.id });
    if (!created) throw new Error(`Could not create group ${name}`);
    return created.id;
};

const giveRoles = async (tx: Transaction, groupId: number, codes: readonly string[]): Promise<void> => {
    if (codes.length === 0) return;
    const roles = await tx
        .select({ id: adminRoles.id })
        .from(adminRoles)
        .where(inArray(adminRoles.code, [...codes]));
    await tx
        .insert(groupRoles)
        .values(roles.map(role => ({ groupId, roleId: role.id })))
        .onConflictDoNothing();
};

/**
 * Idempotent, on every start: every catalog code exists with its current name, the Super Admin
 * group holds every role, and the group that self-registered agents join exists.
 */
export const ensureCatalog = async (db: Database, now: Date = new Date()): Promise<void> => {
    await db.transaction(async tx => {
        const before = new Set((await tx.select({ code: adminRoles.code }).from(adminRoles)).map(row => row.code));
        await tx
            .insert(adminRoles)
            .values(ROLE_CODES.map(code => ({ code, name: ROLE_CATALOG[code] })))
            .onConflictDoUpdate({ target: adminRoles.code, set: { name: sql`excluded.name` } });
        const superAdmin = await ensureGroup(tx, SUPER_ADMIN_GROUP, GROUP_DESCRIPTIONS[SUPER_ADMIN_GROUP], now);
        await giveRoles(tx, superAdmin, ROLE_CODES);
        await ensureGroup(tx, SALES_AGENT_GROUP, GROUP_DESCRIPTIONS[SALES_AGENT_GROUP], now);
        const added = ROLE_CODES.filter(code => !before.has(code));
        if (added.length > 0) {
            await recordAudit(
                tx,
                { ...SYSTEM, at: now },
                { action: 'admin_roles.sync', entity: 'admin_roles', after: { added } },
            );
        }
    });
};

/** Generated sales agents: 25 per `--scale` step, at most this many. */
const AGENTS_PER_SCALE = 25;
const MAX_GENERATED_AGENTS = 2000;
export const generatedAgentCount = (scale: number) => Math.min(scale * AGENTS_PER_SCALE, MAX_GENERATED_AGENTS);

/**
 * Seeds the demo shops, groups, accounts and customers when the database has no admins yet.
 * Answers whether it seeded. `scale` N adds N generated customers with loans, payments and
 * messages in proportion (server/seed/customers.ts), and generated sales agents.
 */
export const seedDemo = async (
    db: Database,
    settings: Pick<Settings, 'seedPassword'>,
    options: { scale?: number; now?: Date } = {},
): Promise<boolean> => {
    const now = options.now ?? new Date();
    const scale = options.scale ?? 0;
    const [existing] = await db.select({ value: count() }).from(admins);
    if ((existing?.value ?? 0) > 0) return false;

    // Hash before the transaction: scrypt is slow and needs no database.
    const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(settings.seedPassword)));
    const generated = scale > 0 ? await generatedAgents(generatedAgentCount(scale)) : [];
    const generatedHash = generated.length > 0 ? await hashPassword(settings.seedPassword) : '';

    await db.transaction(async tx => {
        const storeIds = new Map<string, number>();
        for (const store of DEMO_STORES) {
            const [row] = await tx
                .insert(stores)
                .values({ ...store, createdAt: now })
                .returning({ id: stores.id });
            if (row) storeIds.set(store.name, row.id);
        }
        const groupIds = new Map<string, number>();
        for (const [name, codes] of Object.entries(DEMO_GROUPS) as [DemoGroup, readonly RoleCode[]][]) {
            const groupId = await ensureGroup(tx, name, GROUP_DESCRIPTIONS[name], now);
            groupIds.set(name, groupId);
            await giveRoles(tx, groupId, codes);
        }
        const idOf = (map: Map<string, number>, name: string) => {
            const value = map.get(name);
            if (value === undefined) throw new Error(`Seed refers to unknown ${name}`);
            return value;
        };
        const created = await tx
            .insert(admins)
            .values(
                DEMO_ACCOUNTS.map((account, index) => ({
                    username: account.username,
                    firstName: account.firstName,
                    lastName: account.lastName,
                    msisdn: account.msisdn,
                    email: `${account.username}@portal.example`,
                    groupId: idOf(groupIds, account.group),
                    storeId: account.store ? idOf(storeIds, account.store) : null,
                    status: 'active' as const,
                    otpEnabled: account.otpEnabled,
                    passwordHash: hashes[index] ?? '',
                    createdAt: now,
                })),
            )
            .returning({ id: admins.id, username: admins.username });
        const shopOwner = created.find(row => row.username === 'shopowner');
        if (shopOwner) {
            await tx
                .update(stores)
                .set({ ownerAdminId: shopOwner.id })
                .where(eq(stores.id, idOf(storeIds, 'Soweto Central')));
        }
        const adminIds = new Map(created.map(row => [row.username, row.id]));
        await seedDemoCustomers(tx, { stores: storeIds, admins: adminIds }, now);
        await seedAnalyticsHistory(tx, { stores: storeIds, admins: adminIds }, now);
        await seedGeneratedCustomers(tx, scale, [...storeIds.values()], now);
        const approvalIds = { stores: storeIds, admins: adminIds, salesAgentGroupId: idOf(groupIds, SALES_AGENT_GROUP) };
        await seedDemoApprovals(tx, approvalIds, hashes[0] ?? '', now);
        await seedGeneratedApprovals(tx, scale, approvalIds, now);
        await seedDemoKyc(tx, { admins: adminIds }, now);
        await seedDemoMoney(tx, { admins: adminIds }, now);
        await seedGeneratedMoney(tx, scale, { admins: adminIds }, now);
        if (generated.length > 0) {
            const storeList = [...storeIds.values()];
            const sellers = await tx
                .insert(admins)
                .values(
                    generated.map((agent, index) => ({
                        ...agent,
                        groupId: idOf(groupIds, SALES_AGENT_GROUP),
                        storeId: storeList[index % storeList.length] ?? null,
                        passwordHash: generatedHash,
                        createdAt: now,
                    })),
                )
                .returning({ id: admins.id });
            await seedGeneratedSellers(
                tx,
                sellers.map(seller => seller.id),
            );
        }
        // Every admin awaiting approval (the demo's and the generated agents) waits in the approvals queue.
        await seedRegistrationRequests(tx);
        await recordAudit(
            tx,
            { ...SYSTEM, at: now },
            {
                action: 'seed.demo',
                entity: 'admins',
                after: {
                    accounts: DEMO_ACCOUNTS.map(account => account.username),
                    stores: DEMO_STORES.length,
                    generated_agents: generated.length,
                    demo_customers: DEMO_CUSTOMERS.length,
                    generated_customers: scale,
                },
            },
        );
    });
    return true;
};

/** Plausible extra agents; a fixed faker seed keeps every run's data the same. */
const generatedAgents = async (howMany: number) => {
    const { faker } = await import('@faker-js/faker');
    faker.seed(2026);
    return Array.from({ length: howMany }, (_, index) => {
        const firstName = faker.person.firstName();
        const lastName = faker.person.lastName();
        return {
            username:
                `${firstName}.${lastName}`
                    .toLowerCase()
                    .replace(/[^a-z0-9.]/g, '')
                    .slice(0, 24) + `.${index + 1}`,
            firstName,
            lastName,
            msisdn: `2783${String(1_000_000 + index).padStart(7, '0')}`,
            email: faker.internet.email({ firstName, lastName, provider: 'agents.example' }).toLowerCase(),
            status: index % 5 === 4 ? ('pending_approval' as const) : ('active' as const),
            otpEnabled: false,
        };
    });
};

/** Start-up: migrate, sync the role catalog, and seed when the database is empty. */
export const prepareDatabase = async (
    database: OpenDatabase,
    settings: Pick<Settings, 'seedPassword' | 'now'>,
    options: { scale?: number } = {},
): Promise<{ seeded: boolean }> => {
    await database.migrate();
    await ensureCatalog(database.db, settings.now());
    const seeded = await seedDemo(database.db, settings, { ...options, now: settings.now() });
    return { seeded };
};

/** The most generated customers `--scale` takes. */
const MAX_SCALE = 1_000_000;

const parseArguments = (args: readonly string[]) => {
    let reset = false;
    let scale = 0;
    for (let index = 0; index < args.length; index++) {
        const arg = args[index];
        if (arg === '--reset') reset = true;
        else if (arg === '--scale' || arg?.startsWith('--scale=')) {
            const value = arg === '--scale' ? args[++index] : arg.slice('--scale='.length);
            scale = Number(value);
            if (!value || !Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
                throw new Error(`--scale takes a whole number from 0 to ${MAX_SCALE}, got "${value ?? ''}"`);
            }
        } else throw new Error(`Unknown argument "${arg}". Usage: seed.ts [--reset] [--scale N]`);
    }
    return { reset, scale };
};

const runFromCommandLine = async () => {
    const { reset, scale } = parseArguments(process.argv.slice(2));
    const started = Date.now();
    const settings = loadSettings();
    const database = await openDatabase(settings);
    try {
        if (reset) await dropEverything(database.db);
        const { seeded } = await prepareDatabase(database, settings, { scale });
        const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${settings.dataDir}/pglite`;
        console.log(
            seeded
                ? `Seeded ${where}: ${DEMO_ACCOUNTS.length} demo accounts (password from SEED_PASSWORD), ${DEMO_CUSTOMERS.length} demo customers` +
                      (scale > 0 ? `, ${scale} generated customers and ${generatedAgentCount(scale)} generated agents` : '') +
                      ` in ${((Date.now() - started) / 1000).toFixed(1)} s`
                : `${where} already has users; nothing seeded (use --reset to start over)`,
        );
    } finally {
        await database.close();
    }
};

const invokedDirectly = (() => {
    const entry = process.argv[1];
    if (!entry) return false;
    try {
        return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
    } catch {
        return false;
    }
})();

if (invokedDirectly) {
    runFromCommandLine().catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
    });
}
