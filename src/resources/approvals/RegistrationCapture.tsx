import { Box, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { registrationCapture } from '../../../contract/registration';
import { ImageViewer } from '../../layout/ImageViewer';
import { LoadError } from '../../lists/LoadError';
import { formatDateTime } from '../../lib/format';
import { callApi } from '../../lib/portalApi';

export const registrationCaptureKey = (requestId: number) => ['approvals', 'registration-capture', requestId] as const;

/**
 * The live photo an agent's self-registration took (contract/registration.ts `registrationCapture`),
 * shown to the checker beside the request: in the page, opening full size with zoom, with whether
 * a live face was found and when; or that the registrant took none.
 */
export const RegistrationCapture = ({ requestId, name }: { requestId: number; name: string }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const query = useQuery({
        queryKey: registrationCaptureKey(requestId),
        queryFn: ({ signal }) => callApi(registrationCapture, { params: { id: String(requestId) } }, { signal }),
    });
    if (query.isError)
        return <LoadError error={query.error} message="approvals.liveness.load_failed" onRetry={() => void query.refetch()} />;
    if (query.isPending) return <CircularProgress size={20} aria-label={translate('approvals.fields.liveness')} />;
    const { capture } = query.data;
    if (!capture) return <>{translate('approvals.liveness.none')}</>;
    const score = Math.round(capture.liveness.score * 100);
    return (
        <Box component="span" sx={{ display: 'block', maxWidth: 180 }}>
            <ImageViewer
                src={capture.data_url}
                alt={translate('approvals.liveness.alt', { name })}
                label={translate('approvals.liveness.open', { name })}
            />
            <Typography component="span" variant="caption" sx={{ display: 'block', mt: 0.5 }}>
                {translate(capture.liveness.passed ? 'approvals.liveness.passed' : 'approvals.liveness.failed', {
                    score,
                    when: formatDateTime(Date.parse(capture.captured_at), locale),
                })}
            </Typography>
        </Box>
    );
};
