import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * Shown instead of any screen the user's roles do not open. A page with a heading of its own (the
 * BI page's "Analytics") gives this one the level below it, and says why in its own words.
 */
export const AccessDenied = ({ body = 'shell.access_denied_body', heading = 'h1' }: { body?: string; heading?: 'h1' | 'h2' }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}>
            <LockIcon color="primary" sx={{ fontSize: 56 }} />
            <Typography component={heading} variant="h5">
                {translate('shell.access_denied_title')}
            </Typography>
            <Typography color="text.secondary">{translate(body)}</Typography>
            <Button component={Link} to="/dashboard" variant="contained">
                {translate('shell.back_to_dashboard')}
            </Button>
        </Box>
    );
};
