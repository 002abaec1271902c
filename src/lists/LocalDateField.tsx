import { Typography } from '@mui/material';
import { useLocale, useRecordContext } from 'react-admin';
import { formatDateTime, formatDay } from '../lib/format';

/**
 * A record's date (or date and time, `showTime`) in the reader's language, through the portal's one
 * formatter (lib/format.ts). It stands in for react-admin's own date field, which writes in the
 * browser's language when not told otherwise: month first (11/25/2026) to Swahili and Portuguese
 * readers on an English browser.
 */
export const LocalDateField = ({ source, showTime = false }: { source: string; showTime?: boolean; label?: string }) => {
    const record = useRecordContext<Record<string, unknown>>();
    const locale = useLocale();
    const value = record?.[source];
    const when = typeof value === 'string' || typeof value === 'number' ? value : null;
    return (
        <Typography component="span" variant="body2">
            {showTime ? formatDateTime(when, locale) : formatDay(when, locale)}
        </Typography>
    );
};
