/**
 * How react-admin's page, sort and filter become the input of the stores call (contract/stores.ts),
 * and where its rows are in the answer. Calls and pure functions only: the declarations (calls.ts)
 * are loaded by the sign-in page too.
 */
import { PAGE_SIZE_MAX } from '../../../contract/numberText';
import { listStores, type Store } from '../../../contract/stores';
import { customList, sortInput, type ListQuery } from '../../dataProvider/defineResource';
import { filterText } from '../../lib/filterValues';
import { callApi } from '../../lib/portalApi';

/** The store columns a list sorts by. */
export const STORE_SORTS = ['name', 'region', 'town', 'agent_count', 'created_at'] as const;

const compareBy =
    (field: (typeof STORE_SORTS)[number], order: 'asc' | 'desc') =>
    (a: Store, b: Store): number => {
        const x = a[field];
        const y = b[field];
        const sign = order === 'asc' ? 1 : -1;
        const byField = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        // Equal values keep one order on every page: by id.
        return sign * byField || a.id - b.id;
    };

/**
 * The stores within reach come whole from one call (the server filters by `q` and `region`), so
 * their sort and pages are made here: the answer is a few hundred stores at most (one per shop).
 */
export const storesList = customList({
    access: listStores.access,
    largestPage: PAGE_SIZE_MAX,
    fetch: async ({ page, perPage, sort, filter }: ListQuery, signal) => {
        const { stores } = await callApi(
            listStores,
            { body: { q: filterText(filter.q), region: filterText(filter.region) } },
            { signal },
        );
        const order = sortInput(sort, STORE_SORTS, { field: 'name', order: 'asc' });
        const sorted = [...stores].sort(compareBy(order.sort, order.order));
        return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
    },
});
