/** Shops (contract/stores.ts) as the store calls answer them. */
import type { Store } from '../../contract/stores';
import { nextId } from './ids';

/** A shop: the demo's Soweto Central (server/seed/accounts.ts) before an owner or region lead is named, under a new id. */
export const buildStore = (overrides: Partial<Store> = {}): Store => ({
    id: nextId(),
    name: 'Soweto Central',
    region: 'Gauteng',
    town: 'Johannesburg',
    latitude: -26.2485,
    longitude: 27.854,
    owner: null,
    region_lead: null,
    branded: false,
    agent_count: 0,
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
});
