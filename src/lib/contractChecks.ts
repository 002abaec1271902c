/**
 * The field checks that need the contract's rules (phone, username, email, code): apart from
 * lib/fieldChecks.ts so a page that needs none of them (sign-in) loads no schema.
 */
import { email, MSISDN_PATTERN, OTP_PATTERN, USERNAME_PATTERN } from '../../contract/fields';
import type { FieldCheck, FieldProblem, InputName } from './fieldChecks';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const invalid = (input: InputName): FieldProblem => ({ key: 'validation.valid_input', input });

export const phone: FieldCheck = value => (MSISDN_PATTERN.test(text(value)) ? undefined : { key: 'validation.phone' });

/** A South African number as dialled at home: 0 and nine digits (0821234567). */
const SOUTH_AFRICAN_LOCAL = /^0[0-9]{9}$/;

/**
 * A phone number in international form: a South African local number becomes 27 and its nine
 * digits (0821234567 → 27821234567); anything else is left as typed, for the contract's rule.
 */
export const internationalMsisdn = (value: string): string => {
    const typed = value.trim();
    return SOUTH_AFRICAN_LOCAL.test(typed) ? `27${typed.slice(1)}` : typed;
};

/**
 * A phone number that is, or becomes (`internationalMsisdn`), one in international form: the
 * contract's rule (MSISDN_PATTERN) alone took 0821234567, which no SMS reaches. No country code
 * begins with 0, so any other number beginning with 0 is local and refused, saying so.
 */
export const internationalPhone: FieldCheck = value => {
    const number = internationalMsisdn(text(value));
    if (/^\+?0/.test(number)) return { key: 'validation.phone_international' };
    return phone(number, {});
};

export const username: FieldCheck = value => (USERNAME_PATTERN.test(text(value).toLowerCase()) ? undefined : invalid('username'));

/** Optional: empty is fine, anything else must be an address. */
export const optionalEmail: FieldCheck = value =>
    !text(value) || email.safeParse(text(value)).success ? undefined : invalid('email');

export const otp: FieldCheck = value => (OTP_PATTERN.test(text(value)) ? undefined : invalid('otp'));
