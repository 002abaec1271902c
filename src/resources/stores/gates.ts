/**
 * The stores, shop, agent and inventory screens (spec §2) and their actions, each with the role it
 * needs, taken from the contract's calls so a gate moves with its call. Read by
 * src/authProvider/permissions.ts; screens ask `canAccess({ resource, action })`. A menu entry's
 * `list` gate is the one of spec §2, narrower than its call where the call also serves pickers.
 */
import type { Access } from '../../../contract/define';
import {
    addInventoryItem,
    addInventoryItems,
    assignAgentTier,
    assignRegionLead,
    createStore,
    listInventory,
    listShopAgents,
    listShops,
    storeAgents,
    transferAgent,
    updateAgentLocation,
    updatePhonePrices,
} from '../../../contract/stores';

export const STORE_GATES = {
    stores: {
        // The stores call also fills the inventory and transfer pickers; the screen is VIEW_STORES's.
        list: 'VIEW_STORES',
        show: storeAgents.access,
        create: createStore.access,
        region_lead: assignRegionLead.access,
        location: updateAgentLocation.access,
    },
    shop: { list: listShops.access, agents: listShopAgents.access, transfer: transferAgent.access },
    agents: {
        // The agents call also serves whoever assigns tiers; the screen is VIEW_AGENTS's (spec §2).
        list: 'VIEW_AGENTS',
        tier: assignAgentTier.access,
        transfer: transferAgent.access,
    },
    inventory: {
        list: listInventory.access,
        create: addInventoryItem.access,
        bulk: addInventoryItems.access,
        edit: updatePhonePrices.access,
    },
} as const satisfies Record<string, Record<string, Access>>;
