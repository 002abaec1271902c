/**
 * Stores (spec §7 "Stores"): the picker of every shop open for registration (adding a user), the
 * stores within the caller's reach (contract/stores.ts `listStores`) for the pickers of the
 * stores, shop, agent and inventory screens, and the stores screen itself (its list kind in
 * listKinds.ts, its writes in writes.ts). The shops and agents lists are their own folders'.
 */
import { registrationOptions } from '../../../contract/registration';
import { storeAgents, updateAgentLocation } from '../../../contract/agents';
import { assignRegionLead, createStore, listStores } from '../../../contract/stores';
import { defineResource, oneBy, wholeList, type ResourceDeclaration } from '../../dataProvider/defineResource';
import { storesList } from './listKinds';

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
} satisfies Record<string, ResourceDeclaration>;
