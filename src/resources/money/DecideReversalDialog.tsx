import { useNotify, useTranslate } from 'react-admin';
import type { TpiReversal } from '../../../contract/money';
import { useWrite } from '../../dataProvider/useWrite';
import { Mono } from '../../lists/cells';
import { useSingleFlight } from '../../lib/singleFlight';
import { useFormat } from '../../lib/useFormat';
import { Fact, Facts, NoteDialog } from './present';
import type { ReversalDecision } from './tpiWrites';

/**
 * Approve or deny a reversal request, asked first (the `tpiDecideReversal` write): approving puts
 * the claim's amount back on the loan, denying needs a note the requester reads. A refusal
 * (decided meanwhile, one's own, the claim reversed already) shows in the dialog with the note
 * kept, and the queue is refetched either way, so it shows the request as it now is.
 */
export const DecideReversalDialog = ({
    open,
    reversal,
    decision,
    onClose,
    onExited,
}: {
    open: boolean;
    reversal: TpiReversal;
    decision: ReversalDecision;
    onClose: () => void;
    onExited: () => void;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const format = useFormat();
    const decide = useWrite('tpiDecideReversal', {
        onSuccess: saved => {
            notify(saved.status === 'approved' ? 'money.tpi.approved' : 'money.tpi.denied', {
                type: 'success',
                messageArgs: { id: saved.id },
            });
            onClose();
        },
    });
    // One request at a time (lib/singleFlight.ts): a second press before the first settles sends nothing.
    const flight = useSingleFlight();
    const { claim } = reversal;
    return (
        <NoteDialog
            open={open}
            title={translate(`money.tpi.${decision}_title`, { id: reversal.id })}
            content={translate(`money.tpi.${decision}_content`, {
                amount: format.money(claim.amount, claim.currency),
                loan: claim.loan_reference,
                name: claim.customer_name,
            })}
            label={translate(decision === 'deny' ? 'money.tpi.deny_note' : 'money.tpi.approve_note')}
            help={translate(decision === 'deny' ? 'money.tpi.deny_note_help' : 'money.tpi.approve_note_help')}
            required={decision === 'deny'}
            confirmLabel={translate(`money.tpi.${decision}`)}
            confirmColor={decision === 'deny' ? 'error' : 'primary'}
            busy={flight.busy || decide.isPending}
            error={decide.error ?? undefined}
            onConfirm={note => {
                const land = flight.take();
                if (land) decide.mutate({ reversalId: reversal.id, decision, note }, { onSettled: land });
            }}
            onClose={onClose}
            onExited={onExited}
        >
            <Facts>
                <Fact label={translate('money.tpi.fields.insurer')}>
                    {claim.insurer} (<Mono>{claim.insurer_reference}</Mono>)
                </Fact>
                <Fact label={translate('money.tpi.fields.reason')}>{reversal.reason}</Fact>
                <Fact label={translate('money.tpi.fields.requested_by')}>
                    {reversal.requested_by.name} · {format.time(reversal.created_at)}
                </Fact>
            </Facts>
        </NoteDialog>
    );
};
