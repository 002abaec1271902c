/** Field rules shared by several calls, so the client's form checks and the server's agree. */
import { z } from 'zod';

/**
 * The one phone-number rule, for every call that takes a number and every form that asks for one.
 *
 * A number is kept, compared and given to the SMS gateway in international form without the +:
 * the country code first (none begins with 0), 9 to 15 digits in all (E.164). What may be typed:
 * that form, with or without a leading +, or a South African number as dialled at home, 0 and nine
 * digits, which becomes 27 and those nine digits (0821234567 → 27821234567). Anything else,
 * another number beginning with 0 included, is refused with the expected form: the gateway
 * reaches no local number, and a number stored as typed would not match the same number in
 * international form.
 */
export const MSISDN_PATTERN = /^[1-9][0-9]{8,14}$/;
/** A South African number as dialled at home: 0 and nine digits. */
const SOUTH_AFRICAN_LOCAL = /^0[0-9]{9}$/;
/** What was typed, in the form numbers are kept: trimmed, without a leading +, a South African local number as 27…. */
export const internationalMsisdn = (typed: string): string => {
    const value = typed.trim();
    return SOUTH_AFRICAN_LOCAL.test(value) ? `27${value.slice(1)}` : value.replace(/^\+/, '');
};
/** Whether what was typed is, or becomes (`internationalMsisdn`), a number in international form. */
export const isMsisdn = (typed: string): boolean => MSISDN_PATTERN.test(internationalMsisdn(typed));
export const MSISDN_EXPECTED =
    'valid phone number required: international form, e.g. 27821234567 (0821234567 is read as 27821234567)';
export const msisdn = z.string().transform(internationalMsisdn).pipe(z.string().regex(MSISDN_PATTERN, MSISDN_EXPECTED));

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const username = z.string().trim().toLowerCase().regex(USERNAME_PATTERN, 'valid username required');

/**
 * A new password (OWASP ASVS 5.0 level 2): at least PASSWORD_MIN_LENGTH characters, at most
 * PASSWORD_MAX_LENGTH, no composition rules. The server refuses one that is too short, on its list
 * of common passwords or containing the username, each with its own key
 * (server/domain/auth/passwordRules.ts), so the schema itself bounds only the size; forms check the
 * length before sending.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
export const newPassword = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const personName = z.string().trim().min(1).max(80);

export const email = z.email().max(200);

export const OTP_PATTERN = /^[0-9]{6}$/;
export const otpCode = z.string().trim().regex(OTP_PATTERN, 'valid OTP required');

/** The Luhn check digit rule every IMEI follows (the 15th digit checks the first 14). */
export const luhnValid = (digits: string): boolean => {
    let sum = 0;
    for (let index = 0; index < digits.length; index++) {
        let digit = Number(digits[digits.length - 1 - index]);
        if (index % 2 === 1) {
            digit *= 2;
            if (digit > 9) digit -= 9;
        }
        sum += digit;
    }
    return sum % 10 === 0;
};

/** A device's IMEI: 15 digits whose last is the Luhn check digit. */
export const IMEI_PATTERN = /^[0-9]{15}$/;
export const imei = z
    .string()
    .trim()
    .regex(IMEI_PATTERN, 'valid IMEI required (15 digits)')
    .refine(luhnValid, 'valid IMEI required (check digit)');

/** A loan's reference as printed on the contract: `LPP-` and digits in the seed, any A–Z, 0–9 and dashes accepted. */
export const LOAN_REFERENCE_PATTERN = /^[A-Z0-9][A-Z0-9-]{3,31}$/;
export const loanReference = z.string().trim().toUpperCase().regex(LOAN_REFERENCE_PATTERN, 'valid loan reference required');

/**
 * What a staff member types to find a customer: a phone number (with or without +), a username,
 * an id number, an IMEI or a loan reference (matched in capitals, as `loanReference` keeps it).
 * Letters, digits and `+ . _ -` only.
 */
export const customerLookup = z
    .string()
    .trim()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9+._-]+$/, 'valid phone number, username, id number, IMEI or loan reference required');

/** A free-text reason a maker gives for a request. */
/**
 * The days any call may name: a calendar the server and the database both count. PostgreSQL has
 * no year 0 (ISO 8601's 0000 is its 1 BC), so a day outside this range is refused as input rather
 * than failing in the query.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2999-12-31';
const IN_CALENDAR = `a day from ${FIRST_DAY} to ${LAST_DAY}`;
const inCalendar = (text: string): boolean => text.slice(0, 10) >= FIRST_DAY && text.slice(0, 10) <= LAST_DAY;
/** A day, `2026-11-22`, within the calendar. */
export const calendarDay = z.iso.date().refine(inCalendar, IN_CALENDAR);
/** A moment in a query string: a day (`2026-11-22`) or an ISO date-time with its offset, within the calendar. */
export const calendarMoment = z.iso.datetime({ offset: true }).or(z.iso.date()).refine(inCalendar, IN_CALENDAR);

export const reasonText = z.string().trim().min(3).max(500);

/** The currency every amount is in (spec §9: the label is ZAR). */
export const CURRENCY = 'ZAR' as const;

/** Someone a record names (a portal user, a shop): by id and name. */
export const person = z.object({ id: z.number().int(), name: z.string() });
