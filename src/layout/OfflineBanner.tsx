import CloudOffIcon from '@mui/icons-material/CloudOff';
import { Alert, type SxProps, type Theme } from '@mui/material';
import { useT } from '../i18n/context';
import { useOnline } from '../lib/online';

/**
 * Says so while the browser is offline, in the page's flow (never over the top bar's buttons or
 * a form's save bar): what is typed stays, nothing is sent until the connection is back.
 */
export const OfflineBanner = ({ sx }: { sx?: SxProps<Theme> }) => {
    const { translate } = useT();
    const online = useOnline();
    if (online) return null;
    return (
        <Alert severity="warning" role="status" icon={<CloudOffIcon fontSize="inherit" />} data-testid="offline-banner" sx={sx}>
            {translate('app.offline')}
        </Alert>
    );
};
