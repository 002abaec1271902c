import { useLocale, useNotify, useTranslate } from 'react-admin';
import type { SuspenseItem } from '../../../contract/money';
import { useWrite } from '../../dataProvider/useWrite';
import { formatAmount } from '../../lib/format';
import { useSingleFlight } from '../../lib/singleFlight';
import { NoteDialog } from './present';

interface SuspenseQueueDialogProps {
    open: boolean;
    item: SuspenseItem;
    onClose: () => void;
    /** Set aside: the dialog closes (the lists are fetched again by the write, writes.ts). */
    onDone: () => void;
    onExited?: () => void;
}

/**
 * Sets a suspense payment aside with a note saying why (the `suspenseSetAside` write): it stays in
 * suspense, queued, until someone assigns it. The note is required (3 characters or more); a
 * refusal (assigned meanwhile) shows in the dialog, translated, with the note kept.
 */
export const SuspenseQueueDialog = ({ open, item, onClose, onDone, onExited }: SuspenseQueueDialogProps) => {
    const translate = useTranslate();
    const notify = useNotify();
    const locale = useLocale();
    // One request from one confirm, however fast the clicks (lib/singleFlight.ts).
    const flight = useSingleFlight();
    const queue = useWrite('suspenseSetAside', {
        onSuccess: () => {
            notify('money.suspense.queued', { type: 'success', messageArgs: { reference: item.reference } });
            onDone();
        },
    });
    const send = (note: string) => {
        const land = flight.take();
        if (land) queue.mutate({ transactionId: item.id, note }, { onSettled: land });
    };
    return (
        <NoteDialog
            open={open}
            title={translate('money.suspense.queue_title', { reference: item.reference })}
            content={translate('money.suspense.queue_content', {
                reference: item.reference,
                amount: formatAmount(item.amount, locale),
                msisdn: item.msisdn,
            })}
            label={translate('money.suspense.queue_note')}
            help={translate('money.suspense.queue_note_help')}
            required
            confirmLabel={translate('money.suspense.queue')}
            busy={queue.isPending || flight.busy}
            error={queue.error ?? undefined}
            onConfirm={send}
            onClose={onClose}
            onExited={onExited}
        />
    );
};
