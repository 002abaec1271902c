import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { CallDefinition, CallInput, CallResponse } from '../../../../contract/define';
import { useCustomerMutation } from '../api';

/**
 * An action in its dialog: open and close, the call with its progress and failure, and the
 * outcome notified in the user's language once it is done. A failure leaves the dialog open with
 * what was typed; `keepOpen` leaves it open on success too, to show what the action gave.
 */
export const useDialogAction = <C extends CallDefinition>(
    msisdn: string,
    call: C,
    done: string | ((answer: CallResponse<C>) => [string, Record<string, unknown>]),
    { keepOpen = false }: { keepOpen?: boolean } = {},
) => {
    const notify = useNotify();
    const [open, setOpen] = useState(false);
    const mutation = useCustomerMutation(msisdn, call, {
        onSuccess: answer => {
            const [message, messageArgs] = typeof done === 'string' ? [done, {}] : done(answer);
            notify(message, { type: 'success', messageArgs });
            if (!keepOpen) setOpen(false);
        },
    });
    return {
        open,
        show: () => {
            mutation.reset();
            setOpen(true);
        },
        close: () => {
            if (mutation.isPending) return;
            setOpen(false);
        },
        run: (input: CallInput<C>) => mutation.mutate(input),
        busy: mutation.isPending,
        error: mutation.error,
        answer: mutation.data,
    };
};
