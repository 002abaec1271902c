/** What an audit event's entity is called now, read as the trail is listed. */
import { sql } from 'drizzle-orm';
import { adminGroups, admins, approvalRequests, auditEvents, deviceLocks, loans, stores } from '../../db/schema';

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
