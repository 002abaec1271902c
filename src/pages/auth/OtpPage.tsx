import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, TextInput, required, useLogin, useNotify, useTranslate } from 'react-admin';
import { Link, Navigate } from 'react-router-dom';
import { resendOtp } from '../../../contract/auth';
import { HOME_PATH, nextPath } from '../../authProvider';
import { session, type PendingOtp } from '../../lib/session';
import { callApi } from '../../lib/portalApi';
import { usePortalValidators } from '../../lib/validators';
import { AuthLayout } from './AuthLayout';
import { errorKeyOf } from '../../lib/apiErrors';
import { FormProblem, SubmitButton } from './FormParts';

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
    const translate = useTranslate();
    const notify = useNotify();
    const login = useLogin();
    const validate = usePortalValidators();
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

    const verify = async ({ otp }: { otp?: string }) => {
        setProblem(null);
        try {
            await login({ auth_id: pending.auth_id, otp: (otp ?? '').trim() }, nextPath.peek());
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
            notify('auth.otp.resent', { type: 'info' });
        } catch (error) {
            setProblem(errorKeyOf(error));
        }
    };

    return (
        <AuthLayout title={translate('auth.otp.title')} subtitle={translate('auth.otp.help', { sent_to: pending.sent_to })}>
            <Form onSubmit={(values: { otp?: string }) => verify(values)} noValidate>
                <TextInput
                    source="otp"
                    label="auth.otp.code"
                    autoFocus
                    autoComplete="one-time-code"
                    validate={[required(), validate.otp]}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
                />
                <FormProblem message={problem} />
                <SubmitButton label="auth.otp.verify" busyLabel="auth.otp.verifying" />
            </Form>
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
