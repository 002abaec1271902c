/**
 * Form checks that agree with the server's, because they use the contract's own rules, and speak
 * the specification's words ('valid phone number required', 'valid {input} required') in the
 * user's language.
 */
import { useMemo } from 'react';
import { useTranslate, type Validator } from 'react-admin';
import { email, MSISDN_PATTERN, OTP_PATTERN, USERNAME_PATTERN } from '../../contract/fields';

type InputName = 'username' | 'email' | 'otp' | 'password';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const usePortalValidators = () => {
    const translate = useTranslate();
    return useMemo(() => {
        const invalid = (input: InputName) => ({ message: 'validation.valid_input', args: { input: translate(`validation.inputs.${input}`) } });
        const phone: Validator = value => (MSISDN_PATTERN.test(text(value)) ? undefined : 'validation.phone');
        const username: Validator = value => (USERNAME_PATTERN.test(text(value).toLowerCase()) ? undefined : invalid('username'));
        /** Optional: empty is fine, anything else must be an address. */
        const optionalEmail: Validator = value => (!text(value) || email.safeParse(text(value)).success ? undefined : invalid('email'));
        const otp: Validator = value => (OTP_PATTERN.test(text(value)) ? undefined : invalid('otp'));
        return { phone, username, optionalEmail, otp };
    }, [translate]);
};
