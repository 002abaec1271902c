/**
 * What each kind of request means to the engine (index.ts, decide.ts): the registry of every
 * kind's rules (kindRules.ts), those of the kinds on a loan (loanKinds.ts) and of the service
 * transactions (serviceKinds.ts).
 */
import type { ApprovalKind } from '../../../contract/approvals';
import type { KindEntry } from './kindRules';
import { deregistration, imeiChange, loanTransfer } from './loanKinds';
import { agentRegistration, priceChange } from './serviceKinds';

export type { Applied, KindEntry } from './kindRules';
export { closedNote, closedSms, othersClosedBy } from './loanKinds';
export { registrationSms } from './serviceKinds';

/** The registry: every kind of request and its rules. */
export const KINDS: Readonly<Record<ApprovalKind, KindEntry>> = {
    deregistration,
    imei_change: imeiChange,
    loan_transfer: loanTransfer,
    agent_registration: agentRegistration,
    price_change: priceChange,
};
