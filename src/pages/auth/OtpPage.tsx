import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { resendOtp } from '../../../contract/auth';
import { HOME_PATH, nextPath, signIn } from '../../authProvider/signIn';
import { useT } from '../../i18n/context';
import { errorKeyOf } from '../../lib/apiErrors';
import { otp as otpCode } from '../../lib/contractChecks';
import { required } from '../../lib/fieldChecks';
import { notices } from '../../lib/notices';
import { callApi } from '../../lib/portalApi';
import { session, type PendingOtp } from '../../lib/session';
import { AuthLayout } from './AuthLayout';
import { FormField, FormProblem, SignedOutForm, SubmitButton, useSignedOutForm } from './FormParts';

/** How long before another code may be asked for. */
const RESEND_COOLDOWN_S = 30;

const useCountdown = (seconds: number) => {
    const [left, setLeft] = useState(seconds);
    useEffect(() => {
        if (left <= 0) return undefined;
        const timer = setTimeout(() => setLeft(value => value - 1), 1000);
        return () => clearTimeout(timer);
    }, [left]);
    return [left, () => setLeft(seconds)] as const;
};

/** The second factor of a staff sign-in: the 6-digit code sent by SMS. */
export const OtpPage = () => {
    const { translate } = useT();
    const navigate = useNavigate();
    const form = useSignedOutForm({ otp: '' });
    const [pending, setPending] = useState<PendingOtp | null>(() => session.pendingOtp());
    const [problem, setProblem] = useState<string | null>(null);
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

    const verify = async ({ otp }: { otp: string }) => {
        setProblem(null);
        const next = nextPath.peek();
        try {
            const answer = await signIn({ auth_id: pending.auth_id, otp: otp.trim() });
            navigate(answer?.redirectTo ?? next);
        } catch (error) {
            setProblem(errorKeyOf(error));
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
            setProblem(errorKeyOf(error));
        }
    };

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
                <FormProblem message={problem} />
                <SubmitButton label="auth.otp.verify" busyLabel="auth.otp.verifying" />
            </SignedOutForm>
            <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Button onClick={resend} disabled={cooldown > 0}>
                    {cooldown > 0 ? translate('auth.otp.resend_in', { seconds: cooldown }) : translate('auth.otp.resend')}
                </Button>
                <MuiLink component={Link} to="/" variant="body2" onClick={() => session.clearPendingOtp()}>
                    {translate('app.back_to_sign_in')}
                </MuiLink>
            </Box>
        </AuthLayout>
    );
};
