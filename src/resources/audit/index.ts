import { lazyPage } from '../../lib/lazyPage';

/**
 * The audit trail at /dashboard/audit (menu entry `audit`), over the `audit-events` resource.
 * Loaded on first visit; its list checks VIEW_AUDIT_TRAIL (`canAccess`) before it asks anything.
 */
export const AuditTrail = lazyPage(() => import('./AuditList').then(m => m.AuditTrail));
