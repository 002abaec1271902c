import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { NoteDialog, noteProblem as sharedNoteProblem } from '../../layout/NoteDialog';
import { closedByApprovalKey, fetchClosedByApproval, type Decision } from './api';

/** A rejection says why (contract `decision`: a note of at least 3 characters); an approval may add a note. */
export { NOTE_MAX, NOTE_MIN } from '../../layout/NoteDialog';

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
    /** The request decided: approving a deregistration names the other requests it closes. */
    request?: ApprovalRequest;
}

/**
 * The other requests approving `request` closes (a deregistration closes those waiting on its
 * loan), asked of the server (contract `requestsClosedByApproval`) when the dialog opens to approve,
 * so the checker knows before confirming; the server closes exactly these, by the same condition.
 */
const useClosedByApproval = (request: ApprovalRequest | undefined, decision: Decision, open: boolean) =>
    useQuery({
        queryKey: closedByApprovalKey(request?.id ?? 0),
        queryFn: ({ signal }) => fetchClosedByApproval(request?.id ?? 0, signal),
        enabled: open && decision === 'approve' && request?.kind === 'deregistration',
        staleTime: 0,
    });

const ClosedList = ({ query, request }: { query: ReturnType<typeof useClosedByApproval>; request?: ApprovalRequest }) => {
    const translate = useTranslate();
    if (query.isError) {
        return (
            <Alert severity="error" sx={{ mt: 1 }}>
                {translate('approvals.closes.failed')}
            </Alert>
        );
    }
    if (query.isFetching && !query.data) {
        return (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
                {translate('approvals.closes.loading')}
            </Typography>
        );
    }
    const others = query.data ?? [];
    if (others.length === 0) return null;
    return (
        <Alert severity="warning" sx={{ mt: 1 }}>
            <Typography variant="body2">
                {translate('approvals.closes.intro', {
                    smart_count: others.length,
                    reference: request?.loan_reference ?? '—',
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
            <Typography variant="body2" sx={{ mt: 0.5 }}>
                {translate('approvals.closes.told', { id: request?.id ?? '' })}
            </Typography>
        </Alert>
    );
};

/**
 * Asks before a decision (layout/NoteDialog.tsx) with the note that goes with it: optional to
 * approve, required to reject (the reason, which the maker reads). Approving, Cancel has the focus
 * first, so Enter straight away changes nothing; rejecting, the reason field has it. Approving a
 * deregistration lists the other requests it closes, and waits until they are known.
 */
export const DecisionDialog = ({ decision, request, ...props }: DecisionDialogProps) => {
    const translate = useTranslate();
    const reject = decision === 'reject';
    const closed = useClosedByApproval(request, decision, props.open);
    // Approving waits until the checker can see what else it closes (a failure says so, and Cancel stays free).
    return (
        <NoteDialog
            {...props}
            busy={props.busy || (!reject && closed.isFetching)}
            label={translate(reject ? 'approvals.reason' : 'approvals.note')}
            help={translate(reject ? 'approvals.reason_help' : 'approvals.note_help')}
            required={reject}
            confirmLabel={translate(reject ? 'approvals.reject' : 'approvals.approve')}
            confirmColor={reject ? 'error' : 'primary'}
            problemKeys={APPROVAL_NOTE_PROBLEMS}
        >
            {reject ? null : <ClosedList query={closed} request={request} />}
        </NoteDialog>
    );
};
