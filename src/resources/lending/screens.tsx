import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/**
 * The lending screens, each loaded on first visit: the collections queue (the
 * `collections` resource, /dashboard/collections), routed in App.tsx.
 */
const CollectionsList = lazyPage(() => import('./CollectionsList').then(m => m.CollectionsList));
/** The lock policy (the `lock-policy` resource, /dashboard/lock-policy). */
const LockPolicy = lazyPage(() => import('./LockPolicy').then(m => m.LockPolicy));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    collections: <CollectionsList />,
    lock_policy: <LockPolicy />,
} satisfies ScreensOf<typeof routes>;
