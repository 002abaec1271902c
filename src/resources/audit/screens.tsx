import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/**
 * The audit trail at /dashboard/audit (menu entry `audit`), over the `audit-events` resource.
 * Loaded on first visit; its list checks VIEW_AUDIT_TRAIL (`canAccess`) before it asks anything.
 */
const AuditTrail = lazyPage(() => import('./AuditList').then(m => m.AuditTrail));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    audit: <AuditTrail />,
} satisfies ScreensOf<typeof routes>;
