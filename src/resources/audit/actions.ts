/**
 * Each audit action in words: the catalog key (under `resources.audit-events.actions`) that says it,
 * keyed by every action the server may record (contract/audit.ts). The type makes the table whole:
 * an action added there without its words here fails to compile. A text may name what the event
 * concerns as `%{subject}` (see `subjectOf`).
 */
import { APPROVAL_DECISIONS, APPROVAL_KINDS, type ApprovalKind } from '../../../contract/approvals';
import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from '../../../contract/audit';
import type { AuditEventRecord } from '../../../contract/audit';
import { pickText, type ExportPickShape } from '../../../contract/csv';
import type { ExportColumn } from '../../../contract/exports';

type ApprovalAction = Extract<AuditAction, `approval_requests.${string}`>;

/** A maker-checker request's step, said per kind: `approval_requests.imei_change.approve` → `imei_change_approve`. */
const approvalWords = Object.fromEntries(
    APPROVAL_KINDS.flatMap((kind: ApprovalKind) =>
        (['request', ...APPROVAL_DECISIONS, 'close'] as const).map(step => [
            `approval_requests.${kind}.${step}`,
            `${kind}_${step}`,
        ]),
    ),
) as Record<ApprovalAction, string>;

export const AUDIT_ACTION_WORDS: Readonly<Record<AuditAction, string>> = {
    ...approvalWords,
    'admin_groups.create': 'group_created',
    'admin_groups.update': 'group_changed',
    'admin_roles.sync': 'roles_synced',
    'admins.change_password': 'own_password_changed',
    'admins.change_password_failed': 'password_change_failed',
    'admins.change_password_throttled': 'password_change_throttled',
    'admins.create': 'user_created',
    'admins.disable': 'user_disabled',
    'admins.enable': 'user_enabled',
    'admins.password_change_required': 'password_change_required',
    'admins.reauthenticate': 'reauthenticated',
    'admins.reauthenticate_failed': 'reauthenticate_failed',
    'admins.reauthenticate_throttled': 'reauthenticate_throttled',
    'admins.register': 'agent_registered',
    'admins.register_refused': 'registration_refused',
    'admins.register_liveness': 'registration_liveness',
    'admins.reset_password': 'password_reset',
    'admins.update': 'user_changed',
    'agents.assign_tier': 'tier_assigned',
    'agents.transfer': 'agent_transferred',
    'agents.update_location': 'agent_location_updated',
    'call_ratings.create': 'call_rated',
    'customers.convert': 'customer_converted',
    'customers.kyc_status': 'customer_kyc_status',
    'customers.kyc_update': 'customer_kyc_updated',
    'customers.register': 'customer_registered',
    'data_awards.create': 'data_awarded',
    'device_locks.activate': 'device_activate',
    'device_locks.complete': 'device_complete',
    'device_locks.confirm': 'device_confirmed',
    'device_locks.exchange': 'device_exchange',
    'device_locks.fail': 'device_failed',
    'device_locks.lock': 'device_lock',
    'device_locks.unlock': 'device_unlock',
    'device_locks.vivo_authorize': 'device_vivo_authorized',
    'field_agent_requests.create': 'field_agent_request',
    'group_roles.create': 'group_role_added',
    'group_roles.remove': 'group_role_removed',
    'identity_checks.check': 'id_checked',
    'inventory_items.bulk_create': 'stock_bulk_added',
    'inventory_items.create': 'stock_added',
    'inventory_items.release': 'stock_released',
    'inventory_items.reserve': 'stock_reserved',
    'inventory_items.sell': 'stock_sold',
    'kyc_images.expire': 'kyc_images_expired',
    'kyc_images.upload': 'kyc_image_uploaded',
    'kyc_submissions.approve': 'kyc_approved',
    'kyc_submissions.correct': 'kyc_corrected',
    'kyc_submissions.reject': 'kyc_rejected',
    'kyc_submissions.replace': 'kyc_replaced',
    'kyc_submissions.resubmit': 'kyc_resubmitted',
    'kyc_submissions.return': 'kyc_returned',
    'kyc_submissions.submit': 'kyc_submitted',
    'loan_quotes.issue': 'quote_issued',
    'loans.activate': 'loan_activated',
    'loans.cancel': 'loan_cancelled',
    'loans.change_imei': 'loan_imei_changed',
    'loans.check_lock': 'loan_lock_checked',
    'loans.complete': 'loan_completed',
    'loans.create': 'loan_created',
    'loans.deactivate': 'loan_deactivated',
    'loans.deposit': 'loan_deposit',
    'loans.deposit_prompt': 'loan_deposit_prompt',
    'loans.expire': 'loan_expired',
    'loans.remind': 'loan_reminded',
    'loans.reopen': 'loan_reopened',
    'loans.transfer': 'loan_transferred',
    'loans.verify_code': 'loan_code_verified',
    'lock_policies.update': 'lock_policy_updated',
    'offline_pins.issue': 'offline_pin_issued',
    'offline_pins.redeem': 'offline_pin_redeemed',
    'operator_sign_ins.approve': 'operator_sign_in_approved',
    'operator_sign_ins.start': 'operator_sign_in_started',
    'otps.issue': 'code_sent',
    'otps.refuse': 'code_refused',
    'otps.reject': 'code_rejected',
    'otps.resend': 'code_resent',
    'otps.use': 'code_used',
    'phone_models.update_prices': 'prices_updated',
    'reconciliation_uploads.create': 'reconciliation_uploaded',
    'reconciliation_uploads.import': 'reconciliation_imported',
    'registration_photos.expire': 'registration_photos_expired',
    'exports.begin': 'export_begun',
    'exports.end': 'export_ended',
    'seed.demo': 'demo_seeded',
    'server_secrets.create': 'server_secret_created',
    'sessions.end_all': 'sessions_ended',
    'sessions.revoke': 'signed_out',
    'sessions.sign_in': 'signed_in',
    'sessions.sign_in_failed': 'sign_in_failed',
    'sessions.sign_in_throttled': 'sign_in_throttled',
    'sign_in_attempts.release': 'sign_in_released',
    'stores.assign_region_lead': 'region_lead_assigned',
    'stores.create': 'store_created',
    'tpi_claims.reverse': 'tpi_claim_reversed',
    'tpi_reversals.approve': 'tpi_reversal_approved',
    'tpi_reversals.deny': 'tpi_reversal_denied',
    'tpi_reversals.request': 'tpi_reversal_requested',
    'transactions.suspense_correct': 'suspense_corrected',
    'transactions.suspense_queue': 'suspense_queued',
};

/**
 * Where what an event concerns is read, as people know it: the name the server reads now (a
 * username, a loan's reference…), else one the event itself recorded (after, then before:
 * username, loan reference, name), else the record's id (`#10`), else a dash. The same
 * description fills `%{subject}` in the server's export of the trail (contract/csv.ts `fill`).
 */
export const AUDIT_SUBJECT: ExportPickShape = {
    first: [
        { field: 'subject' },
        ...(['after', 'before'] as const).flatMap(side =>
            ['username', 'loan_reference', 'loanReference', 'name'].map(name => ({ field: `${side}.${name}` })),
        ),
        { field: 'entity_id', prefix: '#' },
    ],
    otherwise: '—',
};

/** What the event concerns (AUDIT_SUBJECT). */
export const subjectOf = (event: AuditEventRecord): string => pickText(AUDIT_SUBJECT, event);

/** The catalog key of an action's words; null for a code no longer written (shown as it is). */
export const auditWordsKey = (action: string): string | null =>
    isAuditAction(action) ? `resources.audit-events.actions.${AUDIT_ACTION_WORDS[action]}` : null;

/**
 * The trail's export as columns of data (contract/csv.ts), which the server writes as it reads the
 * trail (server/exports.ts): the moment as recorded, who (their username, else "System"), the event
 * in the reader's words (each action's words with `%{subject}` kept for the server to fill from
 * AUDIT_SUBJECT, as `subjectOf` does on screen), its codes, and before and after as JSON.
 */
export const auditExportColumns = (translate: (key: string, options?: Record<string, unknown>) => string): ExportColumn[] => {
    const title = (field: string) => translate(`resources.audit-events.fields.${field}`);
    const words = Object.fromEntries(
        AUDIT_ACTIONS.map(action => [
            action,
            translate(`resources.audit-events.actions.${AUDIT_ACTION_WORDS[action]}`, { subject: '%{subject}' }),
        ]),
    );
    return [
        { title: title('at'), field: 'at' },
        { title: title('actor'), field: 'actor.username', empty: translate('resources.audit-events.system') },
        { title: title('role_used'), field: 'role_used' },
        { title: title('event'), field: 'action', words, fill: { subject: AUDIT_SUBJECT } },
        { title: title('action'), field: 'action' },
        { title: title('entity'), field: 'entity' },
        { title: title('entity_id'), field: 'entity_id' },
        { title: translate('resources.audit-events.before'), field: 'before', format: 'json' },
        { title: translate('resources.audit-events.after'), field: 'after', format: 'json' },
    ];
};
