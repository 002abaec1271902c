/**
 * The shop calls (contract/stores.ts, spec §7 "Shops"): their numbers travel as strings, and
 * `page_size` may be 'all'.
 */
import { listShopAgents, listShops, SHOP_PAGE_SIZE } from '../../../contract/stores';
import { callApi } from '../../lib/portalApi';

export type ShopPageSize = typeof SHOP_PAGE_SIZE | number;

export const shopsKey = (page: number, pageSize: ShopPageSize) => ['shops', 'page', { page, pageSize }] as const;
export const shopAgentsKey = ['shops', 'agents'] as const;

export const fetchShops = (page: number, pageSize: ShopPageSize, signal?: AbortSignal) =>
    callApi(listShops, { body: { page_number: String(page), page_size: String(pageSize) } }, { signal });

export const fetchShopAgents = (shopId: number, page: number, pageSize: number, signal?: AbortSignal) =>
    callApi(
        listShopAgents,
        { body: { shop_id: String(shopId), page_number: String(page), page_size: String(pageSize) } },
        { signal },
    ).then(answer => ({ data: answer.data, total: answer.total_items }));
