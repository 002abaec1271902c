import { lazyPage } from '../../lib/lazyPage';

/**
 * The phone store screens (spec §2), routed in App.tsx under /dashboard: `stores`,
 * `stores/create` and `stores/:id`. Loaded on first visit.
 */
export const StoreList = lazyPage(() => import('./StoreList').then(m => m.StoreList));
export const StoreCreate = lazyPage(() => import('./StoreCreate').then(m => m.StoreCreate));
export const StoreShow = lazyPage(() => import('./StoreShow').then(m => m.StoreShow));
