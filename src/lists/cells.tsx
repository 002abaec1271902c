/** The cells every list shows its codes, amounts and times in. */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale } from 'react-admin';
import { formatAmount, formatDateTime } from '../lib/format';

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

/** A time in the reader's language (lib/format.ts), or '—' for none. */
export const useWhen = () => {
    const locale = useLocale();
    return (iso: string | null) => (iso ? formatDateTime(Date.parse(iso), locale) : '—');
};

/** A date and time on one line. */
export const When = ({ value }: { value: string | null }) => {
    const when = useWhen();
    return (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {when(value)}
        </Box>
    );
};

/** Who did it and when: "Sipho Ndlovu" above "22 Nov 2026, 09:30". */
export const WhoWhen = ({ name, at }: { name: string; at: string | null }) => (
    <Box>
        <Typography variant="body2">{name}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            <When value={at} />
        </Typography>
    </Box>
);
