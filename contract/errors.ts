import { z } from 'zod';

/**
 * Every error answer has this shape. `message` is readable English; `key` is the translation key
 * the portal shows instead (its catalogs hold every key below); `field` names the input at fault.
 */
export const apiError = z.object({
    code: z.number().int(),
    name: z.string(),
    message: z.string(),
    key: z.string(),
    field: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string(), key: z.string() })).optional(),
    retry_after: z.number().int().optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** The error keys the server may answer with. Each has an entry in the portal's catalogs. */
export const ERROR_KEYS = [
    'errors.invalid_input',
    'errors.field_required',
    'errors.field_invalid',
    'errors.invalid_credentials',
    'errors.account_not_active',
    'errors.too_many_attempts',
    'errors.otp_invalid',
    'errors.otp_expired',
    'errors.not_signed_in',
    'errors.forbidden',
    'errors.not_found',
    'errors.conflict',
    'errors.username_taken',
    'errors.msisdn_taken',
    'errors.group_name_taken',
    'errors.role_already_in_group',
    'errors.unknown_group',
    'errors.unknown_store',
    'errors.unknown_role',
    'errors.operator_sign_in_failed',
    'errors.invalid_characters',
    'errors.unsupported_media_type',
    'errors.method_not_allowed',
    'errors.payload_too_large',
    'errors.request_timeout',
    'errors.too_many_codes',
    'errors.own_group',
    'errors.role_not_held',
    'errors.group_roles_not_held',
    'errors.store_not_allowed',
    'errors.last_full_group',
    // Customers, loans and devices
    'errors.customer_not_found',
    'errors.loan_not_found',
    'errors.loan_state',
    'errors.device_state',
    'errors.request_pending',
    'errors.imei_in_use',
    'errors.same_owner',
    'errors.balance_outstanding',
    'errors.customer_type_unchanged',
    'errors.store_required',
    'errors.offline_pin_used',
    'errors.challenge_mismatch',
    'errors.vivo_auth_required',
    'errors.not_vivo',
    'errors.note_required',
    'errors.award_too_soon',
    // Administration
    'errors.own_account',
    'errors.awaiting_approval',
    'errors.group_name_fixed',
    // Passwords: a reset one must be changed before anything else; changing one's own
    'errors.password_change_required',
    'errors.wrong_current_password',
    'errors.password_unchanged',
    // Stores, agents and inventory
    'errors.store_name_taken',
    'errors.unknown_admin',
    'errors.agent_name_mismatch',
    'errors.same_store',
    'errors.imei_in_stock',
    'errors.imei_invalid',
    'errors.unknown_sku',
    'errors.duplicate_in_file',
    'errors.places_unavailable',
    // Approvals
    'errors.request_not_found',
    'errors.own_request',
    'errors.request_decided',
    // Loan origination and KYC
    'errors.own_customer',
    'errors.imei_not_in_stock',
    'errors.sale_in_progress',
    'errors.not_qualified',
    'errors.kyc_required',
    'errors.kyc_files_required',
    'errors.id_number_taken',
    'errors.identity_not_verified',
    'errors.deposit_amount',
    'errors.reference_used',
    'errors.server',
    'errors.unavailable',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];
