import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { Alert, Box, Button, CircularProgress, Divider, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, required, useLogin, useTranslate } from 'react-admin';
import { Link, Navigate } from 'react-router-dom';
import { startOperatorSignIn } from '../../../contract/auth';
import { HOME_PATH, nextPath } from '../../authProvider';
import { session } from '../../authProvider/session';
import { settings } from '../../config';
import { callApi } from '../../lib/portalApi';
import { AuthLayout } from './AuthLayout';
import { apiErrorOf, errorKeyOf } from './errors';

interface Credentials {
    username: string;
    password: string;
}

/** A message to show under the form: a translation key with its values. */
interface Problem {
    key: string;
    values?: Record<string, string>;
}

const problemOf = (error: unknown): Problem => {
    const retryAfter = apiErrorOf(error)?.retry_after;
    if (retryAfter !== undefined) {
        const time = new Date(Date.now() + retryAfter * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
        return { key: 'auth.retry_after', values: { time } };
    }
    return { key: errorKeyOf(error) };
};

export const LoginPage = () => {
    const translate = useTranslate();
    const login = useLogin();
    const [pending, setPending] = useState<'password' | 'operator' | null>(null);
    const [problem, setProblem] = useState<Problem | null>(null);
    // Decided once: after a sign-in succeeds this page may render again before the navigation to
    // where the user was going, and must not send them to the home instead.
    const [signedInAtMount] = useState(session.isSignedIn);

    if (signedInAtMount) return <Navigate to={HOME_PATH} replace />;

    const submit = async (values: Partial<Credentials>) => {
        setPending('password');
        setProblem(null);
        try {
            // Back where the user was sent away from, else the dashboard.
            await login({ username: values.username ?? '', password: values.password ?? '' }, nextPath.peek());
        } catch (error) {
            setProblem(problemOf(error));
            setPending(null);
        }
    };

    const signInWithOperator = async () => {
        setPending('operator');
        setProblem(null);
        try {
            const { authorize_url } = await callApi(startOperatorSignIn, { body: { provider: 'mno' } });
            window.location.assign(authorize_url);
        } catch (error) {
            setProblem(problemOf(error));
            setPending(null);
        }
    };

    return (
        <AuthLayout title={translate('auth.sign_in_title')} subtitle={translate('auth.sign_in_subtitle')}>
            <Form onSubmit={(values: Partial<Credentials>) => submit(values)} noValidate>
                <TextInput
                    source="username"
                    label="auth.username"
                    autoComplete="username"
                    autoFocus
                    validate={required()}
                    slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
                />
                <PasswordInput source="password" label="auth.password" autoComplete="current-password" validate={required()} />
                {problem && (
                    <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                        {translate(problem.key, problem.values)}
                    </Alert>
                )}
                <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    fullWidth
                    disabled={pending !== null}
                    startIcon={pending === 'password' ? <CircularProgress size={18} color="inherit" /> : undefined}
                    sx={{ mt: 2 }}
                >
                    {translate(pending === 'password' ? 'auth.signing_in' : 'auth.sign_in')}
                </Button>
            </Form>
            {settings.operatorSignIn && (
                <>
                    <Divider sx={{ my: 2 }}>{translate('auth.or')}</Divider>
                    <Button
                        variant="outlined"
                        size="large"
                        fullWidth
                        disabled={pending !== null}
                        onClick={signInWithOperator}
                        startIcon={pending === 'operator' ? <CircularProgress size={18} color="inherit" /> : <SmartphoneIcon />}
                    >
                        {translate(pending === 'operator' ? 'auth.operator_redirecting' : 'auth.operator_sign_in')}
                    </Button>
                </>
            )}
            <Box sx={{ mt: 3, textAlign: 'center' }}>
                <Typography variant="body2" component="span" color="text.secondary">
                    {translate('auth.register_prompt')}{' '}
                </Typography>
                <MuiLink component={Link} to="/register" variant="body2">
                    {translate('auth.register_link')}
                </MuiLink>
            </Box>
        </AuthLayout>
    );
};
