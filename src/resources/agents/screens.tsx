import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/** The agents screen (spec §2 `agents`): agents with their tiers. Loaded on first visit. */
const AgentList = lazyPage(() => import('./AgentList').then(m => m.AgentList));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    agents: <AgentList />,
} satisfies ScreensOf<typeof routes>;
