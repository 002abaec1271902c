import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { useEffect } from 'react';
import { useT } from '../i18n/context';
import { errorKeyOf } from '../lib/apiErrors';
import { useOnline } from '../lib/online';

/**
 * What could not be loaded, and why, in the user's words (unavailable, timeout, offline…), with
 * a button that asks again: a failed load never leaves a spinner turning. Offline (the browser
 * says so, or the call was refused for it: `errors.offline`, lib/portalApi.ts) it says the screen
 * loads once the connection is back, and asks again by itself on the browser's `online` event.
 */
export const LoadError = ({
    error,
    message,
    onRetry,
    sx,
}: {
    error?: unknown;
    message?: string;
    onRetry: () => void;
    sx?: SxProps<Theme>;
}) => {
    const { translate } = useT();
    const offline = !useOnline() || errorKeyOf(error) === 'errors.offline';
    useEffect(() => {
        if (!offline) return undefined;
        const again = () => onRetry();
        window.addEventListener('online', again, { once: true });
        return () => window.removeEventListener('online', again);
    }, [offline, onRetry]);
    return (
        <Alert
            severity="error"
            role="alert"
            sx={sx}
            action={
                <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
                    {translate('app.retry')}
                </Button>
            }
        >
            {translate(offline ? 'app.offline_load' : (message ?? errorKeyOf(error)))}
        </Alert>
    );
};
