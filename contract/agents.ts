/**
 * Agents (spec §3, §7 "Agent tiers"): portal users in an agent group (Sales Agent, Field Agent)
 * attached to a store, with their tier and where they work. A shop's agents page by page, and
 * moving an agent to another shop, are contract/shops.ts.
 *
 * An agent outside the caller's reach (contract/stores.ts) answers 404, as one that does not exist.
 */
import { z } from 'zod';
import { defineCall, id, INT4_MAX } from './define';
import { numberText, pageSizeText } from './numberText';
import { latitude, longitude, store } from './stores';

/** Spec §9. */
export const AGENT_TIERS = ['gold', 'silver', 'bronze'] as const;
export type AgentTier = (typeof AGENT_TIERS)[number];

/** Spec §9: agents 50 a page. */
export const AGENT_PAGE_SIZE = 50;

export const agent = z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    msisdn: z.string(),
    group_name: z.string(),
    store_id: z.number().int().nullable(),
    store_name: z.string().nullable(),
    tier: z.enum(AGENT_TIERS).nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    location_updated_at: z.string().nullable(),
    status: z.string(),
});
export type Agent = z.infer<typeof agent>;

/**
 * The columns the agent lists (a shop's, and every agent's) sort by, each along an index of the
 * portal users (server/db/schema/security.ts): first name, and the unique username and number.
 */
export const AGENT_SORTS = ['first_name', 'username', 'msisdn'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

export const storeAgents = defineCall({
    summary: 'One store with its agents (`stores/:id`).',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/agents_per_phone_store',
    access: 'VIEW_STORES',
    body: z.object({ store_id: id }),
    response: z.object({ store, agents: z.array(agent) }),
});

export const updateAgentLocation = defineCall({
    summary: "Move an agent's location (coordinates, from a map, a place search or the browser).",
    method: 'POST',
    path: '/api/v1/update_agent_location',
    access: 'UPDATE_AGENT_LOCATION',
    body: z.object({ agent_id: id, latitude, longitude }),
    response: agent,
});

// ---------------------------------------------------------------------------------------------
// Agent tiers

export const listAgents = defineCall({
    summary:
        'Every agent the caller may see with their tier, page by page, by first name unless `sort`/`order` say otherwise; the list is nested in `data.data`.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/list_all_agents',
    access: ['VIEW_AGENTS', 'ASSIGN_AGENT_TIER'],
    body: z.object({
        q: z.string().trim().max(80).optional(),
        tier: z.enum([...AGENT_TIERS, 'none']).optional(),
        store_id: id.optional(),
        sort: z.enum(AGENT_SORTS).default('first_name'),
        order: z.enum(['asc', 'desc']).default('asc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: pageSizeText.default(AGENT_PAGE_SIZE),
    }),
    response: z.object({ data: z.object({ data: z.array(agent), total_items: z.number().int() }) }),
});

export const assignAgentTier = defineCall({
    summary: "Set an agent's tier (gold, silver, bronze), or null to clear it.",
    method: 'POST',
    path: '/api/v1/assign_agent_tier',
    access: 'ASSIGN_AGENT_TIER',
    body: z.object({ agent_id: id, tier: z.enum(AGENT_TIERS).nullable() }),
    response: agent,
});

export const agentCalls = {
    storeAgents,
    updateAgentLocation,
    listAgents,
    assignAgentTier,
};
