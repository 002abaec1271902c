import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useT } from '../i18n/context';

interface ConfirmDialogProps {
    open: boolean;
    /** Already translated. */
    title: string;
    content: string;
    busy?: boolean;
    onConfirm: () => void;
    onClose: () => void;
    /** Once the dialog has gone (its exit animation ended): where the focus goes next, when not back to what opened it. */
    onExited?: () => void;
    /** What the confirmation takes besides a yes (a note, a reason) and what went wrong, below the text. */
    children?: ReactNode;
    /** The confirm button's text, already translated (default: Confirm). */
    confirmLabel?: string;
    confirmColor?: 'error' | 'primary';
    /** The first input in `children` takes the focus (it has `autoFocus`) rather than Cancel. */
    focusContent?: boolean;
}

/**
 * Asks before a change that cannot be undone. Cancel has the focus first, so Enter or Escape
 * straight away changes nothing; closing gives the focus back to what opened the dialog.
 */
export const ConfirmDialog = ({
    open,
    title,
    content,
    busy = false,
    onConfirm,
    onClose,
    onExited,
    children,
    confirmLabel,
    confirmColor = 'error',
    focusContent = false,
}: ConfirmDialogProps) => {
    const { translate } = useT();
    const titleId = useId();
    const contentId = useId();
    return (
        <Dialog
            open={open}
            onClose={busy ? undefined : onClose}
            aria-labelledby={titleId}
            aria-describedby={contentId}
            slotProps={{ transition: { onExited } }}
        >
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
                <DialogContentText id={contentId}>{content}</DialogContentText>
                {children}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} disabled={busy} autoFocus={!focusContent}>
                    {translate('ra.action.cancel')}
                </Button>
                <Button
                    onClick={onConfirm}
                    disabled={busy}
                    color={confirmColor}
                    variant="contained"
                    startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleIcon />}
                >
                    {confirmLabel ?? translate('ra.action.confirm')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
