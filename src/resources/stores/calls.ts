/**
 * Stores (spec §7 "Stores"): the picker of every shop open for registration (adding a user), and
 * the stores within the caller's reach (contract/stores.ts `listStores`) for the pickers of the
 * stores, shop, agent and inventory screens; and the stores, shops, shop agents and agents lists
 * themselves (their list kinds in listKinds.ts, their writes in writes.ts).
 */
import { registrationOptions } from '../../../contract/security';
import { assignAgentTier, storeAgents, updateAgentLocation } from '../../../contract/agents';
import { transferAgent } from '../../../contract/shops';
import { assignRegionLead, createStore, listStores } from '../../../contract/stores';
import { defineResource, oneBy, wholeList, type ResourceDeclaration } from '../../dataProvider/defineResource';
import { agentsList, shopAgentsList, shopsList, storesList } from './listKinds';

export default {
    'store-options': defineResource({ whole: wholeList(registrationOptions, {}, answer => answer.stores) }),
    /** The stores the caller acts on (their shop and the stores they own; every store for staff without a shop). */
    'reachable-stores': defineResource({ whole: wholeList(listStores, { body: {} }, answer => answer.stores) }),
    /** The stores screen (`stores`, `stores/:id` with the store's agents in `agents`, `stores/create`). */
    stores: defineResource({
        list: storesList,
        one: oneBy(
            storeAgents,
            id => ({ body: { store_id: Number(id) } }),
            answer => ({ ...answer.store, agents: answer.agents }),
        ),
        create: createStore,
        // The stores call also fills the inventory and transfer pickers; the screen is VIEW_STORES's.
        narrower: { list: 'VIEW_STORES' },
        actions: { region_lead: assignRegionLead.access, location: updateAgentLocation.access },
    }),
    /** The shops (`shop`), every one at once by default. */
    shop: defineResource({
        list: shopsList,
        actions: { agents: shopAgentsList.access, transfer: transferAgent.access },
    }),
    /** A shop's agents (`shop/agent`), by the `shop_id` filter. */
    'shop-agents': defineResource({ list: shopAgentsList, actions: { transfer: transferAgent.access } }),
    /** Every agent within reach with their tier (`agents`). */
    agents: defineResource({
        list: agentsList,
        // The agents call also serves whoever assigns tiers; the screen is VIEW_AGENTS's (spec §2).
        narrower: { list: 'VIEW_AGENTS' },
        actions: { tier: assignAgentTier.access, transfer: transferAgent.access },
    }),
} satisfies Record<string, ResourceDeclaration>;
