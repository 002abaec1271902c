import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/** The shop screens (spec §2): `shop`, the shops, and `shop/agent`, a shop's agents. Loaded on first visit. */
const ShopList = lazyPage(() => import('./ShopList').then(m => m.ShopList));
const ShopAgents = lazyPage(() => import('./ShopAgents').then(m => m.ShopAgents));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    shop: <ShopList />,
    shop_agents: <ShopAgents />,
} satisfies ScreensOf<typeof routes>;
