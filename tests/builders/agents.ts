/** Sales agents (contract/agents.ts) as the agent calls answer them. */
import type { Agent } from '../../contract/agents';
import { nextId } from './ids';

/** A sales agent: the demo `agent`, Bongani Khumalo of Soweto Central (README "Demo accounts"), under a new id. */
export const buildAgent = (overrides: Partial<Agent> = {}): Agent => ({
    id: nextId(),
    username: 'agent',
    first_name: 'Bongani',
    last_name: 'Khumalo',
    msisdn: '27820000005',
    group_name: 'Sales Agent',
    store_id: 1,
    store_name: 'Soweto Central',
    tier: null,
    latitude: null,
    longitude: null,
    location_updated_at: null,
    status: 'active',
    ...overrides,
});
