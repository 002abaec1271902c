/**
 * Shops (spec §4, §7 "Shops"): the stores of contract/stores.ts page by page, each shop's agents,
 * and moving an agent from one shop to another. These calls send their numbers as strings.
 */
import { z } from 'zod';
import { defineCall, INT4_MAX } from './define';
import { agent, AGENT_PAGE_SIZE, AGENT_SORTS } from './agents';
import { numberText, pageSizeText } from './numberText';
import { store } from './stores';

/** Spec §9: shops all of them unless asked otherwise. */
export const SHOP_PAGE_SIZE = 'all';

/**
 * The columns the shop list sorts by: name, town and region case-insensitively, each along an
 * index (server/db/schema/stores.ts); the agent count is counted for every shop of the page's
 * query anyway, so ordering by it sorts rows already read.
 */
export const SHOP_SORTS = ['name', 'town', 'region', 'agent_count'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

export const listShops = defineCall({
    summary:
        "Shops page by page (`page_size` 'all' for every one), by name unless `sort`/`order` say otherwise (name, town and region whatever their case).",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/shop/all',
    access: 'VIEW_SHOP_AGENTS',
    body: z.object({
        sort: z.enum(SHOP_SORTS).default('name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: pageSizeText.default(SHOP_PAGE_SIZE),
    }),
    response: z.object({ data: z.array(store), total_items: z.number().int() }),
});

export const listShopAgents = defineCall({
    summary: "A shop's agents page by page, by first name unless `sort`/`order` say otherwise.",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/shop/agents',
    access: 'VIEW_SHOP_AGENTS',
    body: z.object({
        shop_id: numberText(INT4_MAX),
        sort: z.enum(AGENT_SORTS).default('first_name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: pageSizeText.default(AGENT_PAGE_SIZE),
    }),
    response: z.object({ data: z.array(agent), total_items: z.number().int() }),
});

export const transferAgent = defineCall({
    summary:
        "Move an agent to another store. `agent_firstname` must be the agent's first name: a check that the right person moves.",
    method: 'POST',
    path: '/api/v1/shop/agent/transfer',
    access: 'TRANSFER_AGENT',
    body: z.object({
        agent_id: numberText(INT4_MAX),
        agent_firstname: z.string().trim().min(1).max(80),
        agent_store_id: numberText(INT4_MAX),
    }),
    response: agent,
});

export const shopCalls = {
    listShops,
    listShopAgents,
    transferAgent,
};
