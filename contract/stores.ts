/**
 * Stores (spec §3, §7 "Stores"): the phone shops, their owners and region leads, and the place
 * search of their location picker. A store and a shop are the same thing (one table): the shop
 * calls (contract/shops.ts) page through the same rows; a store's agents are contract/agents.ts.
 *
 * Which stores a caller acts on: staff without a shop act on every store; anyone attached to a
 * shop acts on that shop and the stores they own, and sees only those. An agent, a device or a
 * store outside that reach answers 404, so its existence cannot be probed.
 */
import { z } from 'zod';
import { defineCall, id } from './define';

export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
const placeName = z.string().trim().min(2).max(80);

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

// ---------------------------------------------------------------------------------------------
// Stores

export const createStore = defineCall({
    summary:
        "Add a phone store; the caller becomes its owner. Naming a region lead also needs ADD_REGION_LEAD; marking it branded (the operator's own) is for staff without a shop. Names are unique regardless of case.",
    method: 'POST',
    idempotency: 'retry',
    status: 201,
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
    readOnly: true,
    path: '/api/v1/get_phone_stores',
    access: ['VIEW_STORES', 'ADD_INVENTORY', 'TRANSFER_AGENT'],
    body: z.object({ q: z.string().trim().max(80).optional(), region: z.string().trim().max(80).optional() }),
    response: z.object({ stores: z.array(store) }),
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
    readOnly: true,
    path: '/api/v1/places/search',
    access: PLACE_PICKERS,
    body: z.object({ q: z.string().trim().min(2).max(80) }),
    response: z.object({ places: z.array(place).max(PLACE_RESULTS_MAX) }),
});

export const storeCalls = {
    createStore,
    listStores,
    assignRegionLead,
    placesStatus,
    searchPlaces,
};
