import StorefrontIcon from '@mui/icons-material/Storefront';
import GroupsIcon from '@mui/icons-material/Groups';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Avatar, Box, Card, CardActionArea, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useGetIdentity, useLocale, usePermissions, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { PortalIdentity } from '../../authProvider';
import { formatDateTime } from '../../lib/format';
import { LoadError } from '../../lists/LoadError';
import { hrefOf, visibleEntries } from '../../layout/menu';
import { HeadlineNumbers } from './HeadlineNumbers';

const Fact = ({ icon, label, value }: { icon: ReactNode; label: string; value: string }) => (
    <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
                <Box sx={{ minWidth: 0 }}>
                    <Typography variant="overline" color="text.secondary">
                        {label}
                    </Typography>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {value}
                    </Typography>
                </Box>
            </Stack>
        </CardContent>
    </Card>
);

/** The screens the user may open, straight from the menu table. */
const Shortcuts = () => {
    const translate = useTranslate();
    const { permissions, isPending, error, refetch } = usePermissions<string[]>();
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    if (isPending) return <Skeleton variant="rounded" height={96} />;
    const entries = visibleEntries(new Set(permissions ?? [])).filter(item => item.path !== '');
    if (entries.length === 0) return <Typography color="text.secondary">{translate('dashboard.no_shortcuts')}</Typography>;
    return (
        <Grid container spacing={2}>
            {entries.map(item => {
                const Icon = item.icon;
                return (
                    <Grid key={item.key} size={{ xs: 6, sm: 4, md: 3 }}>
                        <Card variant="outlined" sx={{ height: '100%' }}>
                            <CardActionArea component={Link} to={hrefOf(item)} sx={{ height: '100%', p: 2 }}>
                                <Icon color="primary" />
                                <Typography variant="subtitle2" sx={{ mt: 1 }}>
                                    {translate(item.label)}
                                </Typography>
                            </CardActionArea>
                        </Card>
                    </Grid>
                );
            })}
        </Grid>
    );
};

/** The dashboard home: who is signed in, their headline numbers, their group and shop, until when, and where to go. */
export const DashboardHome = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const { identity, isPending } = useGetIdentity();
    const me = identity as PortalIdentity | undefined;

    return (
        <Box sx={{ py: 2 }}>
            <Title title={translate('ra.page.dashboard')} />
            {isPending || !me ? (
                <Skeleton variant="rounded" height={120} />
            ) : (
                <>
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
                        <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontSize: 28 }}>{me.initial}</Avatar>
                        <Box>
                            <Typography component="h1" variant="h5">
                                {translate('dashboard.greeting', { name: me.fullName })}
                            </Typography>
                            <Typography color="text.secondary">{me.group.name.toUpperCase()}</Typography>
                        </Box>
                    </Stack>
                    <HeadlineNumbers />
                    <Grid container spacing={2}>
                        <Grid size={{ xs: 12, sm: 4 }}>
                            <Fact icon={<GroupsIcon />} label={translate('dashboard.group')} value={me.group.name} />
                        </Grid>
                        <Grid size={{ xs: 12, sm: 4 }}>
                            <Fact
                                icon={<StorefrontIcon />}
                                label={translate('dashboard.shop')}
                                value={me.shop?.name ?? translate('dashboard.no_shop')}
                            />
                        </Grid>
                        <Grid size={{ xs: 12, sm: 4 }}>
                            <Fact
                                icon={<ScheduleIcon />}
                                label={translate('dashboard.session')}
                                value={translate('dashboard.session_until', { time: formatDateTime(me.exp, locale) })}
                            />
                        </Grid>
                    </Grid>
                    <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 2 }}>
                        {translate('dashboard.shortcuts')}
                    </Typography>
                    <Shortcuts />
                </>
            )}
        </Box>
    );
};
