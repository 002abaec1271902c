import { Box, CircularProgress } from '@mui/material';
import { useT } from '../i18n/context';

/** While a page's script arrives: a spinner that says what it is. */
export const PageLoading = () => {
    const { translate } = useT();
    return (
        <Box sx={{ minHeight: '50dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress aria-label={translate('app.loading')} />
        </Box>
    );
};
