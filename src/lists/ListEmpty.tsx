import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Typography } from '@mui/material';
import { CreateButton, useTranslate } from 'react-admin';

/** An empty list says so, and offers to add the first record to those who may. */
export const ListEmpty = () => {
    const translate = useTranslate();
    return (
        <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
            <InboxIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
            <Typography variant="h6" color="text.secondary" gutterBottom>
                {translate('errors.no_records')}
            </Typography>
            <CreateButton variant="contained" />
        </Box>
    );
};
