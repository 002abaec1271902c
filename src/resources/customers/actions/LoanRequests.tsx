import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ApprovalRequest, LoanApprovalKind } from '../../../../contract/approvals';
import { isMsisdn } from '../../../../contract/fields';
import { imeiProblem } from '../../../lib/imeiCheck';
import { transferOwnerLookup } from '../../../../contract/approvals';
import type { Loan } from '../../../../contract/customers';
import { errorKeyOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { customerKey } from '../../../lib/customerQuery';
import { useFieldProblem } from '../../../dialogs/ActionDialog';
import { DialogAction } from './DialogAction';
import { reasonProblem, ReasonField } from './fields';
import { useDialogAction } from './useDialogAction';

interface LoanActionProps {
    msisdn: string;
    loan: Loan;
}

/** The requests a maker raises on an active loan; each waits for a checker in the approvals queues. */
export type RequestKind = 'deactivate' | 'imei_change' | 'transfer';

/** Each request's write (customers/writes.ts): it refreshes the customer and the request's queue. */
const WRITES = {
    deactivate: 'customerLoanDeactivate',
    imei_change: 'customerLoanImeiChange',
    transfer: 'customerLoanTransfer',
} as const;
const ICONS = { deactivate: PhonelinkEraseIcon, imei_change: SyncAltIcon, transfer: SwapHorizIcon } as const;

/** The extra input a request needs: none, the new IMEI, or the new owner's phone number. */
const EXTRA = { deactivate: null, imei_change: 'new_imei', transfer: 'new_msisdn' } as const;

const extraProblem = (kind: RequestKind, value: string): string | undefined => {
    const text = value.trim();
    if (kind === 'imei_change') return imeiProblem(text);
    if (kind === 'transfer') return isMsisdn(text) ? undefined : 'validation.phone';
    return undefined;
};

/** The approval kind each request raises. */
const APPROVAL_KIND: Readonly<Record<RequestKind, LoanApprovalKind>> = {
    deactivate: 'deregistration',
    imei_change: 'imei_change',
    transfer: 'loan_transfer',
};

/**
 * The request already waiting that refuses this one (the server's 409 `errors.request_pending` or
 * `errors.deregistration_pending`, server/domain/customers/loans.ts): one of the same kind, or a
 * deregistration, whose approval would close it unread.
 */
export const waitingBefore = (kind: RequestKind, pending: readonly ApprovalRequest[]): ApprovalRequest | undefined =>
    pending.find(request => request.status === 'pending' && request.kind === APPROVAL_KIND[kind]) ??
    (kind === 'deactivate'
        ? undefined
        : pending.find(request => request.status === 'pending' && request.kind === 'deregistration'));

/**
 * The new owner a transfer would go to, looked up once the number is well formed (contract
 * `transferOwnerLookup`: the request's own checks), so the maker sees whose name they are giving
 * the loan to, or why it cannot be theirs, before confirming.
 */
const useNewOwner = (msisdn: string, loan: Loan, number: string, enabled: boolean) =>
    useQuery({
        queryKey: [...customerKey(msisdn), 'transfer-owner', loan.loan_reference, number],
        queryFn: ({ signal }) =>
            callApi(transferOwnerLookup, { body: { loan_reference: loan.loan_reference, new_msisdn: number } }, { signal }),
        enabled: enabled && isMsisdn(number),
        retry: false,
        staleTime: 0,
    });

/** What the transfer's number field says of the new owner: their name, the search, or why not. */
const ownerText = (owner: ReturnType<typeof useNewOwner>, translate: ReturnType<typeof useTranslate>): string | undefined => {
    if (owner.isSuccess)
        return translate('loans.actions.transfer.new_owner', { name: owner.data.name, msisdn: owner.data.msisdn });
    if (owner.isError) return translate(errorKeyOf(owner.error));
    if (owner.isFetching) return translate('loans.actions.transfer.looking_up');
    return undefined;
};

export const LoanRequest = ({
    msisdn,
    loan,
    kind,
    pending = [],
}: LoanActionProps & { kind: RequestKind; pending?: readonly ApprovalRequest[] }) => {
    const translate = useTranslate();
    const action = useDialogAction(WRITES[kind], `loans.actions.${kind}.done`);
    const fieldProblem = useFieldProblem(action.error);
    const [reason, setReason] = useState('');
    const [extra, setExtra] = useState('');
    const [problems, setProblems] = useState<{ reason?: string; extra?: string }>({});
    const extraField = EXTRA[kind];
    const waiting = waitingBefore(kind, pending);
    const owner = useNewOwner(msisdn, loan, extra.trim(), kind === 'transfer' && action.open);

    const confirm = () => {
        const wrongReason = reasonProblem(reason);
        const wrongExtra = extraField ? extraProblem(kind, extra) : undefined;
        setProblems({ reason: wrongReason && translate(...wrongReason), extra: wrongExtra && translate(wrongExtra) });
        if (wrongReason || wrongExtra) return;
        // A transfer goes only to the owner the maker has seen named.
        if (kind === 'transfer' && !owner.isSuccess) {
            setProblems({ extra: translate('loans.actions.transfer.owner_needed') });
            return;
        }
        const base = { loan_reference: loan.loan_reference, reason: reason.trim() };
        if (kind === 'deactivate') action.run({ body: base });
        else if (kind === 'imei_change') action.run({ body: { ...base, new_imei: extra.trim() } });
        else action.run({ body: { ...base, new_msisdn: extra.trim() } });
    };

    return (
        <DialogAction
            action={action}
            label={`loans.actions.${kind}.button`}
            icon={ICONS[kind]}
            disabled={waiting !== undefined}
            caption={
                waiting
                    ? translate('loans.actions.waits', {
                          kind: translate(`loans.requests.kinds.${waiting.kind}`),
                          id: waiting.id,
                      })
                    : null
            }
            title={`loans.actions.${kind}.title`}
            intro={`loans.actions.${kind}.intro`}
            introArgs={{ reference: loan.loan_reference, model: `${loan.brand} ${loan.model}` }}
            onConfirm={confirm}
        >
            {extraField ? (
                <TextField
                    label={translate(`loans.actions.${kind}.${extraField}`)}
                    value={extra}
                    onChange={event => {
                        setExtra(event.target.value);
                        setProblems(({ reason }) => ({ reason }));
                    }}
                    error={
                        problems.extra !== undefined ||
                        fieldProblem(extraField) !== undefined ||
                        (kind === 'transfer' && owner.isError)
                    }
                    helperText={
                        problems.extra ??
                        fieldProblem(extraField) ??
                        (kind === 'transfer' ? ownerText(owner, translate) : undefined) ??
                        translate(`loans.actions.${kind}.help`)
                    }
                    autoFocus
                    required
                    fullWidth
                    type={kind === 'transfer' ? 'tel' : 'text'}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                />
            ) : null}
            <ReasonField
                value={reason}
                onChange={setReason}
                problem={problems.reason ?? fieldProblem('reason')}
                autoFocus={!extraField}
            />
        </DialogAction>
    );
};
