import { Alert, Box, Button, Slide } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { TOASTS } from '../config';

interface Toast {
    id: number;
    payload: NotificationPayload;
    open: boolean;
    undone: boolean;
}

interface ToastItemProps {
    toast: Toast;
    /** Stable across renders, so a new toast arriving does not restart the others' timers. */
    close: (id: number) => void;
    onExited: () => void;
    onUndo: () => void;
}

const ToastItem = ({ toast, close, onExited, onUndo }: ToastItemProps) => {
    const translate = useTranslate();
    const { message, type, notificationOptions = {} } = toast.payload;
    const { autoHideDuration, messageArgs, undoable } = notificationOptions;
    const [paused, setPaused] = useState(false);
    const hideAfter = autoHideDuration === undefined ? TOASTS.autoHideMs : autoHideDuration;

    useEffect(() => {
        if (!toast.open || paused || hideAfter === null || hideAfter === 0) return undefined;
        const timer = setTimeout(() => close(toast.id), hideAfter);
        return () => clearTimeout(timer);
    }, [toast.id, toast.open, paused, hideAfter, close]);

    return (
        <Slide in={toast.open} direction="right" appear timeout={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }} onExited={onExited}>
            <Alert
                variant="filled"
                severity={type}
                role={type === 'error' ? 'alert' : 'status'}
                onClose={() => close(toast.id)}
                onMouseEnter={() => setPaused(true)}
                onMouseLeave={() => setPaused(false)}
                action={
                    undoable ? (
                        <Button color="inherit" size="small" onClick={onUndo}>
                            {translate('ra.action.undo')}
                        </Button>
                    ) : undefined
                }
                sx={{ boxShadow: 6, minWidth: { sm: 320 }, maxWidth: 560, alignItems: 'center' }}
            >
                {typeof message === 'string' ? translate(message, messageArgs) : message}
            </Alert>
        </Slide>
    );
};

/**
 * The portal's toasts (spec §9): at most three at once, bottom-left, each hiding after 5 s
 * (paused while the pointer rests on it), sliding in over 225 ms and out over 195 ms. The rest
 * wait their turn. An undoable change is committed when its toast leaves, unless undone.
 */
export const NotificationStack = () => {
    const { notifications, takeNotification } = useNotificationContext();
    const takeMutation = useTakeUndoableMutation();
    const [toasts, setToasts] = useState<Toast[]>([]);
    const nextId = useRef(0);

    useEffect(() => {
        if (notifications.length === 0 || toasts.length >= TOASTS.max) return;
        const payload = takeNotification();
        if (payload) setToasts(list => [...list, { id: nextId.current++, payload, open: true, undone: false }]);
    }, [notifications, toasts.length, takeNotification]);

    const update = useCallback((id: number, change: Partial<Toast>) => {
        setToasts(list => list.map(toast => (toast.id === id ? { ...toast, ...change } : toast)));
    }, []);
    const close = useCallback((id: number) => update(id, { open: false }), [update]);

    const exited = (toast: Toast) => {
        if (toast.payload.notificationOptions?.undoable && !toast.undone) takeMutation()?.({ isUndo: false });
        setToasts(list => list.filter(item => item.id !== toast.id));
    };

    const undo = (toast: Toast) => {
        takeMutation()?.({ isUndo: true });
        update(toast.id, { undone: true, open: false });
    };

    return (
        <Box
            aria-live="polite"
            sx={theme => ({
                position: 'fixed',
                left: { xs: 8, sm: 24 },
                right: { xs: 8, sm: 'auto' },
                bottom: { xs: 8, sm: 24 },
                zIndex: theme.zIndex.snackbar,
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                pointerEvents: toasts.length ? 'auto' : 'none',
            })}
        >
            {toasts.map(toast => (
                <ToastItem
                    key={toast.id}
                    toast={toast}
                    close={close}
                    onExited={() => exited(toast)}
                    onUndo={() => undo(toast)}
                />
            ))}
        </Box>
    );
};
