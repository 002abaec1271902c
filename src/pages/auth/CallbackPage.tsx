import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { nextPath, signIn } from '../../authProvider/signIn';
import { useT } from '../../i18n/context';
import { errorKeyOf } from '../../lib/apiErrors';
import { AuthLayout } from './AuthLayout';

/**
 * Where the mobile operator sends the browser back (`/callback/:authId/:provider?code=…`): the
 * one-time code is exchanged for a session. A cancelled or failed operator sign-in says so.
 */
export const CallbackPage = () => {
    const { translate } = useT();
    const navigate = useNavigate();
    const { authId = '', provider = '' } = useParams();
    const [search] = useSearchParams();
    const code = search.get('code');
    const [problem, setProblem] = useState<string | null>(() =>
        search.get('error') === 'access_denied' ? 'auth.callback.cancelled' : code ? null : 'auth.callback.failed',
    );
    // The code is single use: exchange it once, even when React runs the effect twice.
    const exchanged = useRef(false);

    useEffect(() => {
        if (!code || exchanged.current) return;
        exchanged.current = true;
        const next = nextPath.peek();
        signIn({ auth_id: authId, provider, code }).then(
            answer => navigate(answer?.redirectTo ?? next),
            (error: unknown) => setProblem(errorKeyOf(error)),
        );
    }, [authId, provider, code, navigate]);

    return (
        <AuthLayout title={translate('auth.callback.title')}>
            {problem ? (
                <>
                    <Alert severity="error" role="alert">
                        {translate(problem)}
                    </Alert>
                    <Button component={Link} to="/" variant="contained" fullWidth sx={{ mt: 2 }}>
                        {translate('app.back_to_sign_in')}
                    </Button>
                </>
            ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'center', py: 2 }} role="status">
                    <CircularProgress size={24} aria-hidden />
                    <Typography>{translate('auth.callback.working')}</Typography>
                </Box>
            )}
        </AuthLayout>
    );
};
