import { lazyPage } from '../../lib/lazyPage';
import type { ClaimKind } from './claimParts';

/**
 * The money screens (spec §2 "Find transaction", "Suspense and reconciliation", "Third party
 * insurance"), each loaded on first visit: the payment search (/dashboard/transactions/find), the
 * suspense queue (the `suspense-transactions` resource), the insurance claims paid and refused
 * (/dashboard/tpi/successful, /dashboard/tpi/failed) and the reversal queue (/dashboard/tpi/reversal),
 * routed in App.tsx.
 */
export const TransactionFind = lazyPage(() => import('./TransactionFind').then(m => m.TransactionFind));
export const SuspenseList = lazyPage(() => import('./SuspenseList').then(m => m.SuspenseList));
export const TpiClaims = lazyPage<{ kind: ClaimKind }>(() => import('./TpiClaims').then(m => m.TpiClaims));
export const TpiReversals = lazyPage(() => import('./TpiReversals').then(m => m.TpiReversals));
