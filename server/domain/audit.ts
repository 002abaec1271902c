/**
 * The audit trail: every write records who did it, with which role, what changed and where the
 * client said it was. Called inside the write's own transaction, so a change and its audit event
 * land together or not at all.
 */
import type { AuditAction } from '../../contract/audit';
import { sql } from 'drizzle-orm';
import { adminGroups, admins, approvalRequests, auditEvents, deviceLocks, loans, stores } from '../db/schema';
import type { Transaction } from '../db';

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

/** The event's entity id as the integer key its table uses; null for an id that is not one (a session's). */
const entityKey = sql`(CASE WHEN ${auditEvents.entityId} ~ '^[0-9]{1,9}$' THEN ${auditEvents.entityId}::integer END)`;

/**
 * What the event's entity is called now, for the audit listing (contract `auditEvent.subject`): a
 * user's username, a group's or shop's name, a loan's reference, also for its device lock and its
 * maker-checker requests (an agent registration: the agent's username). Read when listed rather
 * than copied into each event, so events recorded before this existed are named too; each branch
 * is one primary-key read, for a page of at most 1,000 events.
 */
export const auditSubject = sql<string | null>`CASE ${auditEvents.entity}
    WHEN 'admins' THEN (SELECT ${admins.username} FROM ${admins} WHERE ${admins.id} = ${entityKey})
    WHEN 'admin_groups' THEN (SELECT ${adminGroups.name} FROM ${adminGroups} WHERE ${adminGroups.id} = ${entityKey})
    WHEN 'stores' THEN (SELECT ${stores.name} FROM ${stores} WHERE ${stores.id} = ${entityKey})
    WHEN 'loans' THEN (SELECT ${loans.loanReference} FROM ${loans} WHERE ${loans.id} = ${entityKey})
    WHEN 'device_locks' THEN (SELECT ${loans.loanReference} FROM ${deviceLocks} JOIN ${loans} ON ${loans.id} = ${deviceLocks.loanId} WHERE ${deviceLocks.id} = ${entityKey})
    WHEN 'approval_requests' THEN (
        SELECT coalesce(${loans.loanReference}, ${admins.username})
        FROM ${approvalRequests}
        LEFT JOIN ${loans} ON ${loans.id} = ${approvalRequests.loanId}
        LEFT JOIN ${admins} ON ${admins.id} = ${approvalRequests.subjectAdminId}
        WHERE ${approvalRequests.id} = ${entityKey})
END`;
