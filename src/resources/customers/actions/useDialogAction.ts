import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useWrite } from '../../../dataProvider/useWrite';
import type { WriteName, WriteParams, WriteResult } from '../../../dataProvider/writes';
import { useSingleFlight } from '../../../lib/singleFlight';

/**
 * An action in its dialog: open and close, the write (customers/writes.ts) with its progress and
 * failure, and the outcome notified in the user's language once it is done. A failure leaves the
 * dialog open with what was typed; `keepOpen` leaves it open on success too, to show what the
 * action gave. One request at a time, however often confirm is pressed (lib/singleFlight.ts);
 * once it has run, what it changed is refetched (the write's `refreshes`).
 */
export const useDialogAction = <K extends WriteName>(
    name: K,
    /** The notice of success, or a function of the answer giving it (a third item: its type, when not 'success'). */
    done: string | ((answer: WriteResult<K>) => [string, Record<string, unknown>, ('success' | 'info')?]),
    { keepOpen = false }: { keepOpen?: boolean } = {},
) => {
    const notify = useNotify();
    const [open, setOpen] = useState(false);
    const flight = useSingleFlight();
    const mutation = useWrite(name, {
        // In the mutation's own options: it runs even when the button that asked has gone.
        onSuccess: answer => {
            const [message, messageArgs, type = 'success'] = typeof done === 'string' ? [done, {}] : done(answer);
            notify(message, { type, messageArgs });
            if (!keepOpen) setOpen(false);
        },
    });
    const busy = flight.busy || mutation.isPending;
    return {
        open,
        show: () => {
            mutation.reset();
            setOpen(true);
        },
        close: () => {
            if (busy) return;
            setOpen(false);
        },
        run: (input: WriteParams<K>) => {
            const land = flight.take();
            if (land) mutation.mutate(input, { onSettled: land });
        },
        busy,
        error: mutation.error,
        answer: mutation.data,
    };
};
