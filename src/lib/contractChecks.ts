/**
 * The field checks that need the contract's rules (phone, username, email, code): apart from
 * lib/fieldChecks.ts so a page that needs none of them (sign-in) loads no schema.
 */
import { email, internationalMsisdn, isMsisdn, OTP_PATTERN, USERNAME_PATTERN } from '../../contract/fields';
import type { FieldCheck, FieldProblem, InputName } from './fieldChecks';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const invalid = (input: InputName): FieldProblem => ({ key: 'validation.valid_input', input });

export { internationalMsisdn };

/**
 * A phone number by the contract's one rule (`msisdn` in contract/fields.ts): in international
 * form, or a South African local number, which the server keeps as 27…. No country code begins
 * with 0, so any other number beginning with 0 is local and refused, saying which form to use.
 */
export const phone: FieldCheck = value => {
    if (isMsisdn(text(value))) return undefined;
    return /^\+?0/.test(text(value)) ? { key: 'validation.phone_international' } : { key: 'validation.phone' };
};

/** The same rule, for the forms that named it apart (a user's number). */
export const internationalPhone: FieldCheck = phone;

export const username: FieldCheck = value => (USERNAME_PATTERN.test(text(value).toLowerCase()) ? undefined : invalid('username'));

/** Optional: empty is fine, anything else must be an address. */
export const optionalEmail: FieldCheck = value =>
    !text(value) || email.safeParse(text(value)).success ? undefined : invalid('email');

export const otp: FieldCheck = value => (OTP_PATTERN.test(text(value)) ? undefined : invalid('otp'));
