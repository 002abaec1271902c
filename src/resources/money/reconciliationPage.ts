import { lazyPage } from '../../lib/lazyPage';

/**
 * The reconciliation screen (spec §2 "Suspense and reconciliation → upload document",
 * /dashboard/reconciliation), a custom route of App.tsx, loaded on first visit.
 */
export const Reconciliation = lazyPage(() => import('./Reconciliation').then(m => m.Reconciliation));
