/**
 * How the dashboard's headline numbers are written and compared (contract/analytics/
 * `biDashboard`): counts, money in the contract's currency and rates as percentages, each in the
 * user's language, and the server's change from the period before as a direction and a size, so
 * a card can say it in words and with an arrow rather than by colour alone.
 */
import type { BiChange, BiChangeReason } from '../../../contract/analytics';
import { CURRENCY } from '../../../contract/customers';
import { formatCalendarDay, formatCalendarRange } from '../../lib/format';

export const formatCount = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);

export const formatMoney = (value: number, locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, currencyDisplay: 'code' }).format(value);

/** A rate (0.425) as a percentage (42.5%); a rate that cannot be had (nothing fell due) is null. */
export const formatRate = (value: number | null, locale: string) =>
    value === null ? null : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** A change in percentage points (0.032 → "3.2"), without its sign: the words say which way. */
export const formatPoints = (difference: number, locale: string) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(difference) * 100);

const formatRelative = (fraction: number, locale: string) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.abs(fraction));

export type Direction = 'up' | 'down' | 'same';

/** The change from the period before: which way, and by how much as the user reads it. */
export type Change =
    | { direction: Direction; size: string; unit: 'relative' | 'points' }
    /** No change to state (contract/analytics/ "Changes"): too small an earlier period, or no rate now. */
    | { direction: 'none'; reason: BiChangeReason };

/**
 * The server's change (`changes` of bi_analysis and bi_dashboard) as the user reads it: a relative
 * change as a whole percentage (25%), a rate's in percentage points with one decimal. Rounded as
 * it is shown: a change that rounds to 0 is no change.
 */
export const changeOf = (change: BiChange, locale: string): Change => {
    if (change.kind === 'none') return { direction: 'none', reason: change.reason };
    const shown = Math.round(change.value * (change.kind === 'relative' ? 100 : 1000));
    return {
        direction: shown > 0 ? 'up' : shown < 0 ? 'down' : 'same',
        size: change.kind === 'relative' ? formatRelative(change.value, locale) : formatPoints(change.value, locale),
        unit: change.kind,
    };
};

/** "1 – 17 Nov 2026": a period of calendar days (YYYY-MM-DD) in the user's language (lib/format.ts). */
export const formatPeriod = (from: string, to: string, locale: string) => formatCalendarRange(from, to, locale);

/** "October 2026": the month a period starts in. */
export const formatMonth = (day: string, locale: string) => formatCalendarDay(day, locale, 'month');
