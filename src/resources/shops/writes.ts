/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import type { Agent } from '../../../contract/agents';
import { transferAgent } from '../../../contract/shops';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';

const writes = {
    /**
     * Moves a working agent to another store: they leave their shop's agents, and both stores'
     * counts and agents change (the store page, the shops, the agents list's store column).
     */
    shopsTransferAgent: defineWrite({
        refreshes: ['shop-agents', 'agents', 'stores', 'shop', 'reachable-stores'],
        run: ({ agent, storeId }: { agent: Agent; storeId: number }) =>
            callApi(transferAgent, {
                body: { agent_id: String(agent.id), agent_firstname: agent.first_name, agent_store_id: String(storeId) },
            }),
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        shops: typeof writes;
    }
}
