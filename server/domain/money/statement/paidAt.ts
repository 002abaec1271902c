/**
 * When a statement's row was paid: its `date` read as an instant, a plain date the start of that
 * day in the business time zone.
 */
import { startOfDay } from '../../../time';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|z|[+-]\d{2}:?\d{2})?)?$/;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Is year-month-day a day of the calendar? Years before 1900 are no payment's. */
const realDay = (year: number, month: number, day: number) => {
    if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
    return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

/** The instant a day begins in the business time zone, worked out once per day (`days`). */
const dayStart = (day: string, days: Map<string, number | null>): number => {
    let start = days.get(day);
    if (start === undefined || start === null) {
        start = startOfDay(day).getTime();
        days.set(day, start);
    }
    return start;
};

/**
 * The instant a statement's date means, in epoch milliseconds: a plain date is the start of that
 * day in the business time zone; a date and time is that time there, unless it names its own offset
 * (`Z`, `+02:00`). `days` keeps what each plain date means (null when it is none): a statement has
 * few days and many rows, so most rows cost one look-up.
 */
export const paidAtOf = (text: string, days: Map<string, number | null>): number | null => {
    const plain = text.length === 10;
    if (plain) {
        const known = days.get(text);
        if (known !== undefined) return known;
    }
    const match = DATE_TIME.exec(text);
    if (!match || !realDay(Number(match[1]), Number(match[2]), Number(match[3]))) {
        if (plain) days.set(text, null);
        return null;
    }
    const [, y = '', mo = '', d = '', h, mi, s, fraction, zone] = match;
    if (plain) return dayStart(text, days);
    const hours = Number(h ?? 0);
    const minutes = Number(mi ?? 0);
    const seconds = Number(s ?? 0);
    if (hours > 23 || minutes > 59 || seconds > 59) return null;
    const within = hours * HOUR_MS + minutes * MINUTE_MS + seconds * 1000 + Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
    if (!zone) return dayStart(`${y}-${mo}-${d}`, days) + within;
    const midnightUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d));
    if (zone === 'Z' || zone === 'z') return midnightUtc + within;
    const digits = zone.replace(':', '');
    const offsetHours = Number(digits.slice(1, 3));
    const offsetMinutes = Number(digits.slice(3, 5));
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const offset = (offsetHours * HOUR_MS + offsetMinutes * MINUTE_MS) * (digits.startsWith('-') ? -1 : 1);
    return midnightUtc + within - offset;
};
