import { lazyPage } from '../../lib/lazyPage';

/**
 * The lending screens, each loaded on first visit: the collections queue (the
 * `collections` resource, /dashboard/collections), routed in App.tsx.
 */
export const CollectionsList = lazyPage(() => import('./CollectionsList').then(m => m.CollectionsList));
/** The lock policy (the `lock-policy` resource, /dashboard/lock-policy). */
export const LockPolicy = lazyPage(() => import('./LockPolicy').then(m => m.LockPolicy));
