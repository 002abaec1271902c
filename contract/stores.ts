/**
 * Stores, shops, agents, agent tiers and inventory (spec §3, §4, §7 "Stores", "Inventory",
 * "Shops", "Agent tiers"). A store and a shop are the same thing (one table); an agent is a portal
 * user in an agent group (Sales Agent, Field Agent) attached to a store.
 *
 * Which stores a caller acts on: staff without a shop act on every store; anyone attached to a
 * shop acts on that shop and the stores they own, and sees only those. An agent, a device or a
 * store outside that reach answers 404, so its existence cannot be probed.
 */
import { z } from 'zod';
import { defineCall, id, INT4_MAX } from './define';
import { imei } from './fields';

/** Spec §9. */
export const AGENT_TIERS = ['gold', 'silver', 'bronze'] as const;
export type AgentTier = (typeof AGENT_TIERS)[number];

/** Spec §9: agents 50 a page; shops all of them unless asked otherwise. */
export const AGENT_PAGE_SIZE = 50;
export const SHOP_PAGE_SIZE = 'all';

/** Rows one bulk inventory request may carry; the portal sends a large file in requests of this size. */
export const INVENTORY_BATCH_ROWS = 500;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const placeName = z.string().trim().min(2).max(80);

/** A whole number sent as a JSON string (spec §7: the shop calls send their numbers as strings). */
const numberText = (max: number) =>
    z
        .union([z.string().regex(/^[0-9]{1,10}$/, 'a whole number in digits'), z.number()])
        .transform(Number)
        .pipe(z.number().int().min(1).max(max));

/** `page_size`: a number as a string, or 'all'. */
const pageSizeText = z.union([z.literal('all'), numberText(1000)]);

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const store = z.object({
    id: z.number().int(),
    name: z.string(),
    region: z.string(),
    town: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    owner: personRef.nullable(),
    region_lead: personRef.nullable(),
    /** The operator's own shop; a dealer's shop is unbranded (analytics compares the two). */
    branded: z.boolean(),
    agent_count: z.number().int(),
    created_at: z.string(),
});
export type Store = z.infer<typeof store>;

export const agent = z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    msisdn: z.string(),
    group_name: z.string(),
    store_id: z.number().int().nullable(),
    store_name: z.string().nullable(),
    tier: z.enum(AGENT_TIERS).nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    location_updated_at: z.string().nullable(),
    status: z.string(),
});
export type Agent = z.infer<typeof agent>;

// ---------------------------------------------------------------------------------------------
// Stores

export const createStore = defineCall({
    summary:
        "Add a phone store; the caller becomes its owner. Naming a region lead also needs ADD_REGION_LEAD; marking it branded (the operator's own) is for staff without a shop. Names are unique regardless of case.",
    method: 'POST',
    path: '/api/v1/create_phone_store',
    access: 'ADD_STORE',
    body: z.object({
        name: placeName,
        region: placeName,
        town: placeName,
        latitude,
        longitude,
        region_lead_id: id.optional(),
        branded: z.boolean().default(false),
    }),
    response: store,
});

export const listStores = defineCall({
    summary: 'The phone stores the caller may see, by name; `q` matches name, region or town.',
    method: 'POST',
    path: '/api/v1/get_phone_stores',
    access: ['VIEW_STORES', 'ADD_INVENTORY', 'TRANSFER_AGENT'],
    body: z.object({ q: z.string().trim().max(80).optional(), region: z.string().trim().max(80).optional() }),
    response: z.object({ stores: z.array(store) }),
});

export const storeAgents = defineCall({
    summary: 'One store with its agents (`stores/:id`).',
    method: 'POST',
    path: '/api/v1/agents_per_phone_store',
    access: 'VIEW_STORES',
    body: z.object({ store_id: id }),
    response: z.object({ store, agents: z.array(agent) }),
});

export const updateAgentLocation = defineCall({
    summary: "Move an agent's location (coordinates, from a map, a place search or the browser).",
    method: 'POST',
    path: '/api/v1/update_agent_location',
    access: 'UPDATE_AGENT_LOCATION',
    body: z.object({ agent_id: id, latitude, longitude }),
    response: agent,
});

export const assignRegionLead = defineCall({
    summary: "Name a store's region lead: an active portal user, or null to clear it.",
    method: 'POST',
    path: '/api/v1/assign_region_lead',
    access: 'ADD_REGION_LEAD',
    body: z.object({ store_id: id, admin_id: id.nullable() }),
    response: store,
});

// ---------------------------------------------------------------------------------------------
// Shops and their agents (spec §4: numbers travel as strings)

/**
 * The columns the shop list sorts by: name, town and region case-insensitively, each along an
 * index (server/db/schema/stores.ts); the agent count is counted for every shop of the page's
 * query anyway, so ordering by it sorts rows already read.
 */
export const SHOP_SORTS = ['name', 'town', 'region', 'agent_count'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export const listShops = defineCall({
    summary:
        "Shops page by page (`page_size` 'all' for every one), by name unless `sort`/`order` say otherwise (name, town and region whatever their case).",
    method: 'POST',
    path: '/api/v1/shop/all',
    access: 'VIEW_SHOP_AGENTS',
    body: z.object({
        sort: z.enum(SHOP_SORTS).default('name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: pageSizeText.default(SHOP_PAGE_SIZE),
    }),
    response: z.object({ data: z.array(store), total_items: z.number().int() }),
});

/**
 * The columns the agent lists (a shop's, and every agent's) sort by, each along an index of the
 * portal users (server/db/schema/security.ts): first name, and the unique username and number.
 */
export const AGENT_SORTS = ['first_name', 'username', 'msisdn'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

export const listShopAgents = defineCall({
    summary: "A shop's agents page by page, by first name unless `sort`/`order` say otherwise.",
    method: 'POST',
    path: '/api/v1/shop/agents',
    access: 'VIEW_SHOP_AGENTS',
    body: z.object({
        shop_id: numberText(INT4_MAX),
        sort: z.enum(AGENT_SORTS).default('first_name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: pageSizeText.default(AGENT_PAGE_SIZE),
    }),
    response: z.object({ data: z.array(agent), total_items: z.number().int() }),
});

export const transferAgent = defineCall({
    summary:
        "Move an agent to another store. `agent_firstname` must be the agent's first name: a check that the right person moves.",
    method: 'POST',
    path: '/api/v1/shop/agent/transfer',
    access: 'TRANSFER_AGENT',
    body: z.object({
        agent_id: numberText(INT4_MAX),
        agent_firstname: z.string().trim().min(1).max(80),
        agent_store_id: numberText(INT4_MAX),
    }),
    response: agent,
});

// ---------------------------------------------------------------------------------------------
// Agent tiers

export const listAgents = defineCall({
    summary:
        'Every agent the caller may see with their tier, page by page, by first name unless `sort`/`order` say otherwise; the list is nested in `data.data`.',
    method: 'POST',
    path: '/api/v1/list_all_agents',
    access: ['VIEW_AGENTS', 'ASSIGN_AGENT_TIER'],
    body: z.object({
        q: z.string().trim().max(80).optional(),
        tier: z.enum([...AGENT_TIERS, 'none']).optional(),
        store_id: id.optional(),
        sort: z.enum(AGENT_SORTS).default('first_name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: pageSizeText.default(AGENT_PAGE_SIZE),
    }),
    response: z.object({ data: z.object({ data: z.array(agent), total_items: z.number().int() }) }),
});

export const assignAgentTier = defineCall({
    summary: "Set an agent's tier (gold, silver, bronze), or null to clear it.",
    method: 'POST',
    path: '/api/v1/assign_agent_tier',
    access: 'ASSIGN_AGENT_TIER',
    body: z.object({ agent_id: id, tier: z.enum(AGENT_TIERS).nullable() }),
    response: agent,
});

// ---------------------------------------------------------------------------------------------
// Inventory

export const INVENTORY_STATUSES = ['in_stock', 'reserved', 'sold', 'returned'] as const;

const amount = z.number().positive().max(10_000_000).multipleOf(0.01);

export const phoneModel = z.object({
    id: z.number().int(),
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    image: z.string().nullable(),
    cash_price: z.number(),
    deposit: z.number(),
    instalment_amount: z.number(),
    instalment_period: z.string(),
    term: z.number().int(),
    lock_solution: z.string(),
    in_stock: z.number().int(),
});
export type PhoneModel = z.infer<typeof phoneModel>;

export const inventoryItem = z.object({
    id: z.number().int(),
    imei: z.string(),
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    store_id: z.number().int(),
    store_name: z.string(),
    status: z.enum(INVENTORY_STATUSES),
    cash_price: z.number(),
    created_at: z.string(),
    /** The customer (public id) of a sold device's loan: the list's row leads to them. */
    sold_to: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

/** The columns the inventory list sorts by, each along an index (server/db/schema/catalogue.ts). */
export const INVENTORY_SORTS = ['created_at', 'imei', 'model', 'store', 'status', 'cash_price'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const listInventory = defineCall({
    summary:
        'Devices in the stores the caller may see, newest first unless `sort`/`order` say otherwise (`model` is brand then model, `store` its name); `q` matches IMEI, SKU, brand or model.',
    method: 'POST',
    path: '/api/v1/get_phone_inventory',
    access: 'VIEW_INVENTORY',
    body: z.object({
        q: z.string().trim().max(80).optional(),
        store_id: id.optional(),
        status: z.enum(INVENTORY_STATUSES).optional(),
        sort: z.enum(INVENTORY_SORTS).default('created_at'),
        order: z.enum(['asc', 'desc']).default('desc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: numberText(1000).default(50),
    }),
    response: z.object({ phones: z.array(inventoryItem), total_items: z.number().int() }),
});

export const listPhoneModels = defineCall({
    summary: 'The phone catalogue with prices and how many of each are in stock where the caller may see.',
    method: 'POST',
    path: '/api/v1/get_phone_models',
    access: ['VIEW_INVENTORY', 'ADD_INVENTORY', 'UPDATE_PHONE_PRICES'],
    body: z.object({ q: z.string().trim().max(80).optional() }),
    response: z.object({ models: z.array(phoneModel) }),
});

export const addInventoryItem = defineCall({
    summary: "Add one device by IMEI (15 digits, Luhn-valid, not yet in stock anywhere); the caller's shop by default.",
    method: 'POST',
    path: '/api/v1/add_inventory_item',
    access: 'ADD_INVENTORY',
    body: z.object({ sku: z.string().trim().min(1).max(64), imei, store_id: id.optional() }),
    response: inventoryItem,
});

export const BULK_ROW_RESULTS = ['accepted', 'duplicate', 'invalid'] as const;

export const addInventoryItems = defineCall({
    summary:
        'Add devices in bulk (rows of a CSV file). Each row is judged on its own: accepted, duplicate (the IMEI is in stock already, so a re-upload adds nothing twice) or invalid, with the reason.',
    method: 'POST',
    path: '/api/v1/add_inventory_items',
    access: 'ADD_INVENTORY',
    body: z.object({
        /** The file's row numbers are echoed back, so a batch of a larger file keeps them. */
        items: z
            .array(
                z.object({
                    row: z.number().int().min(1).max(INT4_MAX),
                    sku: z.string().max(200),
                    imei: z.string().max(200),
                    store_id: z.number().int().min(1).max(INT4_MAX).optional(),
                }),
            )
            .min(1)
            .max(INVENTORY_BATCH_ROWS),
    }),
    response: z.object({
        results: z.array(
            z.object({
                row: z.number().int(),
                imei: z.string(),
                result: z.enum(BULK_ROW_RESULTS),
                /** An error key (errors.*) saying why, for duplicates and invalid rows. */
                reason: z.string().nullable(),
                id: z.number().int().nullable(),
            }),
        ),
        accepted: z.number().int(),
        duplicates: z.number().int(),
        invalid: z.number().int(),
    }),
});

/**
 * The catalogue is global: one price per model for every shop, branded or not. So only staff
 * without a shop change it; a caller attached to a shop is refused (403
 * `errors.catalogue_staff_only`) whatever their roles, and never changes what another shop sells at.
 */
export const PRICE_FIELDS = ['cash_price', 'deposit', 'instalment_amount'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * A cut deeper than this share of a price's reference (any of the three) needs a second person: it
 * becomes a `price_change` request (contract/approvals.ts) instead of applying at once.
 */
export const PRICE_CUT_NEEDING_APPROVAL = 0.2;

/**
 * The reference a cut is judged against: each price's highest value in this many hours before now
 * (the current price and every price it replaced in that time), so small cuts one after another
 * cannot walk a price down without a checker.
 */
export const PRICE_REFERENCE_HOURS = 24;

/** Whether going from `before` to `after` is a cut beyond the threshold (in whole cents, no rounding drift). */
export const cutNeedsApproval = (before: number, after: number): boolean =>
    Math.round(after * 100) * 100 < Math.round(before * 100) * (100 - PRICE_CUT_NEEDING_APPROVAL * 100);

const proposedPrices = z.object({
    prices: z
        .array(
            z
                .object({
                    sku: z.string().trim().min(1).max(64),
                    cash_price: amount,
                    deposit: amount,
                    instalment_amount: amount,
                })
                .refine(price => price.deposit <= price.cash_price, {
                    message: 'the deposit must not exceed the cash price',
                    path: ['deposit'],
                }),
        )
        .min(1)
        .max(200),
});

const prices = z.object({ cash_price: z.number(), deposit: z.number(), instalment_amount: z.number() });

export const previewPhonePrices = defineCall({
    summary:
        'What a price update would do, changing nothing: each model before and after, the change of each price in percent from the current one (one decimal), the reference a cut is judged against (each price at its highest in the last 24 hours), and whether the update needs a second person (a price more than 20% below its reference).',
    method: 'POST',
    path: '/api/v1/preview_phone_prices',
    access: 'UPDATE_PHONE_PRICES',
    body: proposedPrices,
    response: z.object({
        models: z.array(
            z.object({
                sku: z.string(),
                brand: z.string(),
                model: z.string(),
                before: prices,
                after: prices,
                /** Each price's change from the current one (`before`), in percent to one decimal. */
                change_percent: prices,
                /** Each price at its highest in the last PRICE_REFERENCE_HOURS, the current one included. */
                reference: prices,
                /** Whether any price falls more than PRICE_CUT_NEEDING_APPROVAL below its reference. */
                needs_approval: z.boolean(),
            }),
        ),
    }),
});

export const updatePhonePrices = defineCall({
    summary:
        'Change the prices of phone models in one write: the deposit at most the cash price. A model with a price more than 20% below its highest in the last 24 hours becomes a price-change request for a checker (one pending per model); the others change at once. Answers each model changed, before and after, and the requests made.',
    method: 'POST',
    path: '/api/v1/update_phone_prices',
    access: 'UPDATE_PHONE_PRICES',
    body: proposedPrices,
    response: z.object({
        updated: z.array(z.object({ sku: z.string(), before: phoneModel, after: phoneModel })),
        requested: z.array(z.object({ sku: z.string(), request_id: z.number().int() })),
    }),
});

// ---------------------------------------------------------------------------------------------
// Place search for the location picker (a places provider when PLACES_API_KEY is set; a fixed
// gazetteer of South African places in development)

/** The most places one search answers. */
export const PLACE_RESULTS_MAX = 8;

export const place = z.object({
    name: z.string(),
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
});
export type Place = z.infer<typeof place>;

/** Who picks a location: adding a store or moving an agent. */
const PLACE_PICKERS = ['ADD_STORE', 'UPDATE_AGENT_LOCATION'] as const;

export const placesStatus = defineCall({
    summary: "Whether the location picker offers place search (a provider is configured). Says nothing of the provider's key.",
    method: 'GET',
    path: '/api/v1/places/status',
    access: PLACE_PICKERS,
    response: z.object({ enabled: z.boolean() }),
});

export const searchPlaces = defineCall({
    summary:
        'Places matching a text, with their coordinates, for the location picker. 404 `errors.places_unavailable` when no provider is configured; 502 `errors.unavailable` when the provider fails.',
    method: 'POST',
    path: '/api/v1/places/search',
    access: PLACE_PICKERS,
    body: z.object({ q: z.string().trim().min(2).max(80) }),
    response: z.object({ places: z.array(place).max(PLACE_RESULTS_MAX) }),
});

export const storeCalls = {
    createStore,
    listStores,
    storeAgents,
    updateAgentLocation,
    assignRegionLead,
    listShops,
    listShopAgents,
    transferAgent,
    listAgents,
    assignAgentTier,
    listInventory,
    listPhoneModels,
    addInventoryItem,
    addInventoryItems,
    previewPhonePrices,
    updatePhonePrices,
    placesStatus,
    searchPlaces,
};
