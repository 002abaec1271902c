/**
 * The shape of a kind's rules, and how the engine holds them: who approves it, who sees it, how it
 * is checked again when decided (`revalidate`, against the data as it now stands, locked), and
 * what approving it does (`apply`); a kind may also act when rejected. Everything runs inside the
 * decision's transaction, so a refusal leaves the request pending and nothing changed.
 */
import { APPROVE_ROLE_OF, VIEW_ROLE_OF, type ApprovalKind } from '../../../contract/approvals';
import type { RoleCode } from '../../../contract/roles';
import type { Transaction } from '../../db';
import type { CallContext } from '../../http';
import type { AuditEntry } from '../../write';
import type { RequestRow } from './requests';

/** What a decision did besides closing the request: for its audit event, and the entities' own. */
export interface Applied {
    after: Record<string, unknown>;
    audit: AuditEntry[];
}

interface KindRules<Checked> {
    /** Checks the request again under locks; answers what `apply` needs, or throws the kind's refusal. */
    revalidate(tx: Transaction, request: RequestRow, context: CallContext): Promise<Checked>;
    /** Makes the change the request asks for. */
    apply(tx: Transaction, request: RequestRow, context: CallContext, checked: Checked): Promise<Applied>;
    /** What rejecting does besides closing the request (nothing, for most kinds). */
    reject?(tx: Transaction, request: RequestRow, context: CallContext): Promise<Applied>;
}

export interface KindEntry {
    approveRole: RoleCode;
    viewRole: RoleCode;
    approve(tx: Transaction, request: RequestRow, context: CallContext): Promise<Applied>;
    reject(tx: Transaction, request: RequestRow, context: CallContext): Promise<Applied>;
}

export const nothing: Applied = { after: {}, audit: [] };

export const entry = <Checked>(kind: ApprovalKind, rules: KindRules<Checked>): KindEntry => ({
    approveRole: APPROVE_ROLE_OF[kind],
    viewRole: VIEW_ROLE_OF[kind],
    approve: async (tx, request, context) => rules.apply(tx, request, context, await rules.revalidate(tx, request, context)),
    reject: async (tx, request, context) => (rules.reject ? rules.reject(tx, request, context) : nothing),
});
