import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { SuspenseItem } from '../../../contract/money';
import { useFormat } from '../customers/format';
import { moneyKey, queuePayment } from './api';
import { NoteDialog } from './present';
import { useSingleMutation } from '../../lib/singleFlight';

interface SuspenseQueueDialogProps {
    open: boolean;
    item: SuspenseItem;
    onClose: () => void;
    /** Queued: the dialog closes and the lists are fetched again. */
    onDone: () => void;
    onExited?: () => void;
}

/**
 * Sets a suspense payment aside with a note saying why (`queue/suspense/accounts`): it stays in
 * suspense, queued, until someone assigns it. The note is required (3 characters or more); a
 * refusal (assigned meanwhile) shows in the dialog, translated.
 */
export const SuspenseQueueDialog = ({ open, item, onClose, onDone, onExited }: SuspenseQueueDialogProps) => {
    const translate = useTranslate();
    const notify = useNotify();
    const format = useFormat();
    const queryClient = useQueryClient();
    const queue = useSingleMutation({
        mutationFn: (note: string) => queuePayment(item.id, note),
        onSuccess: () => {
            notify('money.suspense.queued', { type: 'success', messageArgs: { reference: item.reference } });
            void queryClient.invalidateQueries({ queryKey: moneyKey });
            onDone();
        },
        onError: () => void queryClient.invalidateQueries({ queryKey: moneyKey }),
    });
    return (
        <NoteDialog
            open={open}
            title={translate('money.suspense.queue_title', { reference: item.reference })}
            content={translate('money.suspense.queue_content', {
                reference: item.reference,
                amount: format.money(item.amount, item.currency),
                msisdn: item.msisdn,
            })}
            label={translate('money.suspense.queue_note')}
            help={translate('money.suspense.queue_note_help')}
            required
            confirmLabel={translate('money.suspense.queue')}
            busy={queue.isPending}
            error={queue.error ?? undefined}
            onConfirm={note => queue.mutate(note)}
            onClose={onClose}
            onExited={onExited}
        />
    );
};
