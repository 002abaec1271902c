/**
 * Calendar days as the business counts them: a list's `from`/`to` dates, a report's period and
 * the day a deposit was paid are days in South Africa (the portal's customers, shops and currency
 * are South African), whatever the server's own time zone. Below the domains and the schema, so
 * both may count days the same way.
 */
export const BUSINESS_TIME_ZONE = 'Africa/Johannesburg';

const DAY_MS = 24 * 60 * 60_000;

/** The offset of `zone` from UTC at `at`, in milliseconds (positive east of Greenwich). */
const offsetAt = (zone: string, at: Date): number => {
    const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
    }).formatToParts(at);
    const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find(part => part.type === type)?.value ?? 0);
    const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
    return asUtc - Math.floor(at.getTime() / 1000) * 1000;
};

/** The instant a day (YYYY-MM-DD) begins in `zone`. */
export const startOfDay = (day: string, zone = BUSINESS_TIME_ZONE): Date => {
    const [year, month, date] = day.split('-').map(Number);
    const midnightUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
    const first = midnightUtc - offsetAt(zone, new Date(midnightUtc));
    // Again at the instant found, in case an offset change lies between.
    return new Date(midnightUtc - offsetAt(zone, new Date(first)));
};

/** The instant the day after `day` begins in `zone`: the end (exclusive) of an inclusive range. */
export const endOfDay = (day: string, zone = BUSINESS_TIME_ZONE): Date => {
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    return startOfDay(next, zone);
};

/** A day `days` after (or before) `day` (YYYY-MM-DD, counted in whole calendar days). */
export const addDays = (day: string, days: number): string =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
});

/** The business day an instant falls on (YYYY-MM-DD). */
export const businessDay = (at: Date): string => dayFormat.format(at);
