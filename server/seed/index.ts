/**
 * The role catalog and the demo data.
 *
 * On every start `ensureCatalog` (catalog.ts) brings admin_roles in line with contract/roles.ts and
 * gives the Super Admin group every role; `seedDemo` fills an empty database with the demo shops,
 * groups and accounts (accounts.ts) and each domain's demo rows. `npm run seed` (cli.ts) wipes the
 * database and seeds it again. The seed stands above the domain: it writes through the domain's
 * rules (passwords, audit, schedules), and nothing below it imports it.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { RoleCode } from '../../contract/roles';
import { hashPassword } from '../domain/auth';
import { recordAudit } from '../auditTrail';
import { keepAmountsDay } from '../domain/lending/amounts';
import { SALES_AGENT_GROUP } from '../domain/security';
import { businessDay } from '../time';
import type { Settings } from '../settings';
import type { Database, OpenDatabase } from '../db';
import { admins, stores } from '../db/schema';
import {
    DEMO_ACCOUNTS,
    DEMO_GROUPS,
    DEMO_STORES,
    GROUP_DESCRIPTIONS,
    generatedAgentCount,
    generatedAgents,
    type DemoGroup,
} from './accounts';
import { seedApprovedRegistrations, seedDemoApprovals, seedGeneratedApprovals, seedRegistrationRequests } from './approvals';
import {
    deferIndexes,
    GENERATED_TABLES,
    generatedShopCount,
    seedGeneratedShops,
    seedGeneratedStatements,
    seedGeneratedStock,
} from './business';
import { seedAnalyticsHistory } from './analytics';
import { ensureCatalog, ensureGroup, giveRoles, SYSTEM } from './catalog';
import { DEMO_CUSTOMERS, seedDemoCustomers, seedGeneratedCustomers } from './customers';
import { seedDemoKyc, seedGeneratedKyc } from './kyc';
import { seedDemoMoney, seedGeneratedMoney } from './money';

export { SUPER_ADMIN_GROUP } from '../domain/security';
export { DEMO_ACCOUNTS, DEMO_GROUPS, generatedAgentCount } from './accounts';
export { ensureCatalog } from './catalog';

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
        // Every loan the seed writes works its amount overdue out as of today (migration 0046's
        // trigger), so the collections queue sorts by the stored figures from the start.
        await keepAmountsDay(tx, businessDay(now));
        const storeIds = new Map<string, number>();
        for (const store of DEMO_STORES) {
            const [row] = await tx
                .insert(stores)
                .values({ ...store, createdAt: now })
                .returning({ id: stores.id });
            if (row) storeIds.set(store.name, row.id);
        }
        // --scale N: the generated shops beside the demo's; generated customers, stock and agents spread over all of them.
        const allStores = [...storeIds.values(), ...(await seedGeneratedShops(tx, generatedShopCount(scale), now))];
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
        // --scale N: the generated sales agents first, so each generated loan names its seller as it
        // is inserted (an UPDATE of every loan afterwards took 153 s of the seed at a million customers).
        const sellerIds =
            generated.length === 0
                ? []
                : (
                      await tx
                          .insert(admins)
                          .values(
                              generated.map((agent, index) => ({
                                  ...agent,
                                  groupId: idOf(groupIds, SALES_AGENT_GROUP),
                                  // Five agents a shop at a time (one in five of them awaits approval), so every shop has sellers.
                                  storeId: allStores[Math.floor(index / 5) % allStores.length] ?? null,
                                  passwordHash: generatedHash,
                                  createdAt: now,
                              })),
                          )
                          .returning({ id: admins.id })
                  ).map(seller => seller.id);
        // --scale N: the generated tables' indexes and foreign keys are made once their rows are in,
        // and the seed's joins and sorts of a million rows are done in memory rather than on disk.
        if (scale > 0) await tx.execute(sql`SET LOCAL work_mem = '256MB'`);
        const restoreIndexes = scale > 0 ? await deferIndexes(tx, GENERATED_TABLES) : null;
        await seedGeneratedCustomers(tx, scale, allStores, now, sellerIds);
        await seedGeneratedStock(tx, scale, allStores, now);
        const approvalIds = { stores: storeIds, admins: adminIds, salesAgentGroupId: idOf(groupIds, SALES_AGENT_GROUP) };
        await seedDemoApprovals(tx, approvalIds, hashes[0] ?? '', now);
        await seedGeneratedApprovals(tx, scale, approvalIds, now);
        await seedDemoKyc(tx, { admins: adminIds }, now);
        await seedGeneratedKyc(tx, scale, {
            checkerId: idOf(adminIds, 'checker'),
            fallbackSubmitterId: idOf(adminIds, 'fieldagent'),
        });
        await seedDemoMoney(tx, { admins: adminIds }, now);
        await seedGeneratedMoney(tx, scale, { admins: adminIds }, now);
        await seedGeneratedStatements(tx, scale, idOf(adminIds, 'maker'), now);
        if (sellerIds.length > 0) await seedApprovedRegistrations(tx, sellerIds, idOf(adminIds, 'checker'));
        await restoreIndexes?.();
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
        // Fresh statistics, so the first queries plan with the tables as they now are.
        if (scale > 0) await tx.execute(sql`ANALYZE`);
    });
    return true;
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
