/**
 * How the dashboard's headline numbers are written and compared (contract/analytics.ts
 * `biDashboard`): counts, money in the contract's currency and rates as percentages, each in the
 * user's language, and the change from last month as a direction and a size, so a card can say it
 * in words and with an arrow rather than by colour alone.
 */
import { CURRENCY } from '../../../contract/customers';

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

/** The change from last month: which way, and by how much as the user reads it. */
export type Change =
    | { direction: Direction; size: string; unit: 'relative' | 'points' }
    /** Nothing last month to compare with, and something now. */
    | { direction: 'new' }
    /** Nothing to compare: a rate missing in either month. */
    | { direction: 'none' };

/**
 * An amount or count against last month's, as a relative change (+25%); from nothing, "new".
 * Rounded as it is shown: a change that rounds to 0% is no change.
 */
export const amountChange = (current: number, previous: number, locale: string): Change => {
    if (previous === 0)
        return current === 0 ? { direction: 'same', size: formatRelative(0, locale), unit: 'relative' } : { direction: 'new' };
    const fraction = (current - previous) / Math.abs(previous);
    const rounded = Math.round(fraction * 100);
    return {
        direction: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'same',
        size: formatRelative(fraction, locale),
        unit: 'relative',
    };
};

/** A rate against last month's, in percentage points (one decimal, as shown). */
export const rateChange = (current: number | null, previous: number | null, locale: string): Change => {
    if (current === null || previous === null) return { direction: 'none' };
    const difference = current - previous;
    const tenths = Math.round(difference * 1000);
    return {
        direction: tenths > 0 ? 'up' : tenths < 0 ? 'down' : 'same',
        size: formatPoints(difference, locale),
        unit: 'points',
    };
};

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * "1 – 17 Nov 2026": a period of calendar days (YYYY-MM-DD) in the user's language, the month and
 * year said once when the period keeps to one month (the dashboard's always does). Across two
 * months each day is written whole: there ICU's Swahili range drops the first month
 * ("22 – 21 Okt 2026" for 22 Sep to 21 Oct).
 */
export const formatPeriod = (from: string, to: string, locale: string) => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    if (from === to) return format.format(utcDay(from));
    if (from.slice(0, 7) === to.slice(0, 7)) return format.formatRange(utcDay(from), utcDay(to));
    return `${format.format(utcDay(from))} – ${format.format(utcDay(to))}`;
};

/** "October 2026": the month a period starts in. */
export const formatMonth = (day: string, locale: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcDay(day));
