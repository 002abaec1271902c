/**
 * The audit trail: every write records who did it, with which role, what changed and where the
 * client said it was. Called inside the write's own transaction, so a change and its audit event
 * land together or not at all.
 */
import type { AuditAction } from '../contract/audit';
import { auditEvents } from './db/schema';
import type { Transaction } from './db';

export interface AuditActor {
    adminId: number | null;
    roleUsed: string | null;
    coords: string | null;
    at: Date;
}

export interface AuditEvent {
    /** `<entity>.<verb>`, e.g. `admin_groups.create`: one of contract/audit.ts, which the portal says in words. */
    action: AuditAction;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
}

const SECRET_KEYS = new Set([
    'password',
    'password_hash',
    'passwordHash',
    'token',
    'token_hash',
    'tokenHash',
    'code_hash',
    'codeHash',
    'otp',
]);

/** A JSON copy without secrets, whatever the nesting; dates become ISO strings. */
const withoutSecrets = (value: unknown): unknown => {
    if (value === undefined || value === null) return null;
    return JSON.parse(JSON.stringify(value, (key, inner: unknown) => (SECRET_KEYS.has(key) ? undefined : inner)));
};

export const recordAudit = async (tx: Transaction, actor: AuditActor, event: AuditEvent): Promise<void> => {
    await tx.insert(auditEvents).values({
        actorAdminId: actor.adminId,
        roleUsed: actor.roleUsed,
        action: event.action,
        entity: event.entity,
        entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
        before: withoutSecrets(event.before),
        after: withoutSecrets(event.after),
        coords: actor.coords,
        at: actor.at,
    });
};
