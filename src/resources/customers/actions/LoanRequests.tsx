import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isMsisdn } from '../../../../contract/fields';
import { imeiProblem } from '../../../lib/imeiCheck';
import { requestImeiChange, requestLoanDeactivation, requestLoanTransfer, type Loan } from '../../../../contract/loans';
import { ActionDialog, useFieldProblem } from './ActionDialog';
import { reasonProblem, ReasonField } from './fields';
import { useDialogAction } from './useDialogAction';

interface LoanActionProps {
    msisdn: string;
    loan: Loan;
}

/** The requests a maker raises on an active loan; each waits for a checker in the approvals queues. */
export type RequestKind = 'deactivate' | 'imei_change' | 'transfer';

const CALLS = { deactivate: requestLoanDeactivation, imei_change: requestImeiChange, transfer: requestLoanTransfer } as const;
const ICONS = { deactivate: PhonelinkEraseIcon, imei_change: SyncAltIcon, transfer: SwapHorizIcon } as const;

/** The extra input a request needs: none, the new IMEI, or the new owner's phone number. */
const EXTRA = { deactivate: null, imei_change: 'new_imei', transfer: 'new_msisdn' } as const;

const extraProblem = (kind: RequestKind, value: string): string | undefined => {
    const text = value.trim();
    if (kind === 'imei_change') return imeiProblem(text);
    if (kind === 'transfer') return isMsisdn(text) ? undefined : 'validation.phone';
    return undefined;
};

export const LoanRequest = ({ msisdn, loan, kind }: LoanActionProps & { kind: RequestKind }) => {
    const translate = useTranslate();
    const action = useDialogAction(msisdn, CALLS[kind], `loans.actions.${kind}.done`);
    const fieldProblem = useFieldProblem(action.error);
    const [reason, setReason] = useState('');
    const [extra, setExtra] = useState('');
    const [problems, setProblems] = useState<{ reason?: string; extra?: string }>({});
    const extraField = EXTRA[kind];
    const Icon = ICONS[kind];

    const confirm = () => {
        const wrongReason = reasonProblem(reason);
        const wrongExtra = extraField ? extraProblem(kind, extra) : undefined;
        setProblems({ reason: wrongReason && translate(...wrongReason), extra: wrongExtra && translate(wrongExtra) });
        if (wrongReason || wrongExtra) return;
        const base = { loan_reference: loan.loan_reference, reason: reason.trim() };
        if (kind === 'deactivate') action.run({ body: base });
        else if (kind === 'imei_change') action.run({ body: { ...base, new_imei: extra.trim() } });
        else action.run({ body: { ...base, new_msisdn: extra.trim() } });
    };

    return (
        <>
            <Button size="small" variant="outlined" startIcon={<Icon />} onClick={action.show}>
                {translate(`loans.actions.${kind}.button`)}
            </Button>
            <ActionDialog
                open={action.open}
                title={`loans.actions.${kind}.title`}
                intro={`loans.actions.${kind}.intro`}
                introArgs={{ reference: loan.loan_reference, model: `${loan.brand} ${loan.model}` }}
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={action.close}
            >
                {extraField ? (
                    <TextField
                        label={translate(`loans.actions.${kind}.${extraField}`)}
                        value={extra}
                        onChange={event => setExtra(event.target.value)}
                        error={problems.extra !== undefined || fieldProblem(extraField) !== undefined}
                        helperText={problems.extra ?? fieldProblem(extraField) ?? translate(`loans.actions.${kind}.help`)}
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
            </ActionDialog>
        </>
    );
};
