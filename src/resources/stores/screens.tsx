import { lazyPage } from '../../lib/lazyPage';
import type { ResourcePropsByName, ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/**
 * The phone store screens (spec §2), routed in App.tsx under /dashboard: `stores`,
 * `stores/create` and `stores/:id`. Loaded on first visit.
 */
const StoreList = lazyPage(() => import('./StoreList').then(m => m.StoreList));
const StoreCreate = lazyPage(() => import('./StoreCreate').then(m => m.StoreCreate));
const StoreShow = lazyPage(() => import('./StoreShow').then(m => m.StoreShow));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    stores: <StoreList />,
    store_create: <StoreCreate />,
    store: <StoreShow />,
} satisfies ScreensOf<typeof routes>;

/** How the pickers name a store: the resources of stores without routes of their own. */
export const resourceProps = {
    'store-options': { recordRepresentation: 'name' },
    'reachable-stores': { recordRepresentation: 'name' },
} satisfies ResourcePropsByName;
