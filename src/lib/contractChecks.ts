/**
 * The field checks that need the contract's rules (phone, username, email, code): apart from
 * lib/fieldChecks.ts so a page that needs none of them (sign-in) loads no schema.
 */
import { email, MSISDN_PATTERN, OTP_PATTERN, USERNAME_PATTERN } from '../../contract/fields';
import type { FieldCheck, FieldProblem, InputName } from './fieldChecks';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const invalid = (input: InputName): FieldProblem => ({ key: 'validation.valid_input', input });

export const phone: FieldCheck = value => (MSISDN_PATTERN.test(text(value)) ? undefined : { key: 'validation.phone' });

export const username: FieldCheck = value => (USERNAME_PATTERN.test(text(value).toLowerCase()) ? undefined : invalid('username'));

/** Optional: empty is fine, anything else must be an address. */
export const optionalEmail: FieldCheck = value =>
    !text(value) || email.safeParse(text(value)).success ? undefined : invalid('email');

export const otp: FieldCheck = value => (OTP_PATTERN.test(text(value)) ? undefined : invalid('otp'));
