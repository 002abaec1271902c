/**
 * The wizard's field checks, in the specification's words ('valid phone number required', 'valid
 * {input} required', 'Please enter both OTP codes'), with the contract's rules so the form refuses
 * what the server would: IMEI (15 digits and its check digit), ID number, postal code, payment
 * reference, amounts. react-admin validators; react-admin translates what they answer.
 */
import { useMemo } from 'react';
import { useTranslate, type Validator } from 'react-admin';
import { IMEI_PATTERN, luhnValid, OTP_PATTERN } from '../../../contract/fields';
import { PASSPORT_PATTERN, SA_ID_PATTERN } from '../../../contract/kyc';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The names 'valid %{input} required' takes (loans.wizard.inputs). */
type Input = 'imei' | 'id_number' | 'postal_code' | 'payment_reference' | 'amount' | 'employee_count' | 'otp' | 'date';

export const PAYMENT_REFERENCE_PATTERN = /^[A-Z0-9][A-Z0-9-]{5,39}$/;
const POSTAL_CODE_PATTERN = /^[0-9A-Za-z -]{2,10}$/;

/** `1 234,50`, `1234.5` → 1234.5; anything else NaN. */
export const parseAmount = (value: unknown): number => {
    const typed = text(value).replace(/[\s\u00a0]/g, '');
    if (!/^[0-9]+([.,][0-9]{1,2})?$/.test(typed)) return Number.NaN;
    return Number(typed.replace(',', '.'));
};

export const useWizardChecks = () => {
    const translate = useTranslate();
    return useMemo(() => {
        const invalid = (input: Input) => ({
            message: 'validation.valid_input',
            args: { input: translate(`loans.wizard.inputs.${input}`) },
        });
        const imei: Validator = value => {
            const typed = text(value);
            return IMEI_PATTERN.test(typed) && luhnValid(typed) ? undefined : invalid('imei');
        };
        const idNumber: Validator = (value, values: { id_type?: string }) => {
            const typed = text(value).toUpperCase();
            const pattern = values.id_type === 'passport' ? PASSPORT_PATTERN : SA_ID_PATTERN;
            return pattern.test(typed) ? undefined : invalid('id_number');
        };
        const postalCode: Validator = value =>
            !text(value) || POSTAL_CODE_PATTERN.test(text(value)) ? undefined : invalid('postal_code');
        const paymentReference: Validator = value =>
            PAYMENT_REFERENCE_PATTERN.test(text(value).toUpperCase()) ? undefined : invalid('payment_reference');
        const amount: Validator = value => {
            const parsed = parseAmount(value);
            return parsed > 0 && parsed <= 1_000_000 ? undefined : invalid('amount');
        };
        const employeeCount: Validator = value => {
            const typed = text(value);
            return /^[0-9]{1,7}$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 1_000_000
                ? undefined
                : invalid('employee_count');
        };
        const date: Validator = value => {
            const typed = text(value);
            const day = /^\d{4}-\d{2}-\d{2}$/.test(typed) ? new Date(`${typed}T00:00:00`) : null;
            return day && !Number.isNaN(day.getTime()) && day.getTime() < Date.now() ? undefined : invalid('date');
        };
        const otp: Validator = value => (!text(value) || OTP_PATTERN.test(text(value)) ? undefined : invalid('otp'));
        /** verify-otp-v2 takes both codes at once: one empty is 'Please enter both OTP codes'. */
        const bothOtp: Validator = value => (text(value) ? undefined : 'validation.both_otp');
        /** digital_assisted/verify-otp takes whichever codes there are, at least one. */
        const anyOtp =
            (other: string): Validator =>
            (value, values: Record<string, unknown>) =>
                text(value) || text(values[other]) ? undefined : 'validation.both_otp';
        return { imei, idNumber, postalCode, paymentReference, amount, employeeCount, date, otp, bothOtp, anyOtp };
    }, [translate]);
};
