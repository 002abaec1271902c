import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useNotify, useRedirect, useTranslate } from 'react-admin';
import { ChangePasswordForm } from '../auth/ChangePasswordForm';

/**
 * "Change password" from the profile menu: the form a reset password leads to
 * (pages/auth/ChangePasswordPage), inside the signed-in shell. The user stays signed in here; their
 * other sessions end.
 */
export const ChangePasswordScreen = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const redirect = useRedirect();
    return (
        <Box sx={{ py: 2, maxWidth: 480 }}>
            <Title title={translate('password.change_title')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h6" gutterBottom>
                        {translate('password.change_title')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                        {translate('password.change_help')}
                    </Typography>
                    <ChangePasswordForm
                        onDone={ended => {
                            notify(ended > 0 ? 'password.changed_others' : 'password.changed', {
                                type: 'success',
                                messageArgs: { smart_count: ended },
                            });
                            redirect('/');
                        }}
                    />
                </CardContent>
            </Card>
        </Box>
    );
};
