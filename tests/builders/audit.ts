/** Audit events (contract/audit.ts) as the audit trail's call answers them. */
import type { AuditEventRecord } from '../../contract/audit';
import { nextId } from './ids';

/** An audit event: the demo `admin` (Thandi Mokoena) disabling the demo `maker`, under a new id. */
export const buildAuditEvent = (overrides: Partial<AuditEventRecord> = {}): AuditEventRecord => ({
    id: nextId(),
    actor: { id: 1, username: 'admin', name: 'Thandi Mokoena' },
    role_used: 'EDIT_USER',
    action: 'admins.disable',
    entity: 'admins',
    entity_id: '2',
    subject: 'maker',
    before: { status: 'active' },
    after: { status: 'disabled', sessions_ended: 1 },
    coords: null,
    at: '2026-11-22T09:30:00.000Z',
    ...overrides,
});
