import { CanAccess } from 'react-admin';
import { CancelSale } from './CancelSale';
import { DEVICE_COMMANDS } from './DeviceActions';
import type { LoanAction, LoanActionProps } from './loanAction';
import { LoanRequest, type RequestKind } from './LoanRequests';

/** A request for a checker on the loan (LoanRequests.tsx), its gate named as its kind. */
const request = (kind: RequestKind, offered: LoanAction['offered']): LoanAction => ({
    key: kind,
    gate: kind,
    offered,
    Action: ({ msisdn, loan, requests }) => <LoanRequest msisdn={msisdn} loan={loan} kind={kind} pending={requests} />,
});

/**
 * Every action on a loan, in the order its card offers them: the device's commands, the requests
 * a maker raises on an active loan, and cancelling a sale that has not gone through.
 */
export const LOAN_ACTIONS: readonly LoanAction[] = [
    ...DEVICE_COMMANDS,
    request('deactivate', loan => loan.status === 'active'),
    request('imei_change', (loan, device) => loan.status === 'active' && device !== null),
    request('transfer', loan => loan.status === 'active'),
    {
        key: 'cancel',
        gate: 'cancel',
        offered: loan => loan.status === 'draft' || loan.status === 'awaiting_deposit',
        Action: CancelSale,
    },
];

/** The loan's actions its state offers, each shown only to the holders of its gate's role. */
export const LoanActions = ({ msisdn, loan, requests }: LoanActionProps) => (
    <>
        {LOAN_ACTIONS.filter(({ offered }) => offered(loan, loan.device)).map(({ key, gate, Action }) => (
            <CanAccess key={key} resource="customer-loans" action={gate}>
                <Action msisdn={msisdn} loan={loan} requests={requests} />
            </CanAccess>
        ))}
    </>
);
