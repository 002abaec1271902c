/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { assignAgentTier, type Agent } from '../../../contract/agents';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';

const writes = {
    /** An agent's tier (null clears it), shown in the agents list, a shop's agents and the store page. */
    agentsAssignTier: defineWrite({
        refreshes: ['agents', 'shop-agents', 'stores'],
        run: ({ agentId, tier }: { agentId: number; tier: Agent['tier'] }) =>
            callApi(assignAgentTier, { body: { agent_id: agentId, tier } }),
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        agents: typeof writes;
    }
}
