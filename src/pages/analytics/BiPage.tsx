import { Alert, Box, Container, CssBaseline, Grid, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { usePermissions } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { BI_REPORTS, type BiReport, type BiReportQuery } from '../../../contract/analytics';
import { canAccessWith } from '../../authProvider/permissions';
import { useT } from '../../i18n/context';
import { errorKeyOf } from '../../lib/apiErrors';
import { AccessDenied } from '../../layout/AccessDenied';
import { LoadError } from '../../lists/LoadError';
import { OfflineBanner } from '../../layout/OfflineBanner';
import { authKey, fetchBiAuth, fetchReport, reportKey, type BiAuth, type ReportAnswers } from './api';
import { formatPeriod } from '../dashboard/figures';
import { BiTopBar } from './BiTopBar';
import { Loading } from './ChartCard';
import { Controls } from './Controls';
import { KpiCards, KpiSkeletons } from './KpiCards';
import { previousPeriod, readChoice, reportQueryOf, searchOf, type BiChoice } from './period';
import { BrandReports } from './BrandReports';
import { RankingReportCard } from './RankingReport';
import type { CardPeriod } from './reportColumns';
import { SeriesReport } from './SeriesReport';

/** One report's call for the chosen period and scope; asked only when the caller may open it and the choice is complete. */
const useReport = <R extends BiReport>(report: R, query: BiReportQuery | null, shown: boolean) =>
    useQuery<ReportAnswers[R]>({
        queryKey: query ? reportKey(report, query) : [report, 'waiting'],
        queryFn: ({ signal }) => fetchReport(report, query!, signal),
        enabled: shown && query !== null,
    });

/** The reports of the chosen period and scope, as far as `bi_auth` and the roles open them. */
const Reports = ({ auth, roles }: { auth: BiAuth; roles: ReadonlySet<string> }) => {
    const { translate, locale } = useT();
    const [search, setSearch] = useSearchParams();
    const choice = readChoice(search, auth);
    const change = (next: BiChoice) => setSearch(searchOf(next));
    const query = reportQueryOf(choice);
    const open = new Set(
        BI_REPORTS.filter(report => auth.reports.includes(report) && canAccessWith(roles, { resource: 'bi', action: report })),
    );

    const overview = useReport('overview', query, open.has('overview'));
    const shops = useReport('shops', query, open.has('shops'));
    const agents = useReport('agents', query, open.has('agents'));
    const owners = useReport('shop_owners', query, open.has('shop_owners'));
    const brands = useReport('unbranded', query, open.has('unbranded'));
    const answered = [overview, shops, agents, owners, brands];

    const scopeLabel = answered.map(result => result.data?.period.scope_label).find(label => label != null) ?? null;
    const knownName =
        choice.scope === 'shop' && auth.shop && choice.member === String(auth.shop.id) ? auth.shop.name : scopeLabel;
    const forbidden = answered.some(result => result.error && errorKeyOf(result.error) === 'errors.scope_forbidden');
    const kpis = overview.data;
    const empty = kpis !== undefined && kpis.kpis.loans_originated === 0 && kpis.kpis.collected === 0;
    let content;
    if (query === null) {
        // A wrong period is said beside its field; a scope waiting for its member says what to pick.
        content = null;
    } else if (forbidden) {
        content = (
            <Alert severity="warning" role="alert">
                {translate('errors.scope_forbidden')}
            </Alert>
        );
    } else {
        // The period is right from here on: its days can be written and counted back.
        const period: CardPeriod = {
            subtitle: [
                formatPeriod(choice.from, choice.to, locale),
                choice.scope === 'all' ? translate('bi.scope.all') : knownName,
            ]
                .filter(Boolean)
                .join(' · '),
            file: `${choice.from}_${choice.to}`,
        };
        const before = previousPeriod(choice.from, choice.to);
        content = (
            <Stack spacing={3}>
                {open.has('overview') && (
                    <Box component="section" aria-labelledby="bi-key-figures">
                        <Typography id="bi-key-figures" component="h2" variant="h6">
                            {translate('bi.kpi.title')}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                            {period.subtitle} ·{' '}
                            {translate('bi.period.compared', { period: formatPeriod(before.from, before.to, locale) })}
                        </Typography>
                        {overview.error ? (
                            <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
                        ) : kpis ? (
                            <KpiCards kpis={kpis.kpis} changes={kpis.changes} />
                        ) : (
                            <KpiSkeletons />
                        )}
                    </Box>
                )}
                {empty ? (
                    <Alert severity="info" role="status">
                        {translate('bi.empty')}
                    </Alert>
                ) : (
                    <Grid container spacing={2}>
                        {open.has('overview') && (
                            <Grid size={12}>
                                <SeriesReport answer={overview.data} state={overview} period={period} />
                            </Grid>
                        )}
                        {open.has('shops') && (
                            <Grid size={{ xs: 12, lg: 6 }}>
                                <RankingReportCard report="shops" answer={shops.data} state={shops} period={period} />
                            </Grid>
                        )}
                        {open.has('agents') && (
                            <Grid size={{ xs: 12, lg: 6 }}>
                                <RankingReportCard report="agents" answer={agents.data} state={agents} period={period} />
                            </Grid>
                        )}
                        {open.has('shop_owners') && (
                            <Grid size={{ xs: 12, lg: 6 }}>
                                <RankingReportCard report="shop_owners" answer={owners.data} state={owners} period={period} />
                            </Grid>
                        )}
                        {open.has('unbranded') && <BrandReports answer={brands.data} state={brands} period={period} />}
                    </Grid>
                )}
            </Stack>
        );
    }
    return (
        <Stack spacing={3}>
            <Controls auth={auth} choice={choice} knownName={knownName} onChange={change} />
            {content}
        </Stack>
    );
};

/** What the caller may see (`bi_auth`) first: the scopes, the reports, their shop, today. */
const BiContent = ({ roles }: { roles: ReadonlySet<string> }) => {
    const auth = useQuery({ queryKey: authKey, queryFn: ({ signal }) => fetchBiAuth(signal) });
    if (auth.error) return <LoadError error={auth.error} onRetry={() => void auth.refetch()} />;
    if (!auth.data) return <Loading height={120} />;
    return <Reports auth={auth.data} roles={roles} />;
};

/**
 * The BI page (spec §2 `/bi`, §7 "BI reports"): its own top bar, then, for a holder of any
 * analytics role, the period and scope, the key figures and the charts; for anyone else, that
 * they have no access and the way back.
 */
export const BiPage = () => {
    const { permissions, isPending, error, refetch } = usePermissions<string[]>();
    const roles = new Set(permissions ?? []);
    let content;
    if (error) content = <LoadError message="shell.access_check_failed" onRetry={() => void refetch()} />;
    else if (isPending) content = <Loading height={120} />;
    else if (!canAccessWith(roles, { resource: 'bi', action: 'list' }))
        content = <AccessDenied body="bi.no_access" heading="h2" />;
    else content = <BiContent roles={roles} />;
    return (
        <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', color: 'text.primary' }}>
            <CssBaseline enableColorScheme />
            <BiTopBar />
            <Container component="main" maxWidth="xl" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
                <OfflineBanner sx={{ mb: 2 }} />
                {content}
            </Container>
        </Box>
    );
};
