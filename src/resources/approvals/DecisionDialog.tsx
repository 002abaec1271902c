import { Alert, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { errorKeyOf } from '../../lib/apiErrors';
import type { Decision } from './api';

/** A rejection says why (contract `decision`: a note of at least 3 characters); an approval may add a note. */
export const NOTE_MIN = 3;
export const NOTE_MAX = 500;

export const noteProblem = (decision: Decision, note: string): string | undefined => {
    const length = note.trim().length;
    if (length > NOTE_MAX) return 'approvals.note_too_long';
    return decision === 'reject' && length < NOTE_MIN ? 'approvals.reason_required' : undefined;
};

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
}

/**
 * Asks before a decision (layout/ConfirmDialog.tsx) with the note that goes with it: optional to
 * approve, required to reject (the reason, which the maker reads). Approving, Cancel has the focus
 * first, so Enter straight away changes nothing; rejecting, the reason field has it.
 */
export const DecisionDialog = ({
    open,
    decision,
    title,
    content,
    busy,
    error,
    onConfirm,
    onClose,
    onExited,
}: DecisionDialogProps) => {
    const translate = useTranslate();
    const [note, setNote] = useState('');
    const [problem, setProblem] = useState<string | undefined>();
    // Each opening starts with an empty note.
    const [wasOpen, setWasOpen] = useState(open);
    if (open !== wasOpen) {
        setWasOpen(open);
        if (open) {
            setNote('');
            setProblem(undefined);
        }
    }
    const reject = decision === 'reject';
    const confirm = () => {
        const wrong = noteProblem(decision, note);
        setProblem(wrong);
        if (!wrong) onConfirm(note.trim());
    };
    return (
        <ConfirmDialog
            open={open}
            title={title}
            content={content}
            busy={busy}
            onConfirm={confirm}
            onClose={onClose}
            onExited={onExited}
            confirmLabel={translate(reject ? 'approvals.reject' : 'approvals.approve')}
            confirmColor={reject ? 'error' : 'primary'}
            focusContent={reject}
        >
            <TextField
                label={translate(reject ? 'approvals.reason' : 'approvals.note')}
                value={note}
                onChange={event => setNote(event.target.value)}
                error={problem !== undefined}
                helperText={translate(problem ?? (reject ? 'approvals.reason_help' : 'approvals.note_help'))}
                required={reject}
                autoFocus={reject}
                disabled={busy}
                fullWidth
                multiline
                minRows={2}
                margin="normal"
                slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            />
            {error !== undefined && error !== null ? (
                <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                    {translate(errorKeyOf(error))}
                </Alert>
            ) : null}
        </ConfirmDialog>
    );
};
