/**
 * A request for a checker as every approvals call answers it: its kinds, their lifecycle, and who
 * decides and who sees each kind.
 */
import { z } from 'zod';
import { person } from '../fields';
import type { RoleCode } from '../roles';

export const APPROVAL_KINDS = ['deregistration', 'imei_change', 'loan_transfer', 'agent_registration', 'price_change'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/** The kinds that concern a loan and its phone: the v1 ("phone") maker-checker queue. */
export const LOAN_APPROVAL_KINDS = ['deregistration', 'imei_change', 'loan_transfer'] as const;
export type LoanApprovalKind = (typeof LOAN_APPROVAL_KINDS)[number];
/** The kinds of no loan, the service transactions: the v2 maker-checker queue. */
export const SERVICE_APPROVAL_KINDS = ['agent_registration', 'price_change'] as const;
export type ServiceApprovalKind = (typeof SERVICE_APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_DECISIONS = ['approve', 'reject'] as const;

/** Who may decide each kind (seeded to `checker` and `admin`). */
export const APPROVE_ROLE_OF: Readonly<Record<ApprovalKind, RoleCode>> = {
    deregistration: 'APPROVE_DEREGISTRATION',
    imei_change: 'APPROVE_IMEI_CHANGE',
    loan_transfer: 'APPROVE_TRANSFER_LOAN_OWNERSHIP',
    agent_registration: 'APPROVE_AGENT_REGISTRATION',
    price_change: 'APPROVE_PRICE_CHANGE',
};

/** Who may see each kind's queue (and its badge). */
export const VIEW_ROLE_OF: Readonly<Record<ApprovalKind, RoleCode>> = {
    deregistration: 'VIEW_DEREGISTRATIONS',
    imei_change: 'VIEW_IMEI_CHANGE_REQUESTS',
    loan_transfer: 'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
    agent_registration: 'VIEW_MAKER_CHECKER_REQUESTS',
    price_change: 'VIEW_MAKER_CHECKER_REQUESTS',
};

/** A request waiting for (or decided by) a checker; `change` is what approving it does. */
export const approvalRequest = z.object({
    id: z.number().int(),
    kind: z.enum(APPROVAL_KINDS),
    status: z.enum(APPROVAL_STATUSES),
    /** The loan concerned; null for an agent registration and a price change. */
    loan_reference: z.string().nullable(),
    /** The customer's phone number (loan kinds) or the registering agent's; empty for a price change. */
    msisdn: z.string(),
    /** Whom it concerns: the customer's name, the agent's, or the phone model (brand and model). */
    subject: z.string(),
    /** The shop of the loan, or the shop the agent registered with; null for a price change (every shop's). */
    store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    reason: z.string(),
    /**
     * deregistration: `{}`; imei_change: `{ old_imei, new_imei }`; loan_transfer:
     * `{ from_msisdn, to_msisdn, to_name }`; agent_registration: `{ username, store_name }`;
     * price_change: `{ sku, model, <field>_before, <field>_after }` for cash_price, deposit and
     * instalment_amount, amounts to the cent (`"2999.00"`).
     */
    change: z.record(z.string(), z.string()),
    maker: person,
    created_at: z.string(),
    checker: person.nullable(),
    decision_note: z.string().nullable(),
    decided_at: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;
