import { Navigate } from 'react-router-dom';
import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import { hrefTo } from '../../routes';
import type { ClaimKind } from './claimParts';
import type { routes } from './routes';

/**
 * The money screens (spec §2 "Find transaction", "Suspense and reconciliation", "Third party
 * insurance"), each loaded on first visit: the payment search (/dashboard/transactions/find), the
 * suspense queue (the `suspense-transactions` resource), the statement upload
 * (/dashboard/reconciliation, a custom route), the insurance claims paid and refused
 * (/dashboard/tpi/successful, /dashboard/tpi/failed) and the reversal queue (/dashboard/tpi/reversal).
 */
const TransactionFind = lazyPage(() => import('./TransactionFind').then(m => m.TransactionFind));
const SuspenseList = lazyPage(() => import('./SuspenseList').then(m => m.SuspenseList));
const Reconciliation = lazyPage(() => import('./Reconciliation').then(m => m.Reconciliation));
const TpiClaims = lazyPage<{ kind: ClaimKind }>(() => import('./TpiClaims').then(m => m.TpiClaims));
const TpiReversals = lazyPage(() => import('./TpiReversals').then(m => m.TpiReversals));

/** `/dashboard/tpi` itself shows the claims paid, the first of its three pages. */
const ToTpiSuccessful = () => <Navigate to={hrefTo('tpi_successful')} replace />;

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    find_transaction: <TransactionFind />,
    suspense_transactions: <SuspenseList />,
    reconciliation: <Reconciliation />,
    tpi: <ToTpiSuccessful />,
    tpi_successful: <TpiClaims key="successful" kind="successful" />,
    tpi_failed: <TpiClaims key="failed" kind="failed" />,
    tpi_reversal: <TpiReversals />,
} satisfies ScreensOf<typeof routes>;
