import { Alert, Box, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { NoteDialog, noteProblem as sharedNoteProblem } from '../../dialogs/NoteDialog';
import { closedByApprovalKey, fetchClosedByApproval } from './api';
import type { Decision } from './writes';

/** A rejection says why (contract `decision`: a note of at least 3 characters); an approval may add a note. */
export { NOTE_MAX, NOTE_MIN } from '../../dialogs/NoteDialog';

const APPROVAL_NOTE_PROBLEMS = { required: 'approvals.reason_required', tooLong: 'approvals.note_too_long' } as const;

export const noteProblem = (decision: Decision, note: string): string | undefined =>
    sharedNoteProblem(note, decision === 'reject', APPROVAL_NOTE_PROBLEMS);

interface DecisionDialogProps {
    open: boolean;
    decision: Decision;
    /** Already translated. */
    title: string;
    content: string;
    busy: boolean;
    /** The refusal of the last attempt, shown in the dialog. */
    error?: unknown;
    onConfirm: (note: string) => void;
    onClose: () => void;
    onExited?: () => void;
    /** The request decided (or `requests`, several at once): approving a deregistration names the other requests it closes. */
    request?: ApprovalRequest;
    requests?: readonly ApprovalRequest[];
}

/**
 * The other requests approving each deregistration among `deciding` closes (those waiting on its
 * loan), asked of the server (contract `requestsClosedByApproval`) when the dialog opens to
 * approve, so the checker knows before confirming; the server closes exactly these, by the same
 * condition. A request decided in the same bulk decision is not among them.
 */
const useClosedByApproval = (deciding: readonly ApprovalRequest[], decision: Decision, open: boolean) => {
    const deregistrations = decision === 'approve' && open ? deciding.filter(one => one.kind === 'deregistration') : [];
    const decided = new Set(deciding.map(one => one.id));
    const queries = useQueries({
        queries: deregistrations.map(one => ({
            queryKey: closedByApprovalKey(one.id),
            queryFn: ({ signal }: { signal: AbortSignal }) => fetchClosedByApproval(one.id, signal),
            staleTime: 0,
        })),
    });
    return {
        fetching: queries.some(query => query.isFetching),
        failed: queries.some(query => query.isError),
        closes: deregistrations.flatMap((by, index) => {
            const others = (queries[index]?.data?.requests ?? []).filter(other => !decided.has(other.id));
            // Closed requests of kinds the checker may not view are counted, never named.
            const hidden = queries[index]?.data?.hidden ?? 0;
            return others.length || hidden ? [{ by, others, hidden }] : [];
        }),
    };
};

const ClosedList = ({ closed }: { closed: ReturnType<typeof useClosedByApproval> }) => {
    const translate = useTranslate();
    if (closed.failed) {
        return (
            <Alert severity="error" sx={{ mt: 1 }}>
                {translate('approvals.closes.failed')}
            </Alert>
        );
    }
    if (closed.fetching && closed.closes.length === 0) {
        return (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
                {translate('approvals.closes.loading')}
            </Typography>
        );
    }
    return (
        <>
            {closed.closes.map(({ by, others, hidden }) => (
                <Alert key={by.id} severity="warning" sx={{ mt: 1 }}>
                    <Typography variant="body2">
                        {translate('approvals.closes.intro', {
                            smart_count: others.length + hidden,
                            reference: by.loan_reference ?? '—',
                        })}
                    </Typography>
                    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                        {others.map(other => (
                            <li key={other.id}>
                                <Typography variant="body2">
                                    {translate('approvals.closes.item', {
                                        id: other.id,
                                        kind: translate(`approvals.kinds.${other.kind}`),
                                        maker: other.maker.name,
                                    })}
                                </Typography>
                            </li>
                        ))}
                    </Box>
                    {hidden ? (
                        <Typography variant="body2" sx={{ mt: 0.5 }}>
                            {translate('approvals.closes.hidden', { smart_count: hidden })}
                        </Typography>
                    ) : null}
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                        {translate('approvals.closes.told', { id: by.id })}
                    </Typography>
                </Alert>
            ))}
        </>
    );
};

/**
 * Asks before a decision (dialogs/NoteDialog.tsx) with the note that goes with it: optional to
 * approve, required to reject (the reason, which the maker reads). Approving, Cancel has the focus
 * first, so Enter straight away changes nothing; rejecting, the reason field has it. Approving a
 * deregistration lists the other requests it closes, and waits until they are known.
 */
export const DecisionDialog = ({ decision, request, requests, ...props }: DecisionDialogProps) => {
    const translate = useTranslate();
    const reject = decision === 'reject';
    const closed = useClosedByApproval(request ? [request] : (requests ?? []), decision, props.open);
    // Approving waits until the checker can see what else it closes (a failure says so, and Cancel stays free).
    return (
        <NoteDialog
            {...props}
            busy={props.busy || (!reject && closed.fetching)}
            label={translate(reject ? 'approvals.reason' : 'approvals.note')}
            help={translate(reject ? 'approvals.reason_help' : 'approvals.note_help')}
            required={reject}
            confirmLabel={translate(reject ? 'approvals.reject' : 'approvals.approve')}
            confirmColor={reject ? 'error' : 'primary'}
            problemKeys={APPROVAL_NOTE_PROBLEMS}
        >
            {reject ? null : <ClosedList closed={closed} />}
        </NoteDialog>
    );
};
