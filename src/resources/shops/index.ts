import { lazyPage } from '../../lib/lazyPage';

/** The shop screens (spec §2): `shop`, the shops, and `shop/agent`, a shop's agents. Loaded on first visit. */
export const ShopList = lazyPage(() => import('./ShopList').then(m => m.ShopList));
export const ShopAgents = lazyPage(() => import('./ShopAgents').then(m => m.ShopAgents));
