import { createElement } from 'react';
import { lazyPage } from '../../lib/lazyPage';

/**
 * The approvals queues (spec §2), one screen parameterised per queue (`queue`: deregistrations,
 * imei_changes, transfer_loan_requests, mc_requests, mc_requests_v2), each a react-admin
 * resource routed under /dashboard by its name (App.tsx). Loaded on first visit.
 */
export const ApprovalQueue = lazyPage(() => import('./ApprovalQueue').then(m => m.ApprovalQueue));

/** A request on its own page (`/<queue>/:id/show`, a row's link). */
export const RequestShow = lazyPage(() => import('./RequestShow').then(m => m.RequestShow));

/** What each queue's `<Resource>` holds besides its list (App.tsx): its request page as its show. */
export const APPROVAL_RESOURCE_PROPS = Object.fromEntries(
    (['deregistrations', 'imei_changes', 'transfer_loan_requests', 'mc_requests', 'mc_requests_v2'] as const).map(queue => [
        queue,
        { show: createElement(RequestShow, { queue }) },
    ]),
);
