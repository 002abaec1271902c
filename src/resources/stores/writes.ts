/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { assignAgentTier, updateAgentLocation, type Agent } from '../../../contract/agents';
import { transferAgent } from '../../../contract/shops';
import { assignRegionLead } from '../../../contract/stores';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';

export default {
    /**
     * Moves a working agent to another store: they leave their shop's agents, and both stores'
     * counts and agents change (the store page, the shops, the agents list's store column).
     */
    storesTransferAgent: defineWrite({
        refreshes: ['shop-agents', 'agents', 'stores', 'shop', 'reachable-stores'],
        run: ({ agent, storeId }: { agent: Agent; storeId: number }) =>
            callApi(transferAgent, {
                body: { agent_id: String(agent.id), agent_firstname: agent.first_name, agent_store_id: String(storeId) },
            }),
    }),
    /** An agent's tier (null clears it), shown in the agents list, a shop's agents and the store page. */
    storesAssignTier: defineWrite({
        refreshes: ['agents', 'shop-agents', 'stores'],
        run: ({ agentId, tier }: { agentId: number; tier: Agent['tier'] }) =>
            callApi(assignAgentTier, { body: { agent_id: agentId, tier } }),
    }),
    /** A store's region lead (null clears it): the store page and the stores list show it. */
    storesRegionLead: defineWrite({
        refreshes: ['stores', 'reachable-stores'],
        run: ({ storeId, adminId }: { storeId: number; adminId: number | null }) =>
            callApi(assignRegionLead, { body: { store_id: storeId, admin_id: adminId } }),
    }),
    /** An agent's location: only the store page shows it. */
    storesAgentLocation: defineWrite({
        refreshes: ['stores'],
        run: ({ agentId, latitude, longitude }: { agentId: number; latitude: number; longitude: number }) =>
            callApi(updateAgentLocation, { body: { agent_id: agentId, latitude, longitude } }),
    }),
} satisfies WriteTable;
