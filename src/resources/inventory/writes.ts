/**
 * The inventory writes (src/dataProvider/defineWrite.ts): a device added, a CSV file's batch
 * added, new prices sent. Each changes the devices listed and the catalogue's stock or prices;
 * a price change that needs approval also raises a request in the maker-checker queue.
 */
import type { CallInput } from '../../../contract/define';
import { addInventoryItem, addInventoryItems, updatePhonePrices } from '../../../contract/inventory';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';

const STOCK = ['inventory', 'phone-models'];

const writes = {
    inventoryAddDevice: defineWrite({
        refreshes: STOCK,
        run: (body: CallInput<typeof addInventoryItem>['body']) => callApi(addInventoryItem, { body }),
    }),
    /** One batch of a CSV file's lines; `signal` stops it when the screen goes. */
    inventoryAddBatch: defineWrite({
        refreshes: STOCK,
        run: ({ body, signal }: { body: CallInput<typeof addInventoryItems>['body']; signal?: AbortSignal }) =>
            callApi(addInventoryItems, { body }, { signal }),
    }),
    inventoryUpdatePrices: defineWrite({
        refreshes: [...STOCK, 'mc_requests', 'mc_requests_v2', 'approval-counts'],
        run: (body: CallInput<typeof updatePhonePrices>['body']) => callApi(updatePhonePrices, { body }),
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        inventory: typeof writes;
    }
}
