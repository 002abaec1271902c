import { Alert, Box, Button, Slide } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { TOASTS } from '../config';
import { REDUCED_MOTION } from './brand';
import { useT } from '../i18n/context';
import { notices, type Toast } from '../lib/notices';

const ToastItem = ({ toast }: { toast: Toast }) => {
    const { translate } = useT();
    const { id, message, type, args, autoHideMs, undoable } = toast.notice;
    const [paused, setPaused] = useState(false);
    const hideAfter = autoHideMs === undefined ? TOASTS.autoHideMs : autoHideMs;

    useEffect(() => {
        if (!toast.open || paused || hideAfter === null || hideAfter === 0) return undefined;
        const timer = setTimeout(() => notices.close(id), hideAfter);
        return () => clearTimeout(timer);
    }, [id, toast.open, paused, hideAfter]);

    return (
        <Slide
            in={toast.open}
            direction="right"
            appear
            timeout={REDUCED_MOTION ? 0 : { enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
            onExited={() => notices.exited(id)}
        >
            <Alert
                variant="filled"
                severity={type}
                role={type === 'error' ? 'alert' : 'status'}
                onClose={() => notices.close(id)}
                onMouseEnter={() => setPaused(true)}
                onMouseLeave={() => setPaused(false)}
                onFocus={() => setPaused(true)}
                onBlur={() => setPaused(false)}
                closeText={translate('ra.action.close')}
                action={
                    undoable ? (
                        <Button color="inherit" size="small" onClick={() => notices.undo(id)}>
                            {translate('ra.action.undo')}
                        </Button>
                    ) : undefined
                }
                sx={{ boxShadow: 6, minWidth: { sm: 320 }, maxWidth: 560, alignItems: 'center' }}
            >
                {typeof message === 'string' ? translate(message, { _: message, ...args }) : message}
            </Alert>
        </Slide>
    );
};

/**
 * The portal's toasts (spec §9): at most three at once, bottom-left, each hiding after 5 s
 * (paused while the pointer or the focus rests on it), sliding in over 225 ms and out over
 * 195 ms. The rest wait their turn (lib/notices.ts). An undoable change is committed when its
 * toast leaves, unless undone.
 */
export const Toasts = () => {
    const toasts = useSyncExternalStore(notices.subscribe, notices.shown, notices.shown);
    return (
        <Box
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
                <ToastItem key={toast.notice.id} toast={toast} />
            ))}
        </Box>
    );
};
