import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
    Alert,
    Button,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    Stack,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { errorKeyOf, fieldErrorsOf } from '../lib/apiErrors';

export interface ActionDialogProps {
    open: boolean;
    /** Translation keys. */
    title: string;
    intro: string;
    introArgs?: Record<string, unknown>;
    confirmLabel?: string;
    busy: boolean;
    /** The last failure: shown above the form, which keeps what was typed. */
    error: unknown;
    onConfirm: () => void;
    onClose: () => void;
    /** The inputs; none for an action that only needs a yes. */
    children?: ReactNode;
    /** Once done, what the action gave (an offline PIN): shown in place of the form, with Close only. */
    result?: ReactNode;
    /** Nothing to confirm (no options to choose from). */
    confirmDisabled?: boolean;
}

/**
 * Every action on a customer asks first in one of these: what it will do, the inputs it needs,
 * Cancel and Confirm. While it runs Confirm shows progress and nothing can be changed; a refusal
 * (409 with its reason, 400 naming the field) shows translated above the inputs, which keep what
 * was typed. Without inputs, Cancel has the focus, so Enter or Escape straight away changes
 * nothing. Full screen on a phone.
 */
export const ActionDialog = ({
    open,
    title,
    intro,
    introArgs,
    confirmLabel = 'ra.action.confirm',
    busy,
    error,
    onConfirm,
    onClose,
    children,
    result,
    confirmDisabled = false,
}: ActionDialogProps) => {
    const translate = useTranslate();
    const titleId = useId();
    const introId = useId();
    const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
    const submit = (event: FormEvent) => {
        event.preventDefault();
        if (!busy && !confirmDisabled) onConfirm();
    };
    return (
        <Dialog
            open={open}
            onClose={busy ? undefined : onClose}
            aria-labelledby={titleId}
            aria-describedby={introId}
            fullScreen={phone}
            fullWidth
            maxWidth="sm"
        >
            <form onSubmit={submit} noValidate>
                <DialogTitle id={titleId}>{translate(title)}</DialogTitle>
                <DialogContent>
                    <Stack spacing={2}>
                        <DialogContentText id={introId}>{translate(intro, introArgs)}</DialogContentText>
                        {error !== null && error !== undefined && !result ? (
                            <Alert severity="error" role="alert">
                                {translate(errorKeyOf(error))}
                            </Alert>
                        ) : null}
                        {result ?? children}
                    </Stack>
                </DialogContent>
                <DialogActions>
                    {result ? (
                        <Button onClick={onClose} variant="contained" autoFocus>
                            {translate('ra.action.close')}
                        </Button>
                    ) : (
                        <>
                            <Button onClick={onClose} disabled={busy} autoFocus={!children}>
                                {translate('ra.action.cancel')}
                            </Button>
                            <Button
                                type="submit"
                                disabled={busy || confirmDisabled}
                                variant="contained"
                                startIcon={
                                    busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleIcon />
                                }
                            >
                                {translate(confirmLabel)}
                            </Button>
                        </>
                    )}
                </DialogActions>
            </form>
        </Dialog>
    );
};

/** The translated problem the server named on `field`, if any (a 400 or a 409 about that input). */
export const useFieldProblem = (error: unknown) => {
    const translate = useTranslate();
    return (field: string): string | undefined => {
        const key = fieldErrorsOf(error, [field])[field];
        return key ? translate(key) : undefined;
    };
};
