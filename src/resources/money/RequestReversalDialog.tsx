import { useNotify, useTranslate } from 'react-admin';
import type { TpiClaim } from '../../../contract/money';
import { useWrite } from '../../dataProvider/useWrite';
import { useSingleFlight } from '../../lib/singleFlight';
import { Mono } from '../../lists/cells';
import { useFormat } from '../../lib/useFormat';
import { Fact, Facts, NoteDialog } from './present';

/**
 * Asks why before a claim's reversal is requested (the `tpiRequestReversal` write), the claim spelt
 * out. A refusal (asked already, reversed meanwhile) shows in the dialog with the reason kept, and
 * the claims are refetched either way, so the list shows the claim as it now is.
 */
export const RequestReversalDialog = ({
    open,
    claim,
    onClose,
    onExited,
}: {
    open: boolean;
    claim: TpiClaim;
    onClose: () => void;
    onExited: () => void;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const format = useFormat();
    const request = useWrite('tpiRequestReversal', {
        onSuccess: () => {
            notify('money.tpi.reversal_requested', {
                type: 'success',
                messageArgs: { reference: claim.insurer_reference },
            });
            onClose();
        },
    });
    // One request at a time (lib/singleFlight.ts): a second press before the first settles sends nothing.
    const flight = useSingleFlight();
    const label = (field: string) => translate(`money.tpi.fields.${field}`);
    return (
        <NoteDialog
            open={open}
            title={translate('money.tpi.request_title', { reference: claim.insurer_reference })}
            content={translate('money.tpi.request_content', {
                amount: format.money(claim.amount, claim.currency),
                loan: claim.loan_reference,
            })}
            label={translate('money.tpi.reason')}
            help={translate('money.tpi.reason_help')}
            required
            confirmLabel={translate('money.tpi.request_reversal')}
            busy={flight.busy || request.isPending}
            error={request.error ?? undefined}
            onConfirm={reason => {
                const land = flight.take();
                if (land) request.mutate({ claimId: claim.id, reason }, { onSettled: land });
            }}
            onClose={onClose}
            onExited={onExited}
        >
            <Facts>
                <Fact label={label('loan')}>
                    <Mono>{claim.loan_reference}</Mono>
                </Fact>
                <Fact label={label('customer')}>{claim.customer_name}</Fact>
                <Fact label={label('insurer')}>
                    {claim.insurer} (<Mono>{claim.insurer_reference}</Mono>)
                </Fact>
                <Fact label={label('amount')}>{format.money(claim.amount, claim.currency)}</Fact>
            </Facts>
        </NoteDialog>
    );
};
