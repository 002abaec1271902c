/**
 * How react-admin's page, sort and filter become the input of the stores, shops and agents calls
 * (contract/stores.ts), and where their rows and totals are in the answers. Calls and pure
 * functions only: the declarations (calls.ts) are loaded by the sign-in page too.
 */
import type { RaRecord } from 'react-admin';
import { AGENT_SORTS, AGENT_TIERS, listAgents } from '../../../contract/agents';
import { listShopAgents, listShops, SHOP_PAGE_SIZE, SHOP_SORTS } from '../../../contract/shops';
import { listStores, type Store } from '../../../contract/stores';
import { customList, pagedList, sortInput, type ListQuery } from '../../dataProvider/defineResource';
import { callApi } from '../../lib/portalApi';

/** The largest numbered page the shop and agent calls answer (`pageSizeText` in contract/stores.ts). */
const LARGEST_NUMBERED_PAGE = 1000;

/**
 * The shop list's page size 'all' as react-admin's perPage, which is a number: any page larger than
 * the largest numbered one asks for every shop at once (page 1, `page_size: 'all'`).
 */
export const SHOP_ALL_PER_PAGE = 10_000;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const positive = (value: unknown): number | undefined => {
    const number = typeof value === 'string' ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
};

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
    largestPage: LARGEST_NUMBERED_PAGE,
    fetch: async ({ page, perPage, sort, filter }: ListQuery, signal) => {
        const { stores } = await callApi(listStores, { body: { q: text(filter.q), region: text(filter.region) } }, { signal });
        const order = sortInput(sort, STORE_SORTS, { field: 'name', order: 'asc' });
        const sorted = [...stores].sort(compareBy(order.sort, order.order));
        return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
    },
});

/**
 * The shops page by page, sorted on the server by the column asked (by name otherwise); a perPage
 * past the largest numbered page is 'all' (spec §9).
 */
export const shopsList = customList({
    access: listShops.access,
    largestPage: LARGEST_NUMBERED_PAGE,
    fetch: async ({ page, perPage, sort }: ListQuery, signal) => {
        const all = perPage > LARGEST_NUMBERED_PAGE;
        const answer = await callApi(
            listShops,
            {
                body: {
                    ...sortInput(sort, SHOP_SORTS, { field: 'name', order: 'asc' }),
                    page_number: all ? '1' : String(page),
                    page_size: all ? SHOP_PAGE_SIZE : String(perPage),
                },
            },
            { signal },
        );
        return { data: answer.data, total: answer.total_items };
    },
});

/** The agent lists' order: a column the server sorts by (contract AGENT_SORTS), else by first name. */
const agentOrder = (sort: ListQuery['sort']) => sortInput(sort, AGENT_SORTS, { field: 'first_name', order: 'asc' });

const agentsOfShop = pagedList(listShopAgents, {
    rows: 'data',
    text: true,
    largestPage: LARGEST_NUMBERED_PAGE,
    request: ({ filter, sort }) => ({ shop_id: String(positive(filter.shop_id)), ...agentOrder(sort) }),
});

/**
 * A shop's agents (filter `shop_id`), sorted on the server (by first name unless asked otherwise);
 * numbers as strings (spec §4). Without a shop the list is empty and nothing is asked (spec §9:
 * 'No shop selected').
 */
export const shopAgentsList = customList({
    access: agentsOfShop.access,
    largestPage: agentsOfShop.largestPage,
    fetch: async (query, signal) =>
        positive(query.filter.shop_id) === undefined ? { data: [], total: 0 } : agentsOfShop.fetch(query, signal),
});

const TIER_FILTERS = [...AGENT_TIERS, 'none'] as const;

/**
 * Every agent within reach, sorted on the server (by first name unless asked otherwise), filtered
 * by `q`, `tier` (or 'none') and `store_id`; rows in `data.data`.
 */
export const agentsList = customList({
    access: listAgents.access,
    largestPage: LARGEST_NUMBERED_PAGE,
    fetch: async ({ page, perPage, sort, filter }: ListQuery, signal) => {
        const answer = await callApi(
            listAgents,
            {
                body: {
                    q: text(filter.q),
                    tier: TIER_FILTERS.find(tier => tier === filter.tier),
                    store_id: positive(filter.store_id),
                    ...agentOrder(sort),
                    page_number: String(page),
                    page_size: String(perPage),
                },
            },
            { signal },
        );
        return { data: answer.data.data as RaRecord[], total: answer.data.total_items };
    },
});
