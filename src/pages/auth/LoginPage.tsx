import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { handler } from '../../lib/handler';
import { Button, CircularProgress, Divider } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../authProvider/paths';
import { settings } from '../../config';
import { useT } from '../../i18n/context';
import { apiErrorOf, errorKeyOf } from '../../lib/apiErrors';
import { required } from '../../lib/fieldChecks';
import { isOnline } from '../../lib/online';
import { hasStoredSession } from '../../lib/sessionHint';
import { AuthLayout } from './AuthLayout';
import {
    AlternativeLink,
    codesSpentProblem,
    FormField,
    FormProblem,
    PasswordField,
    SignedOutForm,
    SubmitButton,
    useSignedOutForm,
    type Problem,
} from './FormParts';

/**
 * Signing in itself (the contract's calls, the HTTP client, the session's encryption) loads when
 * the visitor starts typing or asks for it, not with the page: the page shows sooner on a slow line.
 */
const loadSignIn = () => import('../../authProvider/signIn');

type Credentials = { username: string; password: string };

const problemOf = (error: unknown, locale: string): Problem => {
    // Offline, even loading the sign-in code fails: say why rather than "an error occurred".
    if (!isOnline()) return { key: 'errors.offline' };
    // The password was right, but the phone has had its share of unused codes: say so, and until when.
    const codesSpent = codesSpentProblem(error, locale);
    if (codesSpent) return codesSpent;
    const retryAfter = apiErrorOf(error)?.retry_after;
    // Throttled: how long to wait, in whole minutes rounded up (a wait is never shorter than said).
    if (retryAfter !== undefined)
        return { key: 'auth.retry_in_minutes', values: { smart_count: Math.max(1, Math.ceil(retryAfter / 60)) } };
    return { key: errorKeyOf(error) };
};

/**
 * Whether to show the form: a visitor whose stored session is still good goes on to the
 * dashboard. Decided once: after a sign-in succeeds this page may render again before the
 * navigation to where the user was going, and must not send them to the home instead.
 */
const useSignedOut = (): boolean => {
    const navigate = useNavigate();
    const [signedOut, setSignedOut] = useState(() => !hasStoredSession());
    useEffect(() => {
        if (signedOut) return undefined;
        let live = true;
        loadSignIn().then(
            ({ isSignedIn }) => {
                if (!live) return;
                if (isSignedIn()) void navigate(HOME_PATH, { replace: true });
                else setSignedOut(true);
            },
            () => live && setSignedOut(true),
        );
        return () => {
            live = false;
        };
    }, [signedOut, navigate]);
    return signedOut;
};

export const LoginPage = () => {
    const { translate, locale } = useT();
    const navigate = useNavigate();
    const form = useSignedOutForm<Credentials>(
        { username: '', password: '' },
        { onFirstInput: () => void loadSignIn().catch(() => undefined) },
    );
    /** On the way to the mobile operator's page. */
    const [redirecting, setRedirecting] = useState(false);
    const [problem, setProblem] = useState<Problem | null>(null);
    const signedOut = useSignedOut();

    if (!signedOut) return null;

    const submit = async ({ username, password }: Credentials) => {
        setProblem(null);
        try {
            const { nextPath, signIn } = await loadSignIn();
            // Back where the user was sent away from, else the dashboard.
            const next = nextPath.peek();
            const answer = await signIn({ username, password });
            void navigate(answer?.redirectTo ?? next);
        } catch (error) {
            setProblem(problemOf(error, locale));
        }
    };

    const signInWithOperator = async () => {
        setRedirecting(true);
        setProblem(null);
        try {
            const { operatorSignInUrl } = await loadSignIn();
            window.location.assign(await operatorSignInUrl());
        } catch (error) {
            setProblem(problemOf(error, locale));
            setRedirecting(false);
        }
    };

    return (
        <AuthLayout title={translate('auth.sign_in_title')} subtitle={translate('auth.sign_in_subtitle')}>
            <SignedOutForm form={form} onSubmit={submit} onInvalid={() => setProblem(null)}>
                <FormField
                    name="username"
                    label="auth.username"
                    autoComplete="username"
                    autoFocus
                    checks={[required]}
                    inputProps={{ autoCapitalize: 'none', spellCheck: false }}
                />
                <PasswordField name="password" label="auth.password" autoComplete="current-password" checks={[required]} />
                <FormProblem message={problem?.key ?? null} values={problem?.values} />
                <SubmitButton label="auth.sign_in" busyLabel="auth.signing_in" disabled={redirecting} />
            </SignedOutForm>
            {settings.operatorSignIn && (
                <>
                    <Divider sx={{ my: 2 }}>{translate('auth.or')}</Divider>
                    <Button
                        variant="outlined"
                        size="large"
                        fullWidth
                        disabled={redirecting}
                        onClick={handler(signInWithOperator)}
                        startIcon={redirecting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SmartphoneIcon />}
                    >
                        {translate(redirecting ? 'auth.operator_redirecting' : 'auth.operator_sign_in')}
                    </Button>
                </>
            )}
            <AlternativeLink prompt="auth.register_prompt" link="auth.register_link" to="/register" />
        </AuthLayout>
    );
};
