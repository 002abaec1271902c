/** `VIEW_USERS` or `pending_approval` → `View Users`, `Pending Approval` (spec §9). */
export const titleCase = (code: string): string =>
    code
        .toLowerCase()
        .split(/[_\s]+/)
        .filter(Boolean)
        .map(word => word[0]!.toUpperCase() + word.slice(1))
        .join(' ');

/*
 * Dates and times: the one place the portal writes them (tests/unit/dates.test.tsx keeps every
 * other file from formatting one itself), always in the reader's language, the active locale, so a
 * Swahili or Portuguese reader reads the day first (25 Nov 2026), as an English one reads the
 * month first. Never the browser's own language nor its default order.
 */

/** A moment as the API writes it (ISO), a day (`2026-11-25`), epoch milliseconds or a Date. */
export type When = string | number | Date | null | undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD) is that day in the reader's time zone, not the moment UTC's day begins. */
const dateOf = (value: When): Date | null => {
    if (value === null || value === undefined || value === '') return null;
    const date =
        value instanceof Date ? value : new Date(typeof value === 'string' && DAY.test(value) ? `${value}T00:00:00` : value);
    return Number.isNaN(date.getTime()) ? null : date;
};

const written = (value: When, locale: string, options: Intl.DateTimeFormatOptions) => {
    const date = dateOf(value);
    return date ? new Intl.DateTimeFormat(locale, options).format(date) : '';
};

/** 25 Nov 2026 (Swahili), 25 de nov. de 2026 (Portuguese), Nov 25, 2026 (English); '' for nothing or nonsense. */
export const formatDay = (value: When, locale: string) => written(value, locale, { dateStyle: 'medium' });

/** The day and the time: 25 Nov 2026, 14:00. */
export const formatDateTime = (value: When, locale: string) =>
    written(value, locale, { dateStyle: 'medium', timeStyle: 'short' });

/** The time of day alone: 14:05 (2:05 PM in English). */
export const formatClock = (value: When, locale: string) => written(value, locale, { hour: '2-digit', minute: '2-digit' });

/*
 * Calendar days of reports (YYYY-MM-DD, the business's days): written in UTC, so no time zone of
 * the reader moves them to the day before.
 */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

const CALENDAR_SHAPES = {
    /** 3 Nov 2026 */
    day: { dateStyle: 'medium' },
    /** 3 Nov */
    day_month: { day: 'numeric', month: 'short' },
    /** 3 November: a day in a sentence, within the weeks ahead */
    day_month_long: { day: 'numeric', month: 'long' },
    /** Nov 2026 */
    month_short: { month: 'short', year: 'numeric' },
    /** November 2026 */
    month: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export const formatCalendarDay = (day: string, locale: string, shape: keyof typeof CALENDAR_SHAPES = 'day') =>
    new Intl.DateTimeFormat(locale, { ...CALENDAR_SHAPES[shape], timeZone: 'UTC' }).format(utcDay(day));

/**
 * "1 – 17 Nov 2026": a period of calendar days, the month and year said once when the period keeps
 * to one month. Across two months each day is written whole: there ICU's Swahili range drops the
 * first month ("22 – 21 Okt 2026" for 22 Sep to 21 Oct).
 */
export const formatCalendarRange = (from: string, to: string, locale: string) => {
    const format = new Intl.DateTimeFormat(locale, { ...CALENDAR_SHAPES.day, timeZone: 'UTC' });
    if (from === to) return format.format(utcDay(from));
    if (from.slice(0, 7) === to.slice(0, 7)) return format.formatRange(utcDay(from), utcDay(to));
    return `${format.format(utcDay(from))} – ${format.format(utcDay(to))}`;
};

/** Spec §9: amounts carry the currency label ZAR. */
export const CURRENCY = 'ZAR';

export const formatAmount = (amount: number, locale: string) =>
    `${CURRENCY} ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

export const formatWhen = (iso: string | null, locale: string) => formatDateTime(iso, locale);

export const formatCoordinates = (latitude: number | null, longitude: number | null) =>
    latitude === null || longitude === null ? '' : `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
