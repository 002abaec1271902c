import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A list still loading: grey rows where the rows will be, announced to screen readers. */
export const LoadingRows = ({ rows = 5 }: { rows?: number }) => {
    const translate = useTranslate();
    return (
        <Box role="status" aria-label={translate('app.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {Array.from({ length: rows }, (_, index) => (
                <Skeleton key={index} variant="rectangular" height={36} />
            ))}
        </Box>
    );
};

/** An empty list says so (spec §8 'There are no records to display'), or says `message`. */
export const ListEmptyText = ({ message = 'errors.no_records' }: { message?: string }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ textAlign: 'center', py: 5, px: 2 }}>
            <InboxIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography color="text.secondary">{translate(message)}</Typography>
        </Box>
    );
};
