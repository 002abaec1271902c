/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { updateAgentLocation } from '../../../contract/agents';
import { assignRegionLead } from '../../../contract/stores';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';

const writes = {
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

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        stores: typeof writes;
    }
}
