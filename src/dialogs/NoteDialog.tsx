/**
 * A confirmation with a note: a maker's reason, a checker's decision, a suspense payment set aside.
 * The note is 3 to 500 characters once trimmed when required (contract `reasonText`), at most 500
 * when optional; each opening starts empty.
 */
import { Alert, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { errorKeyOf } from '../lib/apiErrors';
import { ConfirmDialog } from './ConfirmDialog';

export const NOTE_MIN = 3;
export const NOTE_MAX = 500;

/** What is wrong with a note, as the catalog key the screen gave for it, or undefined. */
export const noteProblem = (note: string, required: boolean, keys: { required: string; tooLong: string }): string | undefined => {
    const length = note.trim().length;
    if (length > NOTE_MAX) return keys.tooLong;
    return required && length < NOTE_MIN ? keys.required : undefined;
};

export interface NoteDialogProps {
    open: boolean;
    /** Already translated. */
    title: string;
    content: string;
    /** The note field's label and help, already translated. */
    label: string;
    help: string;
    /** Required (at least 3 characters), or optional. */
    required: boolean;
    confirmLabel: string;
    confirmColor?: 'error' | 'primary';
    busy: boolean;
    /** The refusal of the last attempt, shown translated in the dialog. */
    error?: unknown;
    onConfirm: (note: string) => void;
    onClose: () => void;
    onExited?: () => void;
    /** What the confirmation is about, above the note (the claim, the payment). */
    children?: ReactNode;
    /** The catalog keys of a note's two faults, in the words of the screen that asks. */
    problemKeys: { required: string; tooLong: string };
}

/**
 * Asks before an action with the note that goes with it (dialogs/ConfirmDialog.tsx). A required note has the focus first
 * and is checked before anything is sent; with an optional one, Cancel has it, so Enter straight
 * away changes nothing. A refusal shows below, translated, and the note stays as typed.
 */
export const NoteDialog = ({
    open,
    title,
    content,
    label,
    help,
    required,
    confirmLabel,
    confirmColor = 'primary',
    busy,
    error,
    onConfirm,
    onClose,
    onExited,
    children,
    problemKeys,
}: NoteDialogProps) => {
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
    const confirm = () => {
        const wrong = noteProblem(note, required, problemKeys);
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
            confirmLabel={confirmLabel}
            confirmColor={confirmColor}
            focusContent={required}
        >
            {children}
            <TextField
                label={label}
                value={note}
                onChange={event => setNote(event.target.value)}
                error={problem !== undefined}
                helperText={problem ? translate(problem) : help}
                required={required}
                autoFocus={required}
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
