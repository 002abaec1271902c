import AnalyticsIcon from '@mui/icons-material/Analytics';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useCanAccess, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { biDashboard, PAR_DAYS, type BiChanges, type BiKpis } from '../../../contract/analytics';
import { LoadError } from '../../lists/LoadError';
import { callApi } from '../../lib/portalApi';
import { changeOf, formatCount, formatMoney, formatMonth, formatPeriod, formatRate, type Change } from './figures';

export const dashboardKey = ['bi', 'dashboard'] as const;

/** How many cards there are: the skeletons take their places while the numbers load. */
const CARDS = 6;
const CARD_SIZE = { xs: 12, sm: 6, md: 4 } as const;

const CHANGE_ICONS = { up: ArrowUpwardIcon, down: ArrowDownwardIcon, same: RemoveIcon, none: RemoveIcon } as const;
/** The arrow's colour repeats what the words say (up is better for every compared figure). */
const CHANGE_COLOURS = { up: 'success.main', down: 'error.main', same: 'text.secondary', none: 'text.secondary' } as const;

/** "Up 25% on last month", with an arrow beside it: the words carry the meaning, the colour only repeats it. */
const ChangeLine = ({ change }: { change: Change }) => {
    const translate = useTranslate();
    // No rate this month: the card's detail already says nothing fell due.
    if (change.direction === 'none' && change.reason === 'no_rate') return null;
    const Icon = CHANGE_ICONS[change.direction];
    const words =
        change.direction === 'none'
            ? translate('dashboard.kpi.change.no_comparable')
            : change.direction === 'same'
              ? translate('dashboard.kpi.change.same')
              : translate(`dashboard.kpi.change.${change.direction}`, {
                    size: change.unit === 'points' ? translate('dashboard.kpi.points', { points: change.size }) : change.size,
                });
    return (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Icon fontSize="small" aria-hidden sx={{ color: CHANGE_COLOURS[change.direction] }} />
            <Typography variant="body2">{words}</Typography>
        </Stack>
    );
};

interface Figure {
    key: string;
    label: string;
    value: string;
    /** What the figure is made of, or why there is none. */
    detail?: string;
    /** Compared with last month; the figures of today (PAR, devices) are not. */
    change?: Change;
    lastMonth?: string;
    today?: boolean;
}

const KpiCard = ({ figure }: { figure: Figure }) => {
    const translate = useTranslate();
    const labelId = useId();
    return (
        <Card variant="outlined" component="section" aria-labelledby={labelId} sx={{ height: '100%' }}>
            <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
                    <Typography id={labelId} component="h3" variant="subtitle2" color="text.secondary">
                        {figure.label}
                    </Typography>
                    {figure.today ? (
                        <Typography variant="caption" color="text.secondary">
                            {translate('dashboard.kpi.today')}
                        </Typography>
                    ) : null}
                </Stack>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5, overflowWrap: 'anywhere' }}>
                    {figure.value}
                </Typography>
                {figure.detail ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {figure.detail}
                    </Typography>
                ) : null}
                {figure.change ? <ChangeLine change={figure.change} /> : null}
                {figure.lastMonth ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {translate('dashboard.kpi.last_month', { value: figure.lastMonth })}
                    </Typography>
                ) : null}
            </CardContent>
        </Card>
    );
};

/** The six figures of the cards, written in the user's language. */
const useFigures = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const money = (value: number) => formatMoney(value, locale);
    const count = (value: number) => formatCount(value, locale);
    const rate = (value: number | null) => formatRate(value, locale) ?? '—';
    return (now: BiKpis, before: BiKpis, changes: BiChanges): Figure[] => [
        {
            key: 'loans_originated',
            label: translate('dashboard.kpi.loans_originated'),
            value: count(now.loans_originated),
            change: changeOf(changes.loans_originated, locale),
            lastMonth: count(before.loans_originated),
        },
        {
            key: 'loan_value',
            label: translate('dashboard.kpi.loan_value'),
            value: money(now.loan_value),
            change: changeOf(changes.loan_value, locale),
            lastMonth: money(before.loan_value),
        },
        {
            key: 'collected',
            label: translate('dashboard.kpi.collected'),
            value: money(now.collected),
            change: changeOf(changes.collected, locale),
            lastMonth: money(before.collected),
        },
        {
            key: 'repayment_rate',
            label: translate('dashboard.kpi.repayment_rate'),
            value: rate(now.repayment_rate),
            detail:
                now.repayment_rate === null
                    ? translate('dashboard.kpi.nothing_due')
                    : translate('dashboard.kpi.collected_of_due', {
                          collected: money(now.instalments_collected),
                          due: money(now.instalments_due),
                      }),
            change: changeOf(changes.repayment_rate, locale),
            lastMonth: rate(before.repayment_rate),
        },
        {
            key: 'par',
            label: translate('dashboard.kpi.par', { days: PAR_DAYS }),
            value: rate(now.par_rate),
            detail:
                now.par_rate === null
                    ? translate('dashboard.kpi.no_active')
                    : translate('dashboard.kpi.at_risk_of', {
                          at_risk: money(now.par_balance),
                          balance: money(now.active_balance),
                      }),
            today: true,
        },
        {
            key: 'devices_locked',
            label: translate('dashboard.kpi.devices_locked'),
            value: count(now.devices_locked),
            detail: translate('dashboard.kpi.of_active', { smart_count: now.active_loans, count: count(now.active_loans) }),
            today: true,
        },
    ];
};

const Loading = () => {
    const translate = useTranslate();
    return (
        <Box role="status" aria-label={translate('dashboard.kpi.loading')} sx={{ mb: 3 }}>
            <Skeleton variant="text" width="40%" height={36} />
            <Grid container spacing={2} sx={{ mt: 1 }}>
                {Array.from({ length: CARDS }, (_, index) => (
                    <Grid key={index} size={CARD_SIZE}>
                        <Skeleton variant="rounded" height={132} />
                    </Grid>
                ))}
            </Grid>
        </Box>
    );
};

/**
 * The user's own headline numbers (`bi_dashboard`): this month so far against last month, for the
 * business (back-office analysts), their shops (shop staff with an analytics role) or their own
 * sales (whoever sells). Nothing at all for a user the server gives no numbers (`scope` null).
 */
export const HeadlineNumbers = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const figuresOf = useFigures();
    const { canAccess: canOpenBi } = useCanAccess({ resource: 'bi', action: 'list' });
    const headingId = useId();
    const query = useQuery({ queryKey: dashboardKey, queryFn: ({ signal }) => callApi(biDashboard, {}, { signal }) });

    if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} sx={{ mb: 3 }} />;
    if (query.isPending) return <Loading />;
    const answer = query.data;
    const { scope, kpis, previous_kpis: before, changes } = answer;
    if (scope === null || !kpis || !before || !changes) return null;
    return (
        <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
            <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
            >
                <Box sx={{ minWidth: 0 }}>
                    <Typography id={headingId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
                        {/* Whose numbers these are: the business, the user's shops, or their own sales. */}
                        {translate(`dashboard.kpi.title.${scope}`, { name: answer.scope_label ?? '' })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {translate('dashboard.kpi.period', {
                            current: formatPeriod(answer.current.from, answer.current.to, locale),
                            previous: formatMonth(answer.previous.from, locale),
                        })}
                    </Typography>
                </Box>
                {canOpenBi ? (
                    <Button component={Link} to="/bi" variant="outlined" startIcon={<AnalyticsIcon />}>
                        {translate('dashboard.kpi.open_bi')}
                    </Button>
                ) : null}
            </Stack>
            <Grid container spacing={2}>
                {figuresOf(kpis, before, changes).map(figure => (
                    <Grid key={figure.key} size={CARD_SIZE}>
                        <KpiCard figure={figure} />
                    </Grid>
                ))}
            </Grid>
        </Box>
    );
};
