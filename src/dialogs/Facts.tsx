/** What a confirmation or a record's details are about, as label and value pairs. */
import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/** Label and value pairs (`<Fact>`s) as a description list: one column on a phone, two beside. */
export const Facts = ({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) => (
    <Box
        component="dl"
        sx={[
            {
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content minmax(0, 1fr)' },
                columnGap: 2,
                rowGap: { xs: 0.25, sm: 0.5 },
                m: 0,
                '& dd': { mb: { xs: 1, sm: 0 } },
            },
            ...(Array.isArray(sx) ? sx : [sx]),
        ]}
    >
        {children}
    </Box>
);

/** One pair of `<Facts>`; `label` already translated. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
    <>
        <Typography component="dt" variant="body2" color="text.secondary">
            {label}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {children}
        </Typography>
    </>
);
