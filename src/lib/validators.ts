/**
 * react-admin validators from the portal's field checks (lib/contractChecks.ts), in the user's
 * language.
 */
import { useMemo } from 'react';
import { useTranslate, type Validator } from 'react-admin';
import { internationalPhone, optionalEmail, otp, phone, username } from './contractChecks';
import { problemArgs, type FieldCheck } from './fieldChecks';

export const usePortalValidators = () => {
    const translate = useTranslate();
    return useMemo(() => {
        const validator =
            (check: FieldCheck): Validator =>
            (value, values: Record<string, unknown>) => {
                const problem = check(value, values);
                return problem && { message: problem.key, args: problemArgs(problem, translate) };
            };
        return {
            phone: validator(phone),
            internationalPhone: validator(internationalPhone),
            username: validator(username),
            optionalEmail: validator(optionalEmail),
            otp: validator(otp),
        };
    }, [translate]);
};
