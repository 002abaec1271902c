import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { handler } from '../../lib/handler';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { resendOtp } from '../../../contract/auth';
import { HOME_PATH, nextPath, signIn } from '../../authProvider/signIn';
import { useT } from '../../i18n/context';
import { apiErrorOf, errorKeyOf } from '../../lib/apiErrors';
import { otp as otpCode } from '../../lib/contractChecks';
import { required } from '../../lib/fieldChecks';
import { notices } from '../../lib/notices';
import { callApi } from '../../lib/portalApi';
import { session, type PendingOtp } from '../../lib/session';
import { AuthLayout } from './AuthLayout';
import {
    codesSpentProblem,
    FormField,
    FormProblem,
    SignedOutForm,
    SubmitButton,
    useSignedOutForm,
    type Problem,
} from './FormParts';

/** How long before another code may be asked for. */
const RESEND_COOLDOWN_S = 30;

/** Seconds left of a wait, counted down each second; `restart(seconds)` begins another. */
const useCountdown = (seconds: number) => {
    const [left, setLeft] = useState(seconds);
    useEffect(() => {
        if (left <= 0) return undefined;
        const timer = setTimeout(() => setLeft(value => value - 1), 1000);
        return () => clearTimeout(timer);
    }, [left]);
    return [left, (next = seconds) => setLeft(next)] as const;
};

/** The second factor of a staff sign-in: the 6-digit code sent by SMS. */
export const OtpPage = () => {
    const { translate, locale } = useT();
    const navigate = useNavigate();
    const form = useSignedOutForm({ otp: '' });
    const [pending, setPending] = useState<PendingOtp | null>(() => session.pendingOtp());
    const [problem, setProblem] = useState<Problem | null>(null);
    /** Five wrong codes ended this sign-in on the server: neither waiting nor a new code helps. */
    const [ended, setEnded] = useState(false);
    const [signedInAtMount] = useState(session.isSignedIn);
    const [cooldown, restartCooldown] = useCountdown(RESEND_COOLDOWN_S);

    if (!pending) {
        return (
            <AuthLayout title={translate('auth.otp.title')}>
                <Alert severity="info">{translate('auth.otp.missing')}</Alert>
                <Button component={Link} to="/" fullWidth sx={{ mt: 2 }}>
                    {translate('app.back_to_sign_in')}
                </Button>
            </AuthLayout>
        );
    }
    if (signedInAtMount) return <Navigate to={HOME_PATH} replace />;

    const failed = (error: unknown) => {
        const key = errorKeyOf(error);
        if (key === 'errors.otp_attempts_exhausted') {
            // The server refuses this sign-in for good: nothing of it is worth keeping.
            session.clearPendingOtp();
            setEnded(true);
        }
        const spent = codesSpentProblem(error, locale);
        // At the phone's cap, "Send a new code" waits out the time the server names.
        if (spent) restartCooldown(apiErrorOf(error)?.retry_after);
        setProblem(spent ?? { key });
    };

    const verify = async ({ otp }: { otp: string }) => {
        setProblem(null);
        const next = nextPath.peek();
        try {
            const answer = await signIn({ auth_id: pending.auth_id, otp: otp.trim() });
            void navigate(answer?.redirectTo ?? next);
        } catch (error) {
            failed(error);
        }
    };

    const resend = async () => {
        setProblem(null);
        try {
            const answer = await callApi(resendOtp, { body: { auth_id: pending.auth_id } });
            const next = { ...pending, auth_id: answer.auth_id, sent_to: answer.sent_to };
            session.setPendingOtp(next);
            setPending(next);
            restartCooldown();
            notices.push({ message: 'auth.otp.resent', type: 'info' });
        } catch (error) {
            failed(error);
        }
    };

    const minutesLeft = Math.ceil(cooldown / 60);

    return (
        <AuthLayout title={translate('auth.otp.title')} subtitle={translate('auth.otp.help', { sent_to: pending.sent_to })}>
            <SignedOutForm form={form} onSubmit={verify} onInvalid={() => setProblem(null)}>
                <FormField
                    name="otp"
                    label="auth.otp.code"
                    autoFocus
                    autoComplete="one-time-code"
                    checks={[required, otpCode]}
                    inputProps={{ inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' }}
                />
                <FormProblem message={problem?.key ?? null} values={problem?.values} />
                <SubmitButton label="auth.otp.verify" busyLabel="auth.otp.verifying" disabled={ended} />
            </SignedOutForm>
            {ended ? (
                <Button component={Link} to="/" variant="outlined" fullWidth sx={{ mt: 2 }}>
                    {translate('auth.otp.sign_in_again')}
                </Button>
            ) : (
                <Box
                    sx={{
                        mt: 2,
                        display: 'flex',
                        justifyContent: 'space-between',
                        alignItems: 'center',
                        flexWrap: 'wrap',
                        gap: 1,
                    }}
                >
                    <Button onClick={handler(resend)} disabled={cooldown > 0}>
                        {cooldown <= 0
                            ? translate('auth.otp.resend')
                            : cooldown <= 90
                              ? translate('auth.otp.resend_in', { seconds: cooldown })
                              : translate('auth.otp.resend_in_minutes', { smart_count: minutesLeft })}
                    </Button>
                    <MuiLink component={Link} to="/" variant="body2" onClick={() => session.clearPendingOtp()}>
                        {translate('app.back_to_sign_in')}
                    </MuiLink>
                </Box>
            )}
        </AuthLayout>
    );
};
