import { useTranslate } from 'react-admin';
import { NoteDialog, noteProblem as sharedNoteProblem } from '../../layout/NoteDialog';
import type { Decision } from './api';

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
}

/**
 * Asks before a decision (layout/NoteDialog.tsx) with the note that goes with it: optional to
 * approve, required to reject (the reason, which the maker reads). Approving, Cancel has the focus
 * first, so Enter straight away changes nothing; rejecting, the reason field has it.
 */
export const DecisionDialog = ({ decision, ...props }: DecisionDialogProps) => {
    const translate = useTranslate();
    const reject = decision === 'reject';
    return (
        <NoteDialog
            {...props}
            label={translate(reject ? 'approvals.reason' : 'approvals.note')}
            help={translate(reject ? 'approvals.reason_help' : 'approvals.note_help')}
            required={reject}
            confirmLabel={translate(reject ? 'approvals.reject' : 'approvals.approve')}
            confirmColor={reject ? 'error' : 'primary'}
            problemKeys={APPROVAL_NOTE_PROBLEMS}
        />
    );
};
