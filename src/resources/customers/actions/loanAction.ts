import type { ComponentType } from 'react';
import type { DeviceLock } from '../../../../contract/devices';
import type { ApprovalRequest } from '../../../../contract/approvals';
import type { Loan } from '../../../../contract/customers';
import type declarations from '../calls';

/** The gates of a loan's actions: each an action of `customer-loans` in the permissions map, so a misspelt one fails the type check. */
export type LoanGate = keyof (typeof declarations)['customer-loans']['actions'];

/** What a loan card's action is drawn with: the loan, its customer and the requests already waiting on it. */
export interface LoanActionProps {
    msisdn: string;
    loan: Loan;
    requests: readonly ApprovalRequest[];
}

/**
 * An action the loan card offers (LoanActions.tsx): its gate, when the loan's state offers it, and
 * its button with the dialog that asks before its write runs (DialogAction.tsx).
 */
export interface LoanAction {
    key: string;
    gate: LoanGate;
    offered: (loan: Loan, device: DeviceLock | null) => boolean;
    Action: ComponentType<LoanActionProps>;
}
