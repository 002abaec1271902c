import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/lazyPage';
import { reloadToUpdate } from '../lib/reloadToUpdate';
import { useT } from '../i18n/context';

/** The status or message of whatever was thrown. */
const describe = (error: unknown): string => {
    if (typeof error === 'object' && error !== null) {
        const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown };
        if (typeof status === 'number' && status > 0) return [status, statusText].filter(Boolean).join(' ');
        if (typeof message === 'string' && message) return message;
    }
    return String(error);
};

/** The translation key a failed call carries (lib/portalApi.ts), when that is what was thrown. */
const errorKey = (error: unknown): string | undefined => {
    const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
    return typeof message === 'string' && /^errors\.[a-z_]+$/.test(message) ? message : undefined;
};

/**
 * What a crash shows (spec §2, §8): 'Unexpected Application Error!' with the status or message;
 * for a script chunk that failed to load, 'Loading chunk N failed', why that happens, and the same
 * "Reload to update" the new-release prompt offers (layout/UpdatePrompt.tsx): a chunk missing
 * from the server is most often one a newer release replaced, and a reload loads that release whole.
 */
export const ErrorPage = ({ error }: { error?: unknown }) => {
    const { translate } = useT();
    const chunk = error instanceof ChunkLoadError;
    const key = errorKey(error);
    return (
        <Box
            role="alert"
            sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}
        >
            <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
            <Typography component="h1" variant="h5">
                {chunk ? describe(error) : translate('errors.unexpected')}
            </Typography>
            {chunk ? (
                <Typography color="text.secondary">{translate('shell.chunk_failed')}</Typography>
            ) : (
                <Typography component="pre" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
                    {key ? translate(key) : describe(error)}
                </Typography>
            )}
            <Button
                variant="contained"
                startIcon={<RefreshIcon />}
                onClick={() => (chunk ? void reloadToUpdate() : window.location.reload())}
            >
                {translate(chunk ? 'shell.reload_to_update' : 'shell.reload')}
            </Button>
        </Box>
    );
};

/** Catches what escapes react-admin's own boundary (the signed-out pages, the providers). */
export class AppErrorBoundary extends Component<
    { children: ReactNode; fallback: (error: unknown) => ReactNode },
    { error: unknown }
> {
    override state = { error: undefined as unknown };

    static getDerivedStateFromError(error: unknown) {
        return { error };
    }

    override componentDidCatch(error: unknown, info: ErrorInfo) {
        console.error(error, info.componentStack);
    }

    override render() {
        return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
    }
}
