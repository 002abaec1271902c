import { useState, type RefObject } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { useWrite } from '../../dataProvider/useWrite';
import { useSingleFlight } from '../../lib/singleFlight';
import type { QueueName } from './calls';
import { DecisionDialog } from './DecisionDialog';
import { changeText } from './present';
import type { Decision } from './writes';
import { focusIfLost } from '../../dialogs/focusIfLost';

/**
 * One decision on one request (the `approvalsDecide` write), asked first in its dialog: `open`
 * asks it, `dialog` is the dialog to render. Refused (decided meanwhile, the IMEI now taken…),
 * the reason shows in the dialog with the note as typed, and the queues (refreshed by the write)
 * show the request as it now is. When the dialog has gone, the focus goes to `returnTo` if it
 * would otherwise be nowhere (the decided row may have left the list).
 */
export const useDecision = (queue: QueueName, returnTo: RefObject<HTMLElement | null>) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [deciding, setDeciding] = useState<{ request: ApprovalRequest; decision: Decision } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const decision = useWrite('approvalsDecide');
    // Said and closed once the lists it changes have been refetched (the mutate call's own
    // callbacks run after the write's refreshes): the decided row has left by then, so the
    // dialog's exit finds the focus nowhere and hands it to `returnTo`, never to a row about to go.
    const decided = (saved: ApprovalRequest) => {
        notify(saved.status === 'approved' ? 'approvals.approved' : 'approvals.rejected', {
            type: 'success',
            messageArgs: { id: saved.id },
        });
        setDialogOpen(false);
    };
    // One decision at a time, taken at the click itself: a double click lands both clicks before a re-render says it is pending.
    const { take } = useSingleFlight();
    const open = (request: ApprovalRequest, choice: Decision) => {
        decision.reset();
        setDeciding({ request, decision: choice });
        setDialogOpen(true);
    };
    const dialog = deciding ? (
        <DecisionDialog
            open={dialogOpen}
            decision={deciding.decision}
            request={deciding.request}
            title={translate(`approvals.${deciding.decision}_title`, { id: deciding.request.id })}
            content={translate(`approvals.${deciding.decision}_content`, {
                id: deciding.request.id,
                kind: translate(`approvals.kinds.${deciding.request.kind}`),
                subject: deciding.request.subject,
                change: changeText(deciding.request, translate),
            })}
            busy={decision.isPending}
            error={decision.error ?? undefined}
            onConfirm={note => {
                const land = take();
                if (!land) return;
                decision.mutate(
                    { queue, request: deciding.request, decision: deciding.decision, note },
                    { onSuccess: decided, onSettled: land },
                );
            }}
            onClose={() => setDialogOpen(false)}
            onExited={() => {
                focusIfLost(returnTo.current);
            }}
        />
    ) : null;
    return { open, dialog };
};
