/**
 * Choosing a new password: the current one, the new one and its confirmation. The same form after
 * an administrator's reset (ChangePasswordPage, before anything else opens) and from the profile
 * menu (pages/profile/ChangePasswordScreen). Built from the signed-out forms' parts, so the
 * forced page needs neither react-admin nor a form library.
 */
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { changePassword } from '../../authProvider/signIn';
import { useT } from '../../i18n/context';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { minLength, required, type FieldCheck } from '../../lib/fieldChecks';
import { formatClock } from '../../lib/format';
import { FormProblem, PasswordField, SignedOutForm, SubmitButton, useSignedOutForm } from './FormParts';

type Passwords = { current_password: string; new_password: string; confirm_password: string };

const FIELDS = ['current_password', 'new_password'] as const;

const differsFromCurrent: FieldCheck = (value, values) =>
    value !== '' && value === values.current_password ? { key: 'password.same' } : undefined;
const sameAsNew: FieldCheck = (value, values) => (value === values.new_password ? undefined : { key: 'password.differ' });

/** A message under the form: a translation key with its values. */
interface Problem {
    key: string;
    values?: Record<string, string>;
}

export const ChangePasswordForm = ({
    afterReset = false,
    onDone,
}: {
    /** Signed in with a temporary password: the current password is the one the administrator gave. */
    afterReset?: boolean;
    /** The password is changed; `ended` of the user's other sessions ended. */
    onDone: (ended: number) => void;
}) => {
    const { translate, locale } = useT();
    const form = useSignedOutForm<Passwords>({ current_password: '', new_password: '', confirm_password: '' });
    const [problem, setProblem] = useState<Problem | null>(null);

    const submit = async ({ current_password, new_password }: Passwords) => {
        setProblem(null);
        try {
            onDone(await changePassword({ current_password, new_password }));
        } catch (error) {
            const fieldErrors = fieldErrorsOf(error, FIELDS);
            if (Object.keys(fieldErrors).length > 0) {
                form.setProblems(Object.fromEntries(Object.entries(fieldErrors).map(([field, key]) => [field, { key }])));
                return;
            }
            const retryAfter = apiErrorOf(error)?.retry_after;
            if (retryAfter !== undefined) {
                const time = formatClock(Date.now() + retryAfter * 1000, locale);
                setProblem({ key: 'auth.retry_after', values: { time } });
                return;
            }
            setProblem({ key: errorKeyOf(error) });
        }
    };

    return (
        <SignedOutForm form={form} onSubmit={submit} onInvalid={() => setProblem(null)}>
            <PasswordField
                name="current_password"
                label="password.current"
                helperText={afterReset ? 'password.current_help_reset' : undefined}
                autoComplete="current-password"
                autoFocus
                checks={[required]}
            />
            <PasswordField
                name="new_password"
                label="password.new"
                helperText={translate('password.new_help', { min: PASSWORD_MIN_LENGTH })}
                autoComplete="new-password"
                checks={[required, minLength(PASSWORD_MIN_LENGTH), differsFromCurrent]}
            />
            <PasswordField
                name="confirm_password"
                label="password.confirm"
                autoComplete="new-password"
                checks={[required, sameAsNew]}
            />
            <FormProblem message={problem?.key ?? null} values={problem?.values} />
            <SubmitButton label="password.submit" busyLabel="password.submitting" />
        </SignedOutForm>
    );
};
