import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Form,
    PasswordInput,
    SelectInput,
    TextInput,
    maxLength,
    minLength,
    required,
    useTranslate,
    type Validator,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../contract/fields';
import { register, registrationOptions } from '../../../contract/security';
import { callApi } from '../../lib/portalApi';
import { usePortalValidators } from '../../lib/validators';
import { AuthLayout } from './AuthLayout';
import { errorKeyOf, fieldErrorsOf } from '../../lib/apiErrors';
import { AlternativeLink, FormProblem, SubmitButton } from './FormParts';

type Registration = z.input<typeof register.body> & { confirm_password: string };
const FIELDS = ['username', 'first_name', 'last_name', 'msisdn', 'email', 'store_id', 'password'] as const;

const sameAsPassword: Validator = (value, values: Partial<Registration>) =>
    value === values.password ? undefined : 'register.passwords_differ';

/** Agent self-registration: creates a sales agent who signs in once an administrator approves. */
export const RegisterPage = () => {
    const translate = useTranslate();
    const validate = usePortalValidators();
    const [problem, setProblem] = useState<string | null>(null);
    const [done, setDone] = useState<{ name: string; username: string } | null>(null);
    const options = useQuery({
        queryKey: ['registration-options'],
        queryFn: ({ signal }) => callApi(registrationOptions, {}, { signal }),
    });

    if (done) {
        return (
            <AuthLayout title={translate('register.done_title')}>
                <Box sx={{ textAlign: 'center' }}>
                    <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
                    <Typography sx={{ my: 2 }} role="status">
                        {translate('register.done_body', done)}
                    </Typography>
                    <Button component={Link} to="/" variant="contained" fullWidth>
                        {translate('app.back_to_sign_in')}
                    </Button>
                </Box>
            </AuthLayout>
        );
    }

    const submit = async (values: Partial<Registration>) => {
        setProblem(null);
        const { confirm_password: _confirm, ...body } = values as Registration;
        try {
            const answer = await callApi(register, { body: { ...body, email: body.email || undefined } });
            setDone({ name: body.first_name.trim(), username: answer.username });
            return undefined;
        } catch (error) {
            const fieldErrors = fieldErrorsOf(error, FIELDS);
            // Errors on fields are marked there (and react-admin's notice says so); the rest shows here.
            if (Object.keys(fieldErrors).length === 0) setProblem(errorKeyOf(error));
            return fieldErrors;
        }
    };

    const stores = options.data?.stores ?? [];

    return (
        <AuthLayout title={translate('register.title')} subtitle={translate('register.subtitle')} wide>
            {options.isError && (
                <Alert
                    severity="error"
                    action={
                        <Button color="inherit" size="small" onClick={() => options.refetch()}>
                            {translate('app.retry')}
                        </Button>
                    }
                >
                    {translate(errorKeyOf(options.error))}
                </Alert>
            )}
            {options.isSuccess && stores.length === 0 && <Alert severity="info">{translate('register.no_stores')}</Alert>}
            <Form onSubmit={(values: Partial<Registration>) => submit(values)} noValidate>
                <Grid container columnSpacing={2}>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput source="first_name" label="register.first_name" autoComplete="given-name" validate={[required(), maxLength(80)]} />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput source="last_name" label="register.last_name" autoComplete="family-name" validate={[required(), maxLength(80)]} />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput
                            source="username"
                            label="register.username"
                            helperText="register.username_help"
                            autoComplete="username"
                            validate={[required(), validate.username]}
                            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput
                            source="msisdn"
                            label="register.msisdn"
                            helperText="register.msisdn_help"
                            autoComplete="tel"
                            type="tel"
                            validate={[required(), validate.phone]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <TextInput source="email" label="register.email" type="email" autoComplete="email" validate={validate.optionalEmail} />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <SelectInput
                            source="store_id"
                            label="register.store"
                            choices={stores}
                            optionText={(store: { name: string; town: string }) => `${store.name} (${store.town})`}
                            isPending={options.isPending}
                            validate={required()}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <PasswordInput
                            source="password"
                            label="register.password"
                            helperText={translate('register.password_help', { min: PASSWORD_MIN_LENGTH })}
                            autoComplete="new-password"
                            validate={[required(), minLength(PASSWORD_MIN_LENGTH)]}
                        />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6 }}>
                        <PasswordInput
                            source="confirm_password"
                            label="register.confirm_password"
                            autoComplete="new-password"
                            validate={[required(), sameAsPassword]}
                        />
                    </Grid>
                </Grid>
                <FormProblem message={problem} />
                <SubmitButton label="register.submit" busyLabel="register.submitting" />
            </Form>
            <AlternativeLink prompt="register.have_account" link="register.sign_in_link" to="/" />
        </AuthLayout>
    );
};
