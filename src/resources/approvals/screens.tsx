import { lazyPage } from '../../lib/lazyPage';
import type { ResourcePropsByName, ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/**
 * The approvals queues (spec §2), one screen parameterised per queue (`queue`: deregistrations,
 * imei_changes, transfer_loan_requests, mc_requests, mc_requests_v2), each a react-admin
 * resource routed under /dashboard by its name (routes.ts). Loaded on first visit.
 */
const ApprovalQueue = lazyPage(() => import('./ApprovalQueue').then(m => m.ApprovalQueue));

/** A request on its own page (`/<queue>/:id/show`, a row's link). */
const RequestShow = lazyPage(() => import('./RequestShow').then(m => m.RequestShow));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    deregistrations: <ApprovalQueue queue="deregistrations" />,
    mc_requests_v2: <ApprovalQueue queue="mc_requests_v2" />,
    mc_requests: <ApprovalQueue queue="mc_requests" />,
    imei_changes: <ApprovalQueue queue="imei_changes" />,
    transfer_loan_requests: <ApprovalQueue queue="transfer_loan_requests" />,
} satisfies ScreensOf<typeof routes>;

/** What each queue's `<Resource>` holds besides its list: its request page as its show. */
export const resourceProps = Object.fromEntries(
    (['deregistrations', 'imei_changes', 'transfer_loan_requests', 'mc_requests', 'mc_requests_v2'] as const).map(queue => [
        queue,
        { show: <RequestShow queue={queue} /> },
    ]),
) satisfies ResourcePropsByName;
