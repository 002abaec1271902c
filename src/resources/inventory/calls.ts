/**
 * Inventory (spec §7 "Inventory"): the devices in the stores within the caller's reach
 * (`inventory`, paged by page_number/page_size as strings, sorted on the server along its
 * indexes), and the phone catalogue with prices and stock (`phone-models`, a few hundred models
 * fetched whole) that the add and price screens choose from. Adding devices and changing prices
 * are writes (writes.ts); `bulk` is the CSV file's gate, `edit` the price screen's.
 */
import {
    addInventoryItem,
    addInventoryItems,
    INVENTORY_SORTS,
    INVENTORY_STATUSES,
    listInventory,
    listPhoneModels,
    updatePhonePrices,
} from '../../../contract/inventory';
import { PAGE_SIZE_MAX } from '../../../contract/numberText';
import {
    defineResource,
    pagedList,
    sortInput,
    wholeList,
    type ListQuery,
    type ResourceDeclaration,
} from '../../dataProvider/defineResource';
import { positiveFilter } from '../../lib/filterValues';

/** react-admin's filter and sort as the inventory call's fields; a value the call would refuse is left out. */
export const inventoryRequest = ({ filter, sort }: ListQuery) => ({
    q: typeof filter.q === 'string' && filter.q.trim() !== '' ? filter.q.trim() : undefined,
    status: INVENTORY_STATUSES.find(status => status === filter.status),
    store_id: positiveFilter(filter.store_id),
    ...sortInput(sort, INVENTORY_SORTS, { field: 'created_at', order: 'desc' }),
});

export default {
    inventory: defineResource({
        list: pagedList(listInventory, { rows: 'phones', largestPage: PAGE_SIZE_MAX, text: true, request: inventoryRequest }),
        actions: { create: addInventoryItem.access, bulk: addInventoryItems.access, edit: updatePhonePrices.access },
    }),
    /** The catalogue, each model with its prices and the devices in stock within reach. */
    'phone-models': defineResource({ whole: wholeList(listPhoneModels, { body: {} }, answer => answer.models) }),
} satisfies Record<string, ResourceDeclaration>;
