import { lazyPage } from '../../lib/lazyPage';

/**
 * The approvals queues (spec §2), one screen parameterised per queue (`queue`: deregistrations,
 * imei_changes, transfer_loan_requests, mc_requests, mc_requests_v2), each a react-admin
 * resource routed under /dashboard by its name (App.tsx). Loaded on first visit.
 */
export const ApprovalQueue = lazyPage(() => import('./ApprovalQueue').then(m => m.ApprovalQueue));
