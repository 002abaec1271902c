/**
 * The audit trail as staff holding VIEW_AUDIT_TRAIL list it (./list.ts). Every write records its
 * events through server/auditTrail.ts, which server/write.ts calls inside the write's
 * transaction: below the domains, so the write helper imports no domain.
 */
export { registerAuditRoutes } from './list';
