import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TodayIcon from '@mui/icons-material/Today';
import { Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { PAR_DAYS, type BiChanges, type BiKpis } from '../../../contract/analytics';
import { useT } from '../../i18n/context';
import { changeOf, formatCount, formatMoney, formatRate, type Change } from '../dashboard/figures';

const CARD_SIZE = { xs: 12, sm: 6, md: 4, xl: 2 } as const;

/** The change in words, with an arrow beside it: never colour alone. */
const ChangeLine = ({ change }: { change: Change | 'today' }) => {
    const { translate } = useT();
    const [icon, text]: [ReactNode, string] =
        change === 'today'
            ? [<TodayIcon key="today" fontSize="small" />, translate('bi.kpi.today')]
            : change.direction === 'none'
              ? [
                    <TrendingFlatIcon key="none" fontSize="small" />,
                    translate(change.reason === 'no_rate' ? 'bi.change.none' : 'bi.change.no_comparable'),
                ]
              : change.direction === 'same'
                ? [<TrendingFlatIcon key="same" fontSize="small" />, translate('bi.change.same')]
                : [
                      change.direction === 'up' ? (
                          <TrendingUpIcon key="up" fontSize="small" />
                      ) : (
                          <TrendingDownIcon key="down" fontSize="small" />
                      ),
                      translate(`bi.change.${change.direction}`, {
                          change: change.unit === 'points' ? translate('bi.change.points', { points: change.size }) : change.size,
                      }),
                  ];
    return (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 1 }}>
            <Box aria-hidden sx={{ display: 'flex' }}>
                {icon}
            </Box>
            <Typography variant="body2">{text}</Typography>
        </Stack>
    );
};

/** One figure: its label names the card (a group), the value, a detail, and how it moved. */
const KpiCard = ({
    label,
    value,
    detail,
    change,
}: {
    label: string;
    value: string;
    detail?: string;
    change: Change | 'today';
}) => {
    const labelId = useId();
    return (
        <Card variant="outlined" role="group" aria-labelledby={labelId} sx={{ height: '100%' }}>
            <CardContent>
                <Typography id={labelId} variant="subtitle2" component="h3" color="text.secondary">
                    {label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {value}
                </Typography>
                {detail && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {detail}
                    </Typography>
                )}
                <ChangeLine change={change} />
            </CardContent>
        </Card>
    );
};

/** Six cards while the overview loads. */
export const KpiSkeletons = () => (
    <Grid container spacing={2}>
        {Array.from({ length: 6 }, (_, index) => (
            <Grid key={index} size={CARD_SIZE}>
                <Skeleton variant="rounded" height={132} />
            </Grid>
        ))}
    </Grid>
);

/**
 * The overview's headline figures (contract/analytics/ "The figures"), each against the period
 * before as the server states the change (`changes`): loans originated (and their value), collected, repayment rate; and today's portfolio at
 * risk, devices locked and active loans, which have no period to compare.
 */
export const KpiCards = ({ kpis, changes }: { kpis: BiKpis; changes: BiChanges }) => {
    const { translate, locale } = useT();
    const money = (value: number) => formatMoney(value, locale);
    const count = (value: number) => formatCount(value, locale);
    const cards = [
        {
            key: 'loans_originated',
            label: translate('bi.kpi.loans_originated'),
            value: count(kpis.loans_originated),
            detail: translate('bi.kpi.loan_value', { value: money(kpis.loan_value) }),
            change: changeOf(changes.loans_originated, locale),
        },
        {
            key: 'collected',
            label: translate('bi.kpi.collected'),
            value: money(kpis.collected),
            change: changeOf(changes.collected, locale),
        },
        {
            key: 'repayment_rate',
            label: translate('bi.kpi.repayment_rate'),
            value: formatRate(kpis.repayment_rate, locale) ?? '—',
            detail:
                kpis.repayment_rate === null
                    ? translate('bi.kpi.nothing_due')
                    : translate('bi.kpi.repayment_detail', {
                          collected: money(kpis.instalments_collected),
                          due: money(kpis.instalments_due),
                      }),
            change: changeOf(changes.repayment_rate, locale),
        },
        {
            key: 'par',
            label: translate('bi.kpi.par', { days: PAR_DAYS }),
            value: formatRate(kpis.par_rate, locale) ?? '—',
            detail:
                kpis.par_rate === null
                    ? translate('bi.kpi.no_balance')
                    : translate('bi.kpi.par_detail', { risk: money(kpis.par_balance), balance: money(kpis.active_balance) }),
            change: 'today' as const,
        },
        {
            key: 'devices_locked',
            label: translate('bi.kpi.devices_locked'),
            value: count(kpis.devices_locked),
            change: 'today' as const,
        },
        {
            key: 'active_loans',
            label: translate('bi.kpi.active_loans'),
            value: count(kpis.active_loans),
            detail: translate('bi.kpi.active_detail', { balance: money(kpis.active_balance) }),
            change: 'today' as const,
        },
    ];
    return (
        <Grid container spacing={2}>
            {cards.map(({ key, ...card }) => (
                <Grid key={key} size={CARD_SIZE}>
                    <KpiCard {...card} />
                </Grid>
            ))}
        </Grid>
    );
};
