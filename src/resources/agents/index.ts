import { lazyPage } from '../../lib/lazyPage';

/** The agents screen (spec §2 `agents`): agents with their tiers. Loaded on first visit. */
export const AgentList = lazyPage(() => import('./AgentList').then(m => m.AgentList));
