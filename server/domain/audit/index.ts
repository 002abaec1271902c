/**
 * The audit trail: every write records its events (./record.ts, called by server/write.ts inside
 * the write's transaction), and staff holding VIEW_AUDIT_TRAIL list them (./list.ts).
 */
export { recordAudit, type AuditActor, type AuditEvent } from './record';
export { registerAuditRoutes } from './list';
