/**
 * Stores, shops, agents, agent tiers and inventory (contract/stores.ts).
 *
 * Reach: staff without a shop act on every store; anyone attached to a shop acts on that shop and
 * the stores they own, and sees nothing else: a store, an agent or a device outside the reach
 * answers 404, as one that does not exist. An agent is a portal user in an agent group.
 *
 * Two writers meeting leave one effect: store names and IMEIs are unique in the database, and the
 * agent rows a write changes are locked (FOR UPDATE) before they are checked.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { imei as imeiField } from '../../contract/fields';
import {
    addInventoryItem,
    addInventoryItems,
    assignAgentTier,
    assignRegionLead,
    createStore,
    listAgents,
    listInventory,
    listPhoneModels,
    type AgentSort,
    type InventorySort,
    type ShopSort,
    listShopAgents,
    listShops,
    listStores,
    previewPhonePrices,
    storeAgents,
    transferAgent,
    updateAgentLocation,
    updatePhonePrices,
    type Agent,
    type InventoryItem,
    type PhoneModel,
    type Store,
} from '../../contract/stores';
import type { Queryable, Transaction } from '../db';
import {
    adminGroups,
    admins,
    agentProfiles,
    approvalRequests,
    customers,
    inventoryCounts,
    inventoryItems,
    loans,
    phoneModels,
    stores,
} from '../db/schema';
import { HttpError, mount, type CallContext } from '../http';
import { containing } from '../lists';
import { iso } from '../wire';
import type { AuditEntry } from '../write';
import { shippedPicture } from './phonePictures';
import {
    assertCatalogueStaff,
    changePercent,
    needsApproval,
    PRICE_UPDATE_ACTION,
    priceChangeRecord,
    pricesOfModel,
    referencePrices,
} from './prices';
import { FIELD_AGENT_GROUP, SALES_AGENT_GROUP } from './security';

/** The groups whose members are agents: they sell (in a shop) or find customers in the field. */
export const AGENT_GROUPS = [SALES_AGENT_GROUP, FIELD_AGENT_GROUP] as const;

// ---------------------------------------------------------------------------------------------
// Reach

/** The stores a caller acts on: null for every store (staff without a shop). Analytics scopes by it too. */
export const reachOf = async (db: Queryable, context: CallContext): Promise<number[] | null> => {
    const admin = context.session?.admin;
    if (!admin || admin.storeId === null) return null;
    const owned = await db
        .select({ id: stores.id })
        .from(stores)
        .where(or(eq(stores.id, admin.storeId), eq(stores.ownerAdminId, admin.id)));
    return owned.map(row => row.id);
};

/** A condition on a store id column that keeps the caller's reach (none when it is every store). */
const within = (reach: number[] | null, column: AnyPgColumn): SQL | undefined =>
    reach === null ? undefined : reach.length === 0 ? sql`false` : inArray(column, reach);

const inReach = (reach: number[] | null, storeId: number | null) =>
    reach === null || (storeId !== null && reach.includes(storeId));

const notFound = (what: string, field: string) => new HttpError(404, 'errors.not_found', `There is no such ${what}`, field);

// ---------------------------------------------------------------------------------------------
// Stores

const owner = alias(admins, 'owner');
const regionLead = alias(admins, 'region_lead');
const agentGroup = alias(adminGroups, 'agent_group');

const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
    sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/**
 * Agents attached to each store, counted in one pass over the agents rather than once a store. A
 * self-registered agent awaiting approval is not one of the store's agents yet: listed with their
 * status, never counted.
 */
const agentCounts = new QueryBuilder()
    .select({ storeId: sql<number>`${admins.storeId}`.as('counted_store_id'), agents: sql<number>`count(*)::int`.as('agents') })
    .from(admins)
    .innerJoin(adminGroups, eq(adminGroups.id, admins.groupId))
    .where(and(inArray(adminGroups.name, [...AGENT_GROUPS]), ne(admins.status, 'pending_approval')))
    .groupBy(admins.storeId)
    .as('agent_counts');

const storeFields = {
    id: stores.id,
    name: stores.name,
    region: stores.region,
    town: stores.town,
    latitude: stores.latitude,
    longitude: stores.longitude,
    ownerId: owner.id,
    ownerName: fullName(owner),
    leadId: regionLead.id,
    leadName: fullName(regionLead),
    branded: stores.branded,
    agent_count: sql<number>`coalesce(${agentCounts.agents}, 0)`,
    created_at: stores.createdAt,
};

const selectStores = (db: Queryable) =>
    db
        .select(storeFields)
        .from(stores)
        .leftJoin(owner, eq(owner.id, stores.ownerAdminId))
        .leftJoin(regionLead, eq(regionLead.id, stores.regionLeadAdminId))
        .leftJoin(agentCounts, eq(agentCounts.storeId, stores.id));

type StoreRow = Awaited<ReturnType<ReturnType<typeof selectStores>['execute']>>[number];

const storeOf = ({ ownerId, ownerName, leadId, leadName, created_at, ...row }: StoreRow): Store => ({
    ...row,
    owner: ownerId === null ? null : { id: ownerId, name: ownerName },
    region_lead: leadId === null ? null : { id: leadId, name: leadName },
    created_at: iso(created_at),
});

/**
 * The shop list's orders (contract SHOP_SORTS). Name, town and region go case-insensitively along
 * stores_name_key (unique, so the name alone is a whole order) and stores_town_idx /
 * stores_region_idx, each then by id. The agent count is no column: every shop's is counted in the
 * page's one pass over the agents (agentCounts) whatever the order, so sorting by it sorts the
 * shops already read; no index could hold an aggregate. Every order ends in something unique, so
 * pages never share or skip a shop.
 */
const shopOrder = (sort: ShopSort, order: 'asc' | 'desc'): SQL[] => {
    const way = order === 'asc' ? asc : desc;
    switch (sort) {
        case 'name':
            return [way(sql`lower(${stores.name})`)];
        case 'town':
            return [way(sql`lower(${stores.town})`), way(stores.id)];
        case 'region':
            return [way(sql`lower(${stores.region})`), way(stores.id)];
        case 'agent_count':
            return [way(storeFields.agent_count), way(stores.id)];
    }
};

const findStore = async (db: Queryable, storeId: number, reach: number[] | null): Promise<Store> => {
    const [row] = await selectStores(db).where(and(eq(stores.id, storeId), within(reach, stores.id)));
    if (!row) throw notFound('store', 'store_id');
    return storeOf(row);
};

const storeNameTaken = () => new HttpError(409, 'errors.store_name_taken', 'A store with this name already exists', 'name');

/** An active portal user who may lead a region. */
const checkRegionLead = async (db: Queryable, adminId: number, field: string) => {
    const [lead] = await db
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.id, adminId), eq(admins.status, 'active')));
    if (!lead) throw new HttpError(400, 'errors.unknown_admin', 'There is no such active user', field);
};

// ---------------------------------------------------------------------------------------------
// Agents

const agentFields = {
    id: admins.id,
    username: admins.username,
    first_name: admins.firstName,
    last_name: admins.lastName,
    msisdn: admins.msisdn,
    group_name: agentGroup.name,
    store_id: admins.storeId,
    store_name: stores.name,
    tier: agentProfiles.tier,
    latitude: agentProfiles.latitude,
    longitude: agentProfiles.longitude,
    location_updated_at: agentProfiles.locationUpdatedAt,
    status: admins.status,
};

const isAgent = inArray(agentGroup.name, [...AGENT_GROUPS]);

const selectAgents = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...agentFields, ...(extra as Extra) })
        .from(admins)
        .innerJoin(agentGroup, eq(agentGroup.id, admins.groupId))
        .leftJoin(stores, eq(stores.id, admins.storeId))
        .leftJoin(agentProfiles, eq(agentProfiles.adminId, admins.id));

type AgentRow = Awaited<ReturnType<ReturnType<typeof selectAgents>['execute']>>[number];

const agentOf = ({ location_updated_at, ...row }: AgentRow): Agent => ({
    ...row,
    location_updated_at: location_updated_at ? iso(location_updated_at) : null,
});

const findAgent = async (db: Queryable, agentId: number, reach: number[] | null, field = 'agent_id'): Promise<Agent> => {
    const [row] = await selectAgents(db).where(and(eq(admins.id, agentId), isAgent, within(reach, admins.storeId)));
    if (!row) throw notFound('agent', field);
    return agentOf(row);
};

/**
 * The agent a tier, a transfer or a move acts on: found in reach (404 otherwise) and approved. A
 * self-registration awaiting its checker is no working agent yet (409 `errors.awaiting_approval`):
 * a tier, a shop or a place given now would be decided before anyone checked who they are.
 */
const findWorkingAgent = async (db: Queryable, agentId: number, reach: number[] | null, field = 'agent_id') => {
    const agent = await findAgent(db, agentId, reach, field);
    if (agent.status === 'pending_approval') {
        throw new HttpError(409, 'errors.awaiting_approval', 'This agent awaits approval of their registration first', field);
    }
    return agent;
};

/** Takes the agent's row for this transaction: two writers on one agent go one after the other. */
const lockAgent = (tx: Transaction, agentId: number) =>
    tx.select({ id: admins.id }).from(admins).where(eq(admins.id, agentId)).for('update');

const saveProfile = (tx: Transaction, adminId: number, change: Partial<typeof agentProfiles.$inferInsert>) =>
    tx
        .insert(agentProfiles)
        .values({ adminId, ...change })
        .onConflictDoUpdate({ target: agentProfiles.adminId, set: change });

/** `page_number` and `page_size` ('all' for every row) → LIMIT and OFFSET. */
const pageWindow = (page: { page_number: number; page_size: number | 'all' }) =>
    page.page_size === 'all'
        ? { limit: null, offset: 0 }
        : { limit: page.page_size, offset: (page.page_number - 1) * page.page_size };

/** One page of rows and the count of every match, in one query (the window count beside each row). */
const pageRows = async <Row extends { total_items: number }>(
    rows: Row[],
    countAll: () => Promise<{ value: number }[]>,
    offset: number,
) => {
    const total = rows[0]?.total_items ?? (offset === 0 ? 0 : ((await countAll())[0]?.value ?? 0));
    return { rows: rows.map(({ total_items: _total, ...row }) => row), total };
};

const totalItems = sql<number>`(count(*) over ())::int`;

/**
 * The agent lists' orders (contract AGENT_SORTS): first name then id along admins_first_name_idx,
 * username and msisdn along their unique indexes (each a whole order by itself), so pages never
 * share or skip an agent.
 */
const agentOrder = (sort: AgentSort, order: 'asc' | 'desc'): SQL[] => {
    const way = order === 'asc' ? asc : desc;
    switch (sort) {
        case 'first_name':
            return [way(admins.firstName), way(admins.id)];
        case 'username':
            return [way(admins.username)];
        case 'msisdn':
            return [way(admins.msisdn)];
    }
};

/** One page of agents in the order asked (`page_size` 'all' for every one) and the count of every match. */
const agentPage = async (
    db: Queryable,
    where: SQL | undefined,
    page: { page_number: number; page_size: number | 'all'; sort: AgentSort; order: 'asc' | 'desc' },
) => {
    const { limit, offset } = pageWindow(page);
    const query = selectAgents(db, { total_items: totalItems })
        .where(where)
        .orderBy(...agentOrder(page.sort, page.order))
        .$dynamic();
    const found = limit === null ? await query : await query.limit(limit).offset(offset);
    const { rows, total } = await pageRows(
        found,
        () =>
            db
                .select({ value: count() })
                .from(admins)
                .innerJoin(agentGroup, eq(agentGroup.id, admins.groupId))
                .leftJoin(agentProfiles, eq(agentProfiles.adminId, admins.id))
                .where(where),
        offset,
    );
    return { data: rows.map(agentOf), total_items: total };
};

// ---------------------------------------------------------------------------------------------
// Inventory

const modelFields = {
    id: phoneModels.id,
    sku: phoneModels.sku,
    brand: phoneModels.brand,
    model: phoneModels.model,
    image: phoneModels.image,
    cash_price: phoneModels.cashPrice,
    deposit: phoneModels.deposit,
    instalment_amount: phoneModels.instalmentAmount,
    instalment_period: phoneModels.instalmentPeriod,
    term: phoneModels.term,
    lock_solution: phoneModels.lockSolution,
};

const inStockWithin = (reach: number[] | null) => sql<number>`(
    SELECT count(*)::int FROM ${inventoryItems} i
    WHERE i.sku = ${phoneModels.sku} AND i.status = 'in_stock'
    ${
        reach === null
            ? sql``
            : reach.length === 0
              ? sql`AND false`
              : sql`AND i.store_id IN (${sql.join(
                    reach.map(storeId => sql`${storeId}`),
                    sql`, `,
                )})`
    }
)`;

/** Which of these SKUs are in the catalogue (no prices, no stock counts: adding stock needs only that). */
const knownSkus = async (db: Queryable, skus: string[]): Promise<Set<string>> =>
    skus.length === 0
        ? new Set()
        : new Set(
              (await db.select({ sku: phoneModels.sku }).from(phoneModels).where(inArray(phoneModels.sku, skus))).map(
                  row => row.sku,
              ),
          );

const findModels = async (db: Queryable, skus: string[], reach: number[] | null): Promise<Map<string, PhoneModel>> => {
    if (skus.length === 0) return new Map();
    const rows = await db
        .select({ ...modelFields, in_stock: inStockWithin(reach) })
        .from(phoneModels)
        .where(inArray(phoneModels.sku, skus));
    return new Map(rows.map(row => [row.sku, { ...row, image: shippedPicture(row.image) }]));
};

const itemFields = {
    id: inventoryItems.id,
    imei: inventoryItems.imei,
    sku: inventoryItems.sku,
    brand: phoneModels.brand,
    model: phoneModels.model,
    store_id: inventoryItems.storeId,
    store_name: stores.name,
    status: inventoryItems.status,
    cash_price: phoneModels.cashPrice,
    created_at: inventoryItems.createdAt,
    // A sold device's customer, from its latest loan (loans_imei_idx: an IMEI is in stock once).
    sold_to: sql<
        string | null
    >`case when ${inventoryItems.status} = 'sold' then (select ${customers.publicId}::text from ${loans} join ${customers} on ${customers.id} = ${loans.customerId} where ${loans.imei} = ${inventoryItems.imei} order by ${loans.id} desc limit 1) end`,
};

/**
 * The inventory list's orders (contract INVENTORY_SORTS), each along an index so that a page
 * stops at its last row: the catalogue's (brand, model, sku) and (cash_price, sku) indexes, then
 * a model's devices by inventory_items_sku_created_at_idx; a store's name (stores_name_key), then
 * its devices by inventory_items_store_created_at_idx; status and time by their own. Every order
 * ends in the device's id, so pages never share or skip a row.
 */
const inventoryOrder = (sort: InventorySort, order: 'asc' | 'desc'): SQL[] => {
    const way = order === 'asc' ? asc : desc;
    const newest = [way(inventoryItems.createdAt), way(inventoryItems.id)];
    switch (sort) {
        case 'imei':
            return [way(inventoryItems.imei)];
        case 'model':
            return [way(phoneModels.brand), way(phoneModels.model), way(inventoryItems.sku), ...newest];
        case 'cash_price':
            return [way(phoneModels.cashPrice), way(inventoryItems.sku), ...newest];
        case 'store':
            return [way(sql`lower(${stores.name})`), way(inventoryItems.storeId), ...newest];
        case 'status':
            return [way(inventoryItems.status), ...newest];
        case 'created_at':
            return newest;
    }
};

/**
 * A page of the inventory sorted by a column of the device's store or model (`store`, `model`,
 * `cash_price`): sorting the joined rows would read every device for every page. The devices come
 * in groups instead (a store's, a SKU's), in the groups' order (stores_name_key, the catalogue's
 * indexes), each group's devices by time along its own index. The groups' counts, from
 * inventory_counts under the same filters, tell which few groups hold the page, where in the
 * first of them it starts and how many each gives: those rows are read, and nothing else.
 */
const groupedPage = async (
    db: Queryable,
    sort: 'store' | 'model' | 'cash_price',
    order: 'asc' | 'desc',
    countFilters: (SQL | undefined)[],
    limit: number,
    offset: number,
): Promise<{ column: AnyPgColumn; groups: { key: number | string; offset: number; take: number }[] }> => {
    const way = order === 'asc' ? asc : desc;
    const byStore = sort === 'store';
    const group = byStore ? inventoryCounts.storeId : inventoryCounts.sku;
    const [counts, ordered] = await Promise.all([
        db
            .select({ key: group, devices: sql<number>`sum(${inventoryCounts.devices})::int` })
            .from(inventoryCounts)
            .where(and(...countFilters))
            .groupBy(group),
        byStore
            ? db
                  .select({ key: stores.id })
                  .from(stores)
                  .orderBy(way(sql`lower(${stores.name})`), way(stores.id))
            : db
                  .select({ key: phoneModels.sku })
                  .from(phoneModels)
                  .orderBy(
                      ...(sort === 'model' ? [way(phoneModels.brand), way(phoneModels.model)] : [way(phoneModels.cashPrice)]),
                      way(phoneModels.sku),
                  ),
    ]);
    const sizes = new Map<number | string, number>(counts.map(row => [row.key, row.devices]));
    const groups: { key: number | string; offset: number; take: number }[] = [];
    let skip = offset;
    let wanted = limit;
    for (const { key } of ordered) {
        const size = sizes.get(key) ?? 0;
        if (skip >= size) {
            skip -= size;
            continue;
        }
        const take = Math.min(size - skip, wanted);
        groups.push({ key, offset: skip, take });
        skip = 0;
        wanted -= take;
        if (wanted === 0) break;
    }
    return { column: byStore ? inventoryItems.storeId : inventoryItems.sku, groups };
};

const selectItems = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...itemFields, ...(extra as Extra) })
        .from(inventoryItems)
        .innerJoin(phoneModels, eq(phoneModels.sku, inventoryItems.sku))
        .innerJoin(stores, eq(stores.id, inventoryItems.storeId));

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

const itemOf = ({ created_at, ...row }: ItemRow): InventoryItem => ({ ...row, created_at: iso(created_at) });

const findItem = async (db: Queryable, itemId: number): Promise<InventoryItem> => {
    const [row] = await selectItems(db).where(eq(inventoryItems.id, itemId));
    if (!row) throw new Error('The new device could not be read back');
    return itemOf(row);
};

/** The store a device goes to: the one named, else the caller's shop; always one within reach. */
const targetStore = async (db: Queryable, context: CallContext, reach: number[] | null, storeId: number | undefined) => {
    const chosen = storeId ?? context.session?.admin.storeId ?? null;
    if (chosen === null) throw new HttpError(400, 'errors.store_required', 'Choose the store the device is in', 'store_id');
    if (!inReach(reach, chosen))
        throw new HttpError(403, 'errors.store_not_allowed', 'You can only add stock to your own stores', 'store_id');
    const [found] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, chosen));
    if (!found) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');
    return chosen;
};

const imeiInStock = () => new HttpError(409, 'errors.imei_in_stock', 'A device with this IMEI is already in stock', 'imei');
const unknownSku = (field: string) => new HttpError(400, 'errors.unknown_sku', 'There is no phone model with this SKU', field);

/** The SKUs of a price update, each at most once (400 on the repeat). */
const distinctSkus = (prices: readonly { sku: string }[]): string[] => {
    const skus = prices.map(price => price.sku);
    const duplicate = skus.findIndex((sku, index) => skus.indexOf(sku) !== index);
    if (duplicate >= 0) throw new HttpError(400, 'errors.field_invalid', 'Each SKU may appear once', `prices.${duplicate}.sku`);
    return skus;
};

/** The reason a price change request gives: the cut itself is its subject. */
const PRICE_CHANGE_REASON = 'Catalogue price cut of more than 20% below its highest in the last 24 hours';

// ---------------------------------------------------------------------------------------------
// Routes

export const registerStoreRoutes = (app: FastifyInstance): void => {
    mount(
        app,
        createStore,
        async ({ body }, context) => {
            if (body.region_lead_id !== undefined) {
                if (!context.roles.has('ADD_REGION_LEAD')) {
                    throw new HttpError(
                        403,
                        'errors.role_not_held',
                        'Naming a region lead needs the ADD_REGION_LEAD role',
                        'region_lead_id',
                    );
                }
                await checkRegionLead(context.db, body.region_lead_id, 'region_lead_id');
            }
            // A dealer does not get to file their shop as the operator's own.
            if (body.branded && context.session?.admin.storeId !== null) {
                throw new HttpError(403, 'errors.forbidden', 'Only staff without a shop mark a store branded', 'branded');
            }
            return context.write(
                async tx => {
                    const [taken] = await tx
                        .select({ id: stores.id })
                        .from(stores)
                        .where(sql`lower(${stores.name}) = lower(${body.name})`);
                    if (taken) throw storeNameTaken();
                    const [created] = await tx
                        .insert(stores)
                        .values({
                            name: body.name,
                            region: body.region,
                            town: body.town,
                            latitude: body.latitude,
                            longitude: body.longitude,
                            ownerAdminId: context.session?.admin.id ?? null,
                            regionLeadAdminId: body.region_lead_id ?? null,
                            branded: body.branded,
                            createdAt: context.now(),
                        })
                        .returning({ id: stores.id });
                    if (!created) throw new Error('The new store could not be read back');
                    const store = await findStore(tx, created.id, null);
                    return {
                        result: store,
                        audit: { action: 'stores.create', entity: 'stores', entityId: store.id, after: store },
                    };
                },
                { conflicts: { stores_name_key: storeNameTaken } },
            );
        },
        { status: 201 },
    );

    mount(app, listStores, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const filters: (SQL | undefined)[] = [within(reach, stores.id)];
        if (body.q) {
            const pattern = containing(body.q);
            filters.push(or(ilike(stores.name, pattern), ilike(stores.region, pattern), ilike(stores.town, pattern)));
        }
        // The region is matched whole, whatever its case: never as a LIKE pattern (a `%` or a trailing `\` in it).
        if (body.region) filters.push(sql`lower(${stores.region}) = lower(${body.region})`);
        const rows = await selectStores(context.db)
            .where(and(...filters))
            .orderBy(asc(stores.name), asc(stores.id));
        return { stores: rows.map(storeOf) };
    });

    mount(app, storeAgents, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const store = await findStore(context.db, body.store_id, reach);
        const rows = await selectAgents(context.db)
            .where(and(eq(admins.storeId, store.id), isAgent))
            .orderBy(asc(admins.firstName), asc(admins.id));
        return { store, agents: rows.map(agentOf) };
    });

    mount(app, updateAgentLocation, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            await lockAgent(tx, body.agent_id);
            const before = await findWorkingAgent(tx, body.agent_id, reach);
            await saveProfile(tx, body.agent_id, {
                latitude: body.latitude,
                longitude: body.longitude,
                locationUpdatedAt: context.now(),
            });
            const after = await findAgent(tx, body.agent_id, reach);
            return {
                result: after,
                audit: { action: 'agents.update_location', entity: 'admins', entityId: after.id, before, after },
            };
        }),
    );

    mount(app, assignRegionLead, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            const before = await findStore(tx, body.store_id, reach);
            if (body.admin_id !== null) await checkRegionLead(tx, body.admin_id, 'admin_id');
            await tx.update(stores).set({ regionLeadAdminId: body.admin_id }).where(eq(stores.id, body.store_id));
            const after = await findStore(tx, body.store_id, reach);
            return {
                result: after,
                audit: { action: 'stores.assign_region_lead', entity: 'stores', entityId: after.id, before, after },
            };
        }),
    );

    mount(app, listShops, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const where = within(reach, stores.id);
        const { limit, offset } = pageWindow(body);
        const query = selectStores(context.db)
            .where(where)
            .orderBy(...shopOrder(body.sort, body.order))
            .$dynamic();
        // Every shop ('all') is one query; a page carries the total beside its rows.
        if (limit === null) {
            const rows = await query;
            return { data: rows.map(storeOf), total_items: rows.length };
        }
        const paged = await context.db
            .select({ ...storeFields, total_items: totalItems })
            .from(stores)
            .leftJoin(owner, eq(owner.id, stores.ownerAdminId))
            .leftJoin(regionLead, eq(regionLead.id, stores.regionLeadAdminId))
            .leftJoin(agentCounts, eq(agentCounts.storeId, stores.id))
            .where(where)
            .orderBy(...shopOrder(body.sort, body.order))
            .limit(limit)
            .offset(offset);
        const { rows, total } = await pageRows(
            paged,
            () => context.db.select({ value: count() }).from(stores).where(where),
            offset,
        );
        return { data: rows.map(storeOf), total_items: total };
    });

    mount(app, listShopAgents, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        await findStore(context.db, body.shop_id, reach);
        return agentPage(context.db, and(eq(admins.storeId, body.shop_id), isAgent), body);
    });

    mount(app, transferAgent, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            await lockAgent(tx, body.agent_id);
            const before = await findWorkingAgent(tx, body.agent_id, reach);
            if (before.first_name.localeCompare(body.agent_firstname, undefined, { sensitivity: 'accent' }) !== 0) {
                throw new HttpError(409, 'errors.agent_name_mismatch', "That is not this agent's first name", 'agent_firstname');
            }
            const [target] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, body.agent_store_id));
            if (!target) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'agent_store_id');
            if (!inReach(reach, target.id)) {
                throw new HttpError(
                    403,
                    'errors.store_not_allowed',
                    'You can only move agents between your own stores',
                    'agent_store_id',
                );
            }
            if (before.store_id === target.id) {
                throw new HttpError(409, 'errors.same_store', 'The agent is in this store already', 'agent_store_id');
            }
            await tx.update(admins).set({ storeId: target.id }).where(eq(admins.id, body.agent_id));
            const after = await findAgent(tx, body.agent_id, null);
            return { result: after, audit: { action: 'agents.transfer', entity: 'admins', entityId: after.id, before, after } };
        }),
    );

    mount(app, listAgents, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const filters: (SQL | undefined)[] = [isAgent, within(reach, admins.storeId)];
        if (body.q) {
            const pattern = containing(body.q);
            filters.push(
                or(
                    ilike(admins.firstName, pattern),
                    ilike(admins.lastName, pattern),
                    ilike(admins.username, pattern),
                    ilike(admins.msisdn, pattern),
                ),
            );
        }
        if (body.tier === 'none') filters.push(isNull(agentProfiles.tier));
        else if (body.tier) filters.push(eq(agentProfiles.tier, body.tier));
        if (body.store_id !== undefined) filters.push(eq(admins.storeId, body.store_id));
        return { data: await agentPage(context.db, and(...filters), body) };
    });

    mount(app, assignAgentTier, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            await lockAgent(tx, body.agent_id);
            const before = await findWorkingAgent(tx, body.agent_id, reach);
            await saveProfile(tx, body.agent_id, { tier: body.tier });
            const after = await findAgent(tx, body.agent_id, reach);
            return {
                result: after,
                audit: { action: 'agents.assign_tier', entity: 'admins', entityId: after.id, before, after },
            };
        }),
    );

    mount(app, listInventory, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        // The same conditions on the devices and on their counts (inventory_counts, migration 0017).
        const kept = (columns: { storeId: AnyPgColumn; status: AnyPgColumn }) => [
            within(reach, columns.storeId),
            body.store_id === undefined ? undefined : eq(columns.storeId, body.store_id),
            body.status ? eq(columns.status, body.status) : undefined,
        ];
        const itemFilters = kept(inventoryItems);
        const countFilters = kept(inventoryCounts);
        let byImei: SQL | undefined;
        let skus: string[] | null = null;
        if (body.q) {
            const pattern = containing(body.q);
            // The catalogue's matches first (a few hundred models at most): devices then match by
            // SKU in their own row, and are counted from inventory_counts.
            skus = (
                await context.db
                    .select({ sku: phoneModels.sku })
                    .from(phoneModels)
                    .where(
                        or(ilike(phoneModels.sku, pattern), ilike(phoneModels.brand, pattern), ilike(phoneModels.model, pattern)),
                    )
            ).map(row => row.sku);
            // An IMEI is 15 digits (contract/fields.ts `imei`, the only way one is stored): a search
            // with anything else in it matches none, and costs no look at the IMEIs. Digits have no
            // case, so LIKE finds what ILIKE would, at a fraction of the cost (5x on PGlite) where
            // every IMEI is read (fewer than three digits, below what trigrams find).
            if (/^\d+$/.test(body.q)) byImei = like(inventoryItems.imei, pattern);
            const bySku = skus.length > 0 ? inArray(inventoryItems.sku, skus) : undefined;
            itemFilters.push(byImei && bySku ? or(byImei, bySku) : (byImei ?? bySku ?? sql`false`));
        }
        const { limit, offset } = pageWindow(body);
        const skuFilter = skus === null ? undefined : inArray(inventoryCounts.sku, skus);
        // Sorted by store or model, the page is read group by group (groupedPage); the counts do
        // not hold devices found by IMEI alone, so such a search is sorted whole (it finds few).
        const grouped =
            (body.sort === 'store' || body.sort === 'model' || body.sort === 'cash_price') && !byImei
                ? await groupedPage(context.db, body.sort, body.order, [...countFilters, skuFilter], limit ?? 1000, offset)
                : null;
        // Each group's part of the page along the group's own index by time, the parts in the groups' order.
        const page = grouped
            ? Promise.all(
                  grouped.groups.map(part =>
                      selectItems(context.db)
                          .where(and(...itemFilters, eq(grouped.column, part.key)))
                          .orderBy(...inventoryOrder('created_at', body.order))
                          .limit(part.take)
                          .offset(part.offset),
                  ),
              ).then(parts => parts.flat())
            : selectItems(context.db)
                  .where(and(...itemFilters))
                  .orderBy(...inventoryOrder(body.sort, body.order))
                  .limit(limit ?? 1000)
                  .offset(offset);
        // The page is read in the order of an index (migration 0017: by time, status, store or
        // SKU and time; IMEI parts by trigram) and stops at its last row. The total adds the
        // counts of the matching SKUs (all of them without a search) to the devices found by IMEI
        // alone; nothing reads every match for every page, as a window count beside each row did.
        const [rows, [counted], [byImeiOnly]] = await Promise.all([
            page,
            skus !== null && skus.length === 0
                ? [{ value: 0 }]
                : context.db
                      .select({ value: sql<number>`coalesce(sum(${inventoryCounts.devices}), 0)::int` })
                      .from(inventoryCounts)
                      .where(and(...countFilters, skuFilter)),
            byImei
                ? context.db
                      .select({ value: count() })
                      .from(inventoryItems)
                      .where(
                          and(
                              ...kept(inventoryItems),
                              byImei,
                              skus && skus.length > 0 ? notInArray(inventoryItems.sku, skus) : undefined,
                          ),
                      )
                : [{ value: 0 }],
        ]);
        return { phones: rows.map(itemOf), total_items: (counted?.value ?? 0) + (byImeiOnly?.value ?? 0) };
    });

    mount(app, listPhoneModels, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const pattern = body.q ? containing(body.q) : null;
        const models = await context.db
            .select({ ...modelFields, in_stock: inStockWithin(reach) })
            .from(phoneModels)
            .where(
                pattern
                    ? or(ilike(phoneModels.sku, pattern), ilike(phoneModels.brand, pattern), ilike(phoneModels.model, pattern))
                    : undefined,
            )
            .orderBy(asc(phoneModels.brand), asc(phoneModels.model), asc(phoneModels.sku));
        return { models: models.map(model => ({ ...model, image: shippedPicture(model.image) })) };
    });

    mount(
        app,
        addInventoryItem,
        async ({ body }, context) =>
            context.write(
                async tx => {
                    const reach = await reachOf(tx, context);
                    const storeId = await targetStore(tx, context, reach, body.store_id);
                    if ((await knownSkus(tx, [body.sku])).size === 0) throw unknownSku('sku');
                    const [created] = await tx
                        .insert(inventoryItems)
                        .values({ sku: body.sku, imei: body.imei, storeId, createdAt: context.now() })
                        .onConflictDoNothing({ target: inventoryItems.imei })
                        .returning({ id: inventoryItems.id });
                    if (!created) throw imeiInStock();
                    const item = await findItem(tx, created.id);
                    return {
                        result: item,
                        audit: { action: 'inventory_items.create', entity: 'inventory_items', entityId: item.id, after: item },
                    };
                },
                { conflicts: { inventory_items_imei_unique: imeiInStock } },
            ),
        { status: 201 },
    );

    mount(app, addInventoryItems, async ({ body }, context) => {
        type Result = {
            row: number;
            imei: string;
            result: 'accepted' | 'duplicate' | 'invalid';
            reason: string | null;
            id: number | null;
        };
        return context.write(async tx => {
            const reach = await reachOf(tx, context);
            const results: Result[] = [];
            const models = await knownSkus(tx, [...new Set(body.items.map(item => item.sku.trim()))]);
            const storeChecks = new Map<number | undefined, string | number>();
            const seen = new Set<string>();
            const candidates: { result: Result; sku: string; storeId: number }[] = [];
            for (const item of body.items) {
                const imei = item.imei.trim();
                const result: Result = { row: item.row, imei, result: 'invalid', reason: null, id: null };
                results.push(result);
                if (!imeiField.safeParse(imei).success) {
                    result.reason = 'errors.imei_invalid';
                    continue;
                }
                if (!models.has(item.sku.trim())) {
                    result.reason = 'errors.unknown_sku';
                    continue;
                }
                if (!storeChecks.has(item.store_id)) {
                    storeChecks.set(
                        item.store_id,
                        await targetStore(tx, context, reach, item.store_id).catch((error: unknown) => {
                            if (error instanceof HttpError) return error.key;
                            throw error;
                        }),
                    );
                }
                const store = storeChecks.get(item.store_id);
                if (typeof store !== 'number') {
                    result.reason = store ?? 'errors.store_required';
                    continue;
                }
                if (seen.has(imei)) {
                    result.result = 'duplicate';
                    result.reason = 'errors.duplicate_in_file';
                    continue;
                }
                seen.add(imei);
                candidates.push({ result, sku: item.sku.trim(), storeId: store });
            }
            // One statement for the batch; an IMEI in stock already (or added by a parallel upload) is a duplicate.
            const inserted =
                candidates.length === 0
                    ? []
                    : await tx
                          .insert(inventoryItems)
                          .values(
                              candidates.map(({ result, sku, storeId }) => ({
                                  sku,
                                  imei: result.imei,
                                  storeId,
                                  createdAt: context.now(),
                              })),
                          )
                          .onConflictDoNothing({ target: inventoryItems.imei })
                          .returning({ id: inventoryItems.id, imei: inventoryItems.imei });
            const idByImei = new Map(inserted.map(row => [row.imei, row.id]));
            for (const { result } of candidates) {
                const id = idByImei.get(result.imei);
                if (id === undefined) {
                    result.result = 'duplicate';
                    result.reason = 'errors.imei_in_stock';
                } else {
                    result.result = 'accepted';
                    result.id = id;
                }
            }
            const summary = {
                results,
                accepted: results.filter(result => result.result === 'accepted').length,
                duplicates: results.filter(result => result.result === 'duplicate').length,
                invalid: results.filter(result => result.result === 'invalid').length,
            };
            return {
                result: summary,
                audit: {
                    action: 'inventory_items.bulk_create',
                    entity: 'inventory_items',
                    after: {
                        accepted: inserted.map(row => ({ id: row.id, imei: row.imei })),
                        duplicates: summary.duplicates,
                        invalid: summary.invalid,
                    },
                },
            };
        });
    });

    mount(app, previewPhonePrices, async ({ body }, context) => {
        assertCatalogueStaff(context);
        const skus = distinctSkus(body.prices);
        const rows = await context.db
            .select({
                id: phoneModels.id,
                sku: phoneModels.sku,
                brand: phoneModels.brand,
                model: phoneModels.model,
                cashPrice: phoneModels.cashPrice,
                deposit: phoneModels.deposit,
                instalmentAmount: phoneModels.instalmentAmount,
            })
            .from(phoneModels)
            .where(inArray(phoneModels.sku, skus));
        const found = new Map(rows.map(row => [row.sku, row]));
        const missing = skus.findIndex(sku => !found.has(sku));
        if (missing >= 0) throw unknownSku(`prices.${missing}.sku`);
        const references = await referencePrices(
            context.db,
            rows.map(row => ({ id: row.id, prices: pricesOfModel(row) })),
            context.now(),
        );
        return {
            models: body.prices.map(({ sku, ...after }) => {
                const row = found.get(sku)!;
                const before = pricesOfModel(row);
                const reference = references.get(row.id) ?? before;
                return {
                    sku,
                    brand: row.brand,
                    model: row.model,
                    before,
                    after,
                    change_percent: changePercent(before, after),
                    reference,
                    needs_approval: needsApproval(reference, after),
                };
            }),
        };
    });

    mount(app, updatePhonePrices, async ({ body }, context) => {
        assertCatalogueStaff(context);
        const skus = distinctSkus(body.prices);
        return context.write(
            async tx => {
                const reach = await reachOf(tx, context);
                // Locked in SKU order: two price updates on overlapping models cannot deadlock.
                await tx
                    .select({ id: phoneModels.id })
                    .from(phoneModels)
                    .where(inArray(phoneModels.sku, skus))
                    .orderBy(asc(phoneModels.sku))
                    .for('update');
                const before = await findModels(tx, skus, reach);
                const missing = skus.findIndex(sku => !before.has(sku));
                if (missing >= 0) throw unknownSku(`prices.${missing}.sku`);
                const was = (sku: string) => before.get(sku)!;
                const now = context.now();
                // Judged against each price's highest in the last 24 hours (prices.ts), read under the lock.
                const references = await referencePrices(
                    tx,
                    [...before.values()].map(model => ({
                        id: model.id,
                        prices: {
                            cash_price: model.cash_price,
                            deposit: model.deposit,
                            instalment_amount: model.instalment_amount,
                        },
                    })),
                    now,
                );
                const audit: AuditEntry[] = [];
                const requested: { sku: string; request_id: number }[] = [];
                const direct: string[] = [];
                for (const { sku, ...after } of body.prices) {
                    const model = was(sku);
                    const current = {
                        cash_price: model.cash_price,
                        deposit: model.deposit,
                        instalment_amount: model.instalment_amount,
                    };
                    if (!needsApproval(references.get(model.id) ?? current, after)) {
                        await tx
                            .update(phoneModels)
                            .set({
                                cashPrice: after.cash_price,
                                deposit: after.deposit,
                                instalmentAmount: after.instalment_amount,
                            })
                            .where(eq(phoneModels.sku, sku));
                        direct.push(sku);
                        continue;
                    }
                    // A cut beyond the threshold waits for a checker (approvals/kinds.ts `price_change`),
                    // holding the current prices so a later change makes it stale.
                    const change = priceChangeRecord(sku, `${model.brand} ${model.model}`, current, after);
                    const [created] = await tx
                        .insert(approvalRequests)
                        .values({
                            kind: 'price_change',
                            phoneModelId: model.id,
                            change,
                            reason: PRICE_CHANGE_REASON,
                            makerAdminId: context.session?.admin.id ?? 0,
                            createdAt: now,
                        })
                        .returning({ id: approvalRequests.id });
                    if (!created) throw new Error('The price change request could not be read back');
                    requested.push({ sku, request_id: created.id });
                    audit.push({
                        action: 'approval_requests.price_change.request',
                        entity: 'approval_requests',
                        entityId: created.id,
                        after: { kind: 'price_change', change, reason: PRICE_CHANGE_REASON },
                    });
                }
                const after = await findModels(tx, direct, reach);
                const updated = direct.map(sku => ({ sku, before: was(sku), after: after.get(sku)! }));
                for (const { sku, before: then, after: now } of updated) {
                    audit.push({
                        action: PRICE_UPDATE_ACTION,
                        entity: 'phone_models',
                        entityId: now.id,
                        before: then,
                        after: { ...now, sku },
                    });
                }
                const [first, ...rest] = audit;
                if (!first) throw new Error('A price update changed nothing and asked for nothing');
                return { result: { updated, requested }, audit: [first, ...rest] };
            },
            // One price change waits per model: of two makers at once, one asks and the other hears so.
            {
                conflicts: {
                    approval_requests_one_pending_key: () =>
                        new HttpError(
                            409,
                            'errors.request_pending',
                            "A cut of one of these models' prices already waits for a checker",
                            'prices',
                        ),
                },
            },
        );
    });
};
