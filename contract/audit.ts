/**
 * The audit trail: the actions it records and its listing (`listAuditEvents`).
 *
 * Every action the server records (`audit_events.action`, `<entity>.<verb>`) is in
 * `AUDIT_ACTIONS`. The server's audit events are typed by this list (server/domain/audit), so an action written
 * anywhere that is not here fails to compile; the portal says each of them in words
 * (src/resources/audit/actions.ts, a table keyed by this type), so one added here without its words
 * fails to compile too. Events recorded before an action was renamed keep their old code: the
 * portal shows such a code as it is.
 */
import { z } from 'zod';
import { APPROVAL_DECISIONS, APPROVAL_KINDS } from './approvals';
import { defineCall, idText, page, paging } from './define';
import { calendarMoment } from './fields';
import { afterCursor, nextCursor } from './cursor';

/** What happens to a maker-checker request: asked for, decided, or closed with its loan. */
const APPROVAL_STEPS = ['request', ...APPROVAL_DECISIONS, 'close'] as const;

const approvalActions = APPROVAL_KINDS.flatMap(kind => APPROVAL_STEPS.map(step => `approval_requests.${kind}.${step}` as const));

export const AUDIT_ACTIONS = [
    'admin_groups.create',
    'admin_groups.update',
    'admin_roles.sync',
    'admins.change_password',
    'admins.change_password_failed',
    'admins.change_password_throttled',
    'admins.create',
    'admins.disable',
    'admins.enable',
    'admins.password_change_required',
    'admins.reauthenticate',
    'admins.reauthenticate_failed',
    'admins.reauthenticate_throttled',
    'admins.register',
    'admins.register_refused',
    'admins.register_liveness',
    'admins.reset_password',
    'admins.update',
    'agents.assign_tier',
    'agents.transfer',
    'agents.update_location',
    ...approvalActions,
    'call_ratings.create',
    'customers.convert',
    'customers.kyc_status',
    'customers.kyc_update',
    'customers.register',
    'data_awards.create',
    'device_locks.activate',
    'device_locks.complete',
    'device_locks.confirm',
    'device_locks.exchange',
    'device_locks.fail',
    'device_locks.lock',
    'device_locks.unlock',
    'device_locks.vivo_authorize',
    'field_agent_requests.create',
    'group_roles.create',
    'group_roles.remove',
    'identity_checks.check',
    'inventory_items.bulk_create',
    'inventory_items.create',
    'inventory_items.release',
    'inventory_items.reserve',
    'inventory_items.sell',
    'kyc_images.expire',
    'kyc_images.upload',
    'kyc_submissions.approve',
    'kyc_submissions.correct',
    'kyc_submissions.reject',
    'kyc_submissions.replace',
    'kyc_submissions.resubmit',
    'kyc_submissions.return',
    'kyc_submissions.submit',
    'loan_quotes.issue',
    'loans.activate',
    'loans.cancel',
    'loans.change_imei',
    'loans.check_lock',
    'loans.complete',
    'loans.create',
    'loans.deactivate',
    'loans.deposit',
    'loans.deposit_prompt',
    'loans.expire',
    'loans.remind',
    'loans.reopen',
    'loans.transfer',
    'loans.verify_code',
    'lock_policies.update',
    'offline_pins.issue',
    'offline_pins.redeem',
    'operator_sign_ins.approve',
    'operator_sign_ins.start',
    'otps.issue',
    'otps.refuse',
    'otps.reject',
    'otps.resend',
    'otps.use',
    'phone_models.update_prices',
    'reconciliation_uploads.create',
    'reconciliation_uploads.import',
    'registration_photos.expire',
    'exports.begin',
    'exports.end',
    'seed.demo',
    'server_secrets.create',
    'sessions.end_all',
    'sessions.revoke',
    'sessions.sign_in',
    'sessions.sign_in_failed',
    'sessions.sign_in_throttled',
    'sign_in_attempts.release',
    'stores.assign_region_lead',
    'stores.create',
    'tpi_claims.reverse',
    'tpi_reversals.approve',
    'tpi_reversals.deny',
    'tpi_reversals.request',
    'transactions.suspense_correct',
    'transactions.suspense_queue',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (code: string): code is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(code);

export const auditEvent = z.object({
    id: z.number().int(),
    actor: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
    role_used: z.string().nullable(),
    /** One of `AUDIT_ACTIONS`, or an older code kept as it was recorded. */
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    /**
     * What the entity is called now, for the entities people know by a name: a user's username, a
     * group's or shop's name, a loan's reference (also for its device lock and its maker-checker
     * requests; an agent registration's agent). Null for the others, or once the record is gone.
     */
    subject: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    coords: z.string().nullable(),
    at: z.string(),
});
export type AuditEventRecord = z.infer<typeof auditEvent>;

export const listAuditEvents = defineCall({
    summary: 'The audit trail, newest first: who did what to which record, when, with which role, before and after',
    method: 'GET',
    path: '/prerequisites/audit-events',
    access: 'VIEW_AUDIT_TRAIL',
    query: z.object({
        ...paging,
        actor_id: idText.optional(),
        action: z.string().max(80).optional(),
        entity: z.string().max(80).optional(),
        entity_id: z.string().max(80).optional(),
        from: calendarMoment.optional(),
        to: calendarMoment.optional(),
        /** The previous page's `next`: this page is read from its key on (`$skip` then only names it). */
        ...afterCursor,
    }),
    response: page(auditEvent).extend(nextCursor),
});

export const auditCalls = { listAuditEvents };
