import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Grid, MenuItem, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { register, registrationOptions } from '../../../contract/registration';
import { useT } from '../../i18n/context';
import { LoadError } from '../../lists/LoadError';
import { errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { optionalEmail, phone, username } from '../../lib/contractChecks';
import { maxLength, minLength, required, type FieldCheck } from '../../lib/fieldChecks';
import { callApi } from '../../lib/portalApi';
import { AuthLayout } from './AuthLayout';
import { RegistrationSteps, registrationReceivedOf } from './RegistrationSteps';
import {
    AlternativeLink,
    FormField,
    FormProblem,
    PasswordField,
    SignedOutForm,
    SubmitButton,
    useField,
    useSignedOutForm,
    type FieldProps,
} from './FormParts';

type Registration = {
    [K in keyof z.input<typeof register.body>]-?: string;
} & { confirm_password: string };
const FIELDS = ['username', 'first_name', 'last_name', 'msisdn', 'email', 'store_id', 'password'] as const;
const EMPTY: Registration = {
    first_name: '',
    last_name: '',
    username: '',
    msisdn: '',
    email: '',
    store_id: '',
    password: '',
    confirm_password: '',
};

const sameAsPassword: FieldCheck = (value, values) =>
    value === values.password ? undefined : { key: 'register.passwords_differ' };

/** A choice among `children` (MenuItems), bound to its form by name. */
const SelectField = ({ children, ...props }: FieldProps & { children: ReactNode }) => {
    const field = useField(props);
    return (
        <TextField
            select
            name={props.name}
            value={field.value}
            onChange={event => field.onChange(event.target.value)}
            inputRef={field.ref}
            label={field.label}
            required={field.required}
            error={field.error}
            helperText={field.helperText}
            disabled={props.disabled}
        >
            {children}
        </TextField>
    );
};

type Options = z.output<typeof registrationOptions.response>;

/** The shops open for registration; a failure says why and offers to ask again. */
const useRegistrationOptions = () => {
    const [state, setState] = useState<{ data?: Options; error?: unknown }>({});
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
        const controller = new AbortController();
        callApi(registrationOptions, {}, { signal: controller.signal }).then(
            data => setState({ data }),
            (error: unknown) => {
                if (!controller.signal.aborted) setState({ error });
            },
        );
        return () => controller.abort();
    }, [attempt]);
    const retry = useCallback(() => {
        setState({});
        setAttempt(count => count + 1);
    }, []);
    return { ...state, isPending: !state.data && state.error === undefined, retry };
};

/**
 * Agent self-registration, steps 1 and 3 (RegistrationSteps.tsx): the details, which create a sales
 * agent awaiting approval and lead on to the live photo (`/verify_liveness`); and, once the photo
 * is sent, "received", naming who approves: a checker holding APPROVE_AGENT_REGISTRATION at the
 * chosen shop or at head office (the approvals' reach, docs/domain.md).
 */
export const RegisterPage = () => {
    const { translate } = useT();
    const navigate = useNavigate();
    const received = registrationReceivedOf(useLocation().state);
    const form = useSignedOutForm<Registration>(EMPTY);
    const [problem, setProblem] = useState<string | null>(null);
    const options = useRegistrationOptions();

    if (received) {
        return (
            <AuthLayout title={translate('register.done_title')}>
                <RegistrationSteps active="received" />
                <Box sx={{ textAlign: 'center' }}>
                    <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
                    <Typography sx={{ my: 2 }} role="status">
                        {translate('register.done_body', {
                            ...received,
                            role: translate('roles.APPROVE_AGENT_REGISTRATION'),
                        })}
                    </Typography>
                    <Button component={Link} to="/" variant="contained" fullWidth>
                        {translate('app.back_to_sign_in')}
                    </Button>
                </Box>
            </AuthLayout>
        );
    }

    const submit = async ({ confirm_password: _confirm, ...values }: Registration) => {
        setProblem(null);
        try {
            const answer = await callApi(register, {
                body: { ...values, store_id: Number(values.store_id), email: values.email || undefined },
            });
            const shop = stores.find(store => String(store.id) === values.store_id)?.name ?? '';
            // On to the live photo, carrying the registration's token in the history entry alone.
            void navigate('/verify_liveness', {
                replace: true,
                state: {
                    registration: {
                        token: answer.registration_token,
                        name: values.first_name.trim(),
                        username: answer.username,
                        shop,
                    },
                },
            });
        } catch (error) {
            const fieldErrors = fieldErrorsOf(error, FIELDS);
            // Errors on fields are marked there, and said above the button; the rest shows there alone.
            form.setProblems(Object.fromEntries(Object.entries(fieldErrors).map(([field, key]) => [field, { key }])));
            setProblem(Object.keys(fieldErrors).length ? 'validation.correct_errors' : errorKeyOf(error));
        }
    };

    const stores = options.data?.stores ?? [];

    return (
        <AuthLayout title={translate('register.title')} subtitle={translate('register.subtitle')} wide>
            <RegistrationSteps active="details" />
            {options.error !== undefined && <LoadError error={options.error} onRetry={options.retry} sx={{ mb: 2 }} />}
            {options.data && stores.length === 0 && <Alert severity="info">{translate('register.no_stores')}</Alert>}
            <SignedOutForm form={form} onSubmit={submit} onInvalid={() => setProblem('validation.correct_errors')}>
                <Grid container columnSpacing={2}>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <FormField
                            name="first_name"
                            label="register.first_name"
                            autoComplete="given-name"
                            checks={[required, maxLength(80)]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <FormField
                            name="last_name"
                            label="register.last_name"
                            autoComplete="family-name"
                            checks={[required, maxLength(80)]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <FormField
                            name="username"
                            label="register.username"
                            helperText="register.username_help"
                            autoComplete="username"
                            checks={[required, username]}
                            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <FormField
                            name="msisdn"
                            label="register.msisdn"
                            helperText="register.msisdn_help"
                            autoComplete="tel"
                            type="tel"
                            checks={[required, phone]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <FormField
                            name="email"
                            label="register.email"
                            type="email"
                            autoComplete="email"
                            checks={[optionalEmail]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <SelectField name="store_id" label="register.store" disabled={options.isPending} checks={[required]}>
                            {stores.map(store => (
                                <MenuItem key={store.id} value={String(store.id)}>
                                    {`${store.name} (${store.town})`}
                                </MenuItem>
                            ))}
                        </SelectField>
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <PasswordField
                            name="password"
                            label="register.password"
                            helperText={translate('register.password_help', { min: PASSWORD_MIN_LENGTH })}
                            autoComplete="new-password"
                            checks={[required, minLength(PASSWORD_MIN_LENGTH)]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <PasswordField
                            name="confirm_password"
                            label="register.confirm_password"
                            autoComplete="new-password"
                            checks={[required, sameAsPassword]}
                        />
                    </Grid>
                </Grid>
                <FormProblem message={problem} />
                <SubmitButton label="register.submit" busyLabel="register.submitting" />
            </SignedOutForm>
            <AlternativeLink prompt="register.have_account" link="register.sign_in_link" to="/" />
        </AuthLayout>
    );
};
