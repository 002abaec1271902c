/** The cells every list shows its codes and amounts in. */
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale } from 'react-admin';
import { formatAmount } from '../lib/format';

/** A code, reference, IMEI or phone number: monospaced, digits of one width, so columns line up. */
export const Mono = ({ children }: { children: ReactNode }) => (
    <Box component="span" sx={{ fontFamily: 'monospace', fontVariantNumeric: 'tabular-nums' }}>
        {children}
    </Box>
);

/** An amount in ZAR in the reader's number format, digits of one width; nothing for a missing one. */
export const Amount = ({ value }: { value: number | null | undefined }) => {
    const locale = useLocale();
    return value === null || value === undefined ? null : (
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatAmount(value, locale)}
        </Box>
    );
};
