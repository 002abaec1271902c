import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** Shown instead of any screen the user's roles do not open. */
export const AccessDenied = () => {
    const translate = useTranslate();
    return (
        <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}>
            <LockIcon color="primary" sx={{ fontSize: 56 }} />
            <Typography component="h1" variant="h5">
                {translate('shell.access_denied_title')}
            </Typography>
            <Typography color="text.secondary">{translate('shell.access_denied_body')}</Typography>
            <Button component={Link} to="/dashboard" variant="contained">
                {translate('shell.back_to_dashboard')}
            </Button>
        </Box>
    );
};
