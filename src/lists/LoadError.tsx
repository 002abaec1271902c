import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { useT } from '../i18n/context';
import { errorKeyOf } from '../lib/apiErrors';

/**
 * What could not be loaded, and why, in the user's words (unavailable, timeout, offline…), with
 * a button that asks again: a failed load never leaves a spinner turning.
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
            {translate(message ?? errorKeyOf(error))}
        </Alert>
    );
};
