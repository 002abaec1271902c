import { Box, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { LoadError } from '../../lists/LoadError';
import { useRoleWords } from '../../resources/security/roleWords';

/** What the signed-in user may do: the roles of their group in words, each code in its tooltip. */
export const ProfilePage = () => {
    const translate = useTranslate();
    const roleWords = useRoleWords();
    const { permissions, isPending, error, refetch } = usePermissions<string[]>();
    const roles = [...(permissions ?? [])].sort();
    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('profile.title')} />
            <Card>
                <CardContent>
                    <Typography component="h1" variant="h6" gutterBottom>
                        {translate('profile.roles')}
                    </Typography>
                    {error ? (
                        <LoadError error={error} onRetry={() => void refetch()} />
                    ) : isPending ? (
                        <Skeleton variant="rounded" height={80} />
                    ) : roles.length === 0 ? (
                        <Typography color="text.secondary">{translate('profile.no_roles')}</Typography>
                    ) : (
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                            {roles.map(code => (
                                <Chip key={code} label={roleWords(code)} title={code} variant="outlined" />
                            ))}
                        </Stack>
                    )}
                </CardContent>
            </Card>
        </Box>
    );
};
