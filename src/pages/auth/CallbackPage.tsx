import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { nextPath } from '../../authProvider';
import { AuthLayout } from './AuthLayout';
import { errorKeyOf } from '../../lib/apiErrors';

/**
 * Where the mobile operator sends the browser back (`/callback/:authId/:provider?code=…`): the
 * one-time code is exchanged for a session. A cancelled or failed operator sign-in says so.
 */
export const CallbackPage = () => {
    const translate = useTranslate();
    const login = useLogin();
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
        login({ auth_id: authId, provider, code }, nextPath.peek()).catch((error: unknown) => setProblem(errorKeyOf(error)));
    }, [authId, provider, code, login]);

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
                    <CircularProgress size={24} />
                    <Typography>{translate('auth.callback.working')}</Typography>
                </Box>
            )}
        </AuthLayout>
    );
};
