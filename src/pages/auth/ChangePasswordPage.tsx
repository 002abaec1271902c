import { Alert, Box, Link as MuiLink } from '@mui/material';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { HOME_PATH, nextPath, signOut, SIGN_IN_PATH } from '../../authProvider/signIn';
import { useT } from '../../i18n/context';
import { notices } from '../../lib/notices';
import { session } from '../../lib/session';
import { AuthLayout } from './AuthLayout';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * "Choose a new password": where a sign-in with a password an administrator reset lands, and the
 * only page such a session opens (the signed-in shell sends it back here, and the server refuses
 * it everything else). Once the password is changed the session is a normal one and the user goes
 * on to the dashboard.
 */
export const ChangePasswordPage = () => {
    const { translate } = useT();
    const navigate = useNavigate();
    // Decided once: after the change the session no longer must change, and this page must not
    // send the user to sign-in or lose the form before the navigation.
    const [user] = useState(() => (session.isSignedIn() ? session.user() : null));
    if (!user) return <Navigate to={SIGN_IN_PATH} replace />;
    const afterReset = user.must_change_password === true;

    const done = (ended: number) => {
        notices.push({
            message: ended > 0 ? 'password.changed_others' : 'password.changed',
            type: 'success',
            args: { smart_count: ended },
        });
        // On to the dashboard: a page the user was sent away from may be one their roles do not open.
        nextPath.clear();
        void navigate(HOME_PATH, { replace: true });
    };

    return (
        <AuthLayout title={translate(afterReset ? 'password.title' : 'password.change_title')}>
            {afterReset ? (
                <Alert severity="info" sx={{ mb: 2 }}>
                    {translate('password.reset_notice')}
                </Alert>
            ) : null}
            <ChangePasswordForm afterReset={afterReset} onDone={done} />
            <Box sx={{ mt: 2, textAlign: 'center' }}>
                <MuiLink component={Link} to={SIGN_IN_PATH} variant="body2" onClick={() => void signOut()}>
                    {translate('password.sign_out')}
                </MuiLink>
            </Box>
        </AuthLayout>
    );
};
