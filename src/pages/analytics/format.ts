/**
 * How the BI page writes what the dashboard's figures (pages/dashboard/figures.ts: counts, money,
 * rates and their changes) do not: the short numbers of a chart's axis and the days a series is
 * bucketed by (a day, an ISO week, a month), in the user's language (`Intl` with the active
 * locale). Calendar days (YYYY-MM-DD) are formatted in UTC so no time zone moves them.
 */
import type { BiBucket } from '../../../contract/analytics';
import { formatCalendarDay } from '../../lib/format';

/** An axis tick: 12K, 1.5M. */
export const formatCompact = (value: number, locale: string) =>
    new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

/** 3 Nov 2026 */
export const formatDay = (day: string, locale: string) => formatCalendarDay(day, locale);

/** A series bucket on an axis: 3 Nov (a day or the week starting then), Nov 2026 (a month). */
export const formatBucketTick = (day: string, bucket: BiBucket, locale: string) =>
    formatCalendarDay(day, locale, bucket === 'month' ? 'month_short' : 'day_month');

/** A series bucket in full, for tables and tooltips: 3 Nov 2026, the week of 3 Nov 2026, November 2026. */
export const formatBucket = (
    day: string,
    bucket: BiBucket,
    locale: string,
    translate: (key: string, options?: Record<string, unknown>) => string,
) => {
    if (bucket === 'month') {
        return formatCalendarDay(day, locale, 'month');
    }
    const date = formatDay(day, locale);
    return bucket === 'week' ? translate('bi.bucket.week_of', { date }) : date;
};
