/**
 * How react-admin's page, sort and filter become the input of the agents call (contract/agents.ts),
 * and where its rows and total are in the answer. Calls and pure functions only: the declarations
 * (calls.ts) are loaded by the sign-in page too.
 */
import type { RaRecord } from 'react-admin';
import { AGENT_SORTS, AGENT_TIERS, listAgents } from '../../../contract/agents';
import { PAGE_SIZE_MAX } from '../../../contract/numberText';
import { customList, sortInput, type ListQuery } from '../../dataProvider/defineResource';
import { filterText, positiveFilter } from '../../lib/filterValues';
import { callApi } from '../../lib/portalApi';

const TIER_FILTERS = [...AGENT_TIERS, 'none'] as const;

/**
 * Every agent within reach, sorted on the server (by first name unless asked otherwise), filtered
 * by `q`, `tier` (or 'none') and `store_id`; rows in `data.data`.
 */
export const agentsList = customList({
    access: listAgents.access,
    largestPage: PAGE_SIZE_MAX,
    fetch: async ({ page, perPage, sort, filter }: ListQuery, signal) => {
        const answer = await callApi(
            listAgents,
            {
                body: {
                    q: filterText(filter.q),
                    tier: TIER_FILTERS.find(tier => tier === filter.tier),
                    store_id: positiveFilter(filter.store_id),
                    ...sortInput(sort, AGENT_SORTS, { field: 'first_name', order: 'asc' }),
                    page_number: String(page),
                    page_size: String(perPage),
                },
            },
            { signal },
        );
        return { data: answer.data.data as RaRecord[], total: answer.data.total_items };
    },
});
