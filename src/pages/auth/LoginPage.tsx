import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { Button, CircularProgress, Divider } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, required, useLogin, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { startOperatorSignIn } from '../../../contract/auth';
import { HOME_PATH, nextPath } from '../../authProvider';
import { session } from '../../lib/session';
import { settings } from '../../config';
import { callApi } from '../../lib/portalApi';
import { AuthLayout } from './AuthLayout';
import { apiErrorOf, errorKeyOf } from '../../lib/apiErrors';
import { AlternativeLink, FormProblem, SubmitButton } from './FormParts';

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
    /** On the way to the mobile operator's page. */
    const [redirecting, setRedirecting] = useState(false);
    const [problem, setProblem] = useState<Problem | null>(null);
    // Decided once: after a sign-in succeeds this page may render again before the navigation to
    // where the user was going, and must not send them to the home instead.
    const [signedInAtMount] = useState(session.isSignedIn);

    if (signedInAtMount) return <Navigate to={HOME_PATH} replace />;

    const submit = async (values: Partial<Credentials>) => {
        setProblem(null);
        try {
            // Back where the user was sent away from, else the dashboard.
            await login({ username: values.username ?? '', password: values.password ?? '' }, nextPath.peek());
        } catch (error) {
            setProblem(problemOf(error));
        }
    };

    const signInWithOperator = async () => {
        setRedirecting(true);
        setProblem(null);
        try {
            const { authorize_url } = await callApi(startOperatorSignIn, { body: { provider: 'mno' } });
            window.location.assign(authorize_url);
        } catch (error) {
            setProblem(problemOf(error));
            setRedirecting(false);
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
                <FormProblem message={problem?.key ?? null} values={problem?.values} />
                <SubmitButton label="auth.sign_in" busyLabel="auth.signing_in" disabled={redirecting} />
            </Form>
            {settings.operatorSignIn && (
                <>
                    <Divider sx={{ my: 2 }}>{translate('auth.or')}</Divider>
                    <Button
                        variant="outlined"
                        size="large"
                        fullWidth
                        disabled={redirecting}
                        onClick={signInWithOperator}
                        startIcon={redirecting ? <CircularProgress size={18} color="inherit" /> : <SmartphoneIcon />}
                    >
                        {translate(redirecting ? 'auth.operator_redirecting' : 'auth.operator_sign_in')}
                    </Button>
                </>
            )}
            <AlternativeLink prompt="auth.register_prompt" link="auth.register_link" to="/register" />
        </AuthLayout>
    );
};
