import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/context';
import { uploadRefusalOf } from '../../lib/uploadRefusal';

/**
 * The two passing states of a photo sent from a signed-out page (the liveness check and a
 * registration's photo step): on its way, with how much has gone, and refused, with the server's
 * reason in words. Each page says its own sentences (`say`, `label`) and its own way on (`action`).
 */
export const PhotoSending = ({ fraction, say, label }: { fraction: number; say: string; label: string }) => {
    const { translate } = useT();
    const percent = Math.round(fraction * 100);
    return (
        <Box role="status" sx={{ mt: 2 }}>
            <Typography variant="body2">{translate(say, { percent })}</Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={translate(label)} sx={{ mt: 1 }} />
        </Box>
    );
};

export const PhotoRefused = ({ error, say, action }: { error: unknown; say: string; action?: ReactNode }) => {
    const { translate, locale } = useT();
    const refusal = uploadRefusalOf(error, locale);
    return (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} action={action}>
            {translate(say)} {translate(refusal.key, refusal.values)}
        </Alert>
    );
};
