/**
 * Business days as the analytics (and every domain that counts days) write them: YYYY-MM-DD in the
 * business time zone (server/time.ts).
 */
import { BUSINESS_TIME_ZONE } from '../../time';

/** Days from and to, both included (YYYY-MM-DD, business days). */
export interface Period {
    from: string;
    to: string;
}

const DAY_MS = 86_400_000;

/** A day `days` after (or before) `day`. */
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
