/**
 * How react-admin's page, sort and filter become the input of the shop calls (contract/shops.ts),
 * and where their rows and totals are in the answers. Calls and pure functions only: the
 * declarations (calls.ts) are loaded by the sign-in page too.
 */
import { AGENT_SORTS } from '../../../contract/agents';
import { PAGE_SIZE_MAX } from '../../../contract/numberText';
import { listShopAgents, listShops, SHOP_PAGE_SIZE, SHOP_SORTS } from '../../../contract/shops';
import { customList, pagedList, sortInput, type ListQuery } from '../../dataProvider/defineResource';
import { positiveFilter } from '../../lib/filterValues';
import { callApi } from '../../lib/portalApi';

/**
 * The shop list's page size 'all' as react-admin's perPage, which is a number: any page larger than
 * the largest numbered one asks for every shop at once (page 1, `page_size: 'all'`).
 */
export const SHOP_ALL_PER_PAGE = 10_000;

/**
 * The shops page by page, sorted on the server by the column asked (by name otherwise); a perPage
 * past the largest numbered page is 'all' (spec §9).
 */
export const shopsList = customList({
    access: listShops.access,
    largestPage: PAGE_SIZE_MAX,
    fetch: async ({ page, perPage, sort }: ListQuery, signal) => {
        const all = perPage > PAGE_SIZE_MAX;
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

/** A shop's agents' order: a column the server sorts by (contract AGENT_SORTS), else by first name. */
const agentOrder = (sort: ListQuery['sort']) => sortInput(sort, AGENT_SORTS, { field: 'first_name', order: 'asc' });

const agentsOfShop = pagedList(listShopAgents, {
    rows: 'data',
    text: true,
    largestPage: PAGE_SIZE_MAX,
    request: ({ filter, sort }) => ({ shop_id: String(positiveFilter(filter.shop_id)), ...agentOrder(sort) }),
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
        positiveFilter(query.filter.shop_id) === undefined ? { data: [], total: 0 } : agentsOfShop.fetch(query, signal),
});
