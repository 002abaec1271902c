/**
 * The BI page's charts, one card each (ChartCard): sales and collections over time (the
 * overview's series), the rankings of shops, agents and shop owners, and branded against
 * unbranded shops (their two rows, and their sales over time). Each table holds the report's
 * rows whole; each chart draws the columns its description names.
 */
import { Grid } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { PAR_DAYS, type BiBucket, type BiPoint } from '../../../contract/analytics';
import { useT } from '../../i18n/context';
import type { ReportAnswers } from './api';
import { ChartCard, type ChartState, type Column } from './ChartCard';
import { formatCount, formatMoney, formatRate } from '../dashboard/figures';
import { formatBucket, formatBucketTick, formatCompact } from './format';

const CHART_HEIGHT = 300;
/** Room on the left for the names of a ranking's bars. */
const NAMES_WIDTH = 120;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What every card says under its title and names its CSV by. */
export interface CardPeriod {
    /** "1 Nov 2026 – 30 Nov 2026 · Soweto Central" */
    subtitle: string;
    /** "2026-11-01_2026-11-30", the end of the CSV's name. */
    file: string;
}

const countColumn = <Row,>(key: string, title: string, get: (row: Row) => number, locale: string): Column<Row> => ({
    key,
    title,
    numeric: true,
    value: get,
    text: row => formatCount(get(row), locale),
});

const moneyColumn = <Row,>(key: string, title: string, get: (row: Row) => number, locale: string): Column<Row> => ({
    key,
    title,
    numeric: true,
    value: get,
    text: row => formatMoney(get(row), locale),
});

/** A series' first column: the bucket's first day in the CSV, the bucket in words in the table. */
const bucketColumn = <Row extends { date: string }>(bucket: BiBucket, translate: Translate, locale: string): Column<Row> => ({
    key: 'date',
    title: translate(`bi.bucket.${bucket}`),
    value: row => row.date,
    text: row => formatBucket(row.date, bucket, locale, translate),
});

/** The x axis of a series: short on the ticks, in full in the tooltip. */
const bucketAxis = (days: string[], bucket: BiBucket, translate: Translate, locale: string) => ({
    data: days,
    valueFormatter: (day: string, context: { location: string }) =>
        context.location === 'tick' ? formatBucketTick(day, bucket, locale) : formatBucket(day, bucket, locale, translate),
});

// ---------------------------------------------------------------------------------------------
// Sales and collections over time

export const SeriesReport = ({
    answer,
    state,
    period,
}: {
    answer: ReportAnswers['overview'] | undefined;
    state: ChartState;
    period: CardPeriod;
}) => {
    const { translate, locale } = useT();
    const title = translate('bi.reports.series');
    const points = answer?.series ?? [];
    const bucket: BiBucket = answer?.period.bucket ?? 'day';
    const columns: Column<BiPoint>[] = [
        bucketColumn(bucket, translate, locale),
        countColumn('loans', translate('bi.columns.loans'), point => point.loans_originated, locale),
        moneyColumn('loan_value', translate('bi.columns.loan_value'), point => point.loan_value, locale),
        moneyColumn('collected', translate('bi.columns.collected'), point => point.collected, locale),
    ];
    const empty = points.every(point => point.loans_originated === 0 && point.collected === 0);
    return (
        <ChartCard
            title={title}
            subtitle={period.subtitle}
            description={translate('bi.describe.series', { bucket: translate(`bi.bucket.${bucket}`).toLowerCase() })}
            file={`sales-and-collections_${period.file}`}
            state={state}
            table={answer ? { rows: points, columns } : undefined}
            empty={empty}
            chart={() => (
                <LineChart
                    height={CHART_HEIGHT}
                    grid={{ horizontal: true }}
                    xAxis={[
                        {
                            scaleType: 'point',
                            ...bucketAxis(
                                points.map(point => point.date),
                                bucket,
                                translate,
                                locale,
                            ),
                        },
                    ]}
                    yAxis={[{ valueFormatter: (value: number) => formatCompact(value, locale), width: 56 }]}
                    series={[
                        {
                            id: 'loan_value',
                            label: translate('bi.columns.loan_value'),
                            data: points.map(point => point.loan_value),
                            valueFormatter: value => (value === null ? '' : formatMoney(value, locale)),
                            showMark: points.length <= 31,
                            curve: 'linear',
                        },
                        {
                            id: 'collected',
                            label: translate('bi.columns.collected'),
                            data: points.map(point => point.collected),
                            valueFormatter: value => (value === null ? '' : formatMoney(value, locale)),
                            showMark: points.length <= 31,
                            curve: 'linear',
                        },
                    ]}
                />
            )}
        />
    );
};

// ---------------------------------------------------------------------------------------------
// Rankings: shops, agents, shop owners

type RankingReport = 'shops' | 'agents' | 'shop_owners';
type RankedRow = ReportAnswers[RankingReport]['data'][number];

const FILES: Record<RankingReport, string> = { shops: 'top-shops', agents: 'top-agents', shop_owners: 'shop-owners' };

/** The name a ranking's row goes by: a shop's, an agent's, an owner's (or that nobody owns them). */
const nameOf = (row: RankedRow, translate: Translate) =>
    'name' in row && row.name !== null ? row.name : translate('bi.columns.no_owner');

/** The columns that describe a row before its figures: a shop's region and brand, an agent's shop, an owner's shops. */
const describing = (report: RankingReport, translate: Translate, locale: string): Column<RankedRow>[] => {
    switch (report) {
        case 'shops':
            return [
                {
                    key: 'region',
                    title: translate('bi.columns.region'),
                    value: row => ('region' in row ? row.region : null),
                    text: row => ('region' in row ? row.region : ''),
                },
                {
                    key: 'branded',
                    title: translate('bi.columns.brand'),
                    value: row => ('branded' in row ? row.branded : null),
                    text: row => ('branded' in row ? translate(row.branded ? 'bi.brand.branded' : 'bi.brand.unbranded') : ''),
                },
            ];
        case 'agents':
            return [
                {
                    key: 'shop',
                    title: translate('bi.columns.shop'),
                    value: row => ('shop' in row ? row.shop : null),
                    text: row => ('shop' in row ? (row.shop ?? translate('bi.columns.no_shop')) : ''),
                },
            ];
        case 'shop_owners':
            return [
                {
                    key: 'shops',
                    title: translate('bi.columns.shops'),
                    numeric: true,
                    value: row => ('shops' in row ? row.shops : null),
                    text: row => ('shops' in row ? formatCount(row.shops, locale) : ''),
                },
            ];
    }
};

type RankedFigures = Pick<
    RankedRow,
    'loans_originated' | 'loan_value' | 'collected' | 'active_loans' | 'par_rate' | 'devices_locked'
>;

/** A ranked row's figures, the same for shops, agents, owners and brands. */
const rankedFigures = <Row extends RankedFigures>(translate: Translate, locale: string): Column<Row>[] => [
    countColumn('loans', translate('bi.columns.loans'), row => row.loans_originated, locale),
    moneyColumn('loan_value', translate('bi.columns.loan_value'), row => row.loan_value, locale),
    moneyColumn('collected', translate('bi.columns.collected'), row => row.collected, locale),
    countColumn('active_loans', translate('bi.columns.active_loans'), row => row.active_loans, locale),
    {
        key: 'par',
        title: translate('bi.columns.par', { days: PAR_DAYS }),
        numeric: true,
        // A fraction in the CSV (0.1364 for 13.6%), to four places.
        value: row => (row.par_rate === null ? null : Math.round(row.par_rate * 10_000) / 10_000),
        text: row => formatRate(row.par_rate, locale) ?? '—',
    },
    countColumn('devices_locked', translate('bi.columns.devices_locked'), row => row.devices_locked, locale),
];

export const RankingReportCard = ({
    report,
    answer,
    state,
    period,
}: {
    report: RankingReport;
    answer: ReportAnswers[RankingReport] | undefined;
    state: ChartState;
    period: CardPeriod;
}) => {
    const { translate, locale } = useT();
    const title = translate(`bi.reports.${report}`);
    const rows: readonly RankedRow[] = answer?.data ?? [];
    const nameTitle = translate(`bi.columns.${report === 'shop_owners' ? 'owner' : report === 'shops' ? 'shop' : 'agent'}`);
    const columns: Column<RankedRow>[] = [
        { key: 'name', title: nameTitle, value: row => nameOf(row, translate), text: row => nameOf(row, translate) },
        ...describing(report, translate, locale),
        ...rankedFigures<RankedRow>(translate, locale),
    ];
    const shown = answer
        ? translate('bi.chart.top', { shown: formatCount(rows.length, locale), total: formatCount(answer.total, locale) })
        : '';
    return (
        <ChartCard
            title={title}
            subtitle={answer && answer.total > rows.length ? `${period.subtitle} · ${shown}` : period.subtitle}
            description={translate('bi.describe.ranking')}
            file={`${FILES[report]}_${period.file}`}
            state={state}
            table={answer ? { rows, columns } : undefined}
            empty={rows.length === 0}
            chart={() => (
                <BarChart
                    layout="horizontal"
                    height={Math.max(160, rows.length * 32 + 60)}
                    grid={{ vertical: true }}
                    hideLegend
                    // By place, not by name: two agents may share one.
                    yAxis={[
                        {
                            scaleType: 'band',
                            data: rows.map((_row, index) => index),
                            valueFormatter: (index: number) => (rows[index] ? nameOf(rows[index], translate) : ''),
                            width: NAMES_WIDTH,
                        },
                    ]}
                    xAxis={[{ valueFormatter: (value: number) => formatCompact(value, locale), tickMinStep: 1 }]}
                    series={[
                        {
                            id: 'loans',
                            label: translate('bi.columns.loans'),
                            data: rows.map(row => row.loans_originated),
                            valueFormatter: value => (value === null ? '' : formatCount(value, locale)),
                        },
                    ]}
                />
            )}
        />
    );
};

// ---------------------------------------------------------------------------------------------
// Branded against unbranded shops

type BrandRow = ReportAnswers['unbranded']['data'][number];
type BrandPoint = ReportAnswers['unbranded']['series'][number];

export const BrandReports = ({
    answer,
    state,
    period,
}: {
    answer: ReportAnswers['unbranded'] | undefined;
    state: ChartState;
    period: CardPeriod;
}) => {
    const { translate, locale } = useT();
    const rows: readonly BrandRow[] = answer?.data ?? [];
    const points: readonly BrandPoint[] = answer?.series ?? [];
    const bucket: BiBucket = answer?.period.bucket ?? 'day';
    const brandName = (row: BrandRow) => translate(row.branded ? 'bi.brand.branded' : 'bi.brand.unbranded');
    const rowColumns: Column<BrandRow>[] = [
        {
            key: 'brand',
            title: translate('bi.columns.brand'),
            value: row => (row.branded ? 'branded' : 'unbranded'),
            text: brandName,
        },
        countColumn('shops', translate('bi.columns.shops'), row => row.shops, locale),
        ...rankedFigures<BrandRow>(translate, locale),
    ];
    const pointColumns: Column<BrandPoint>[] = [
        bucketColumn(bucket, translate, locale),
        countColumn('branded_loans', translate('bi.columns.branded_loans'), p => p.branded_loans, locale),
        countColumn('unbranded_loans', translate('bi.columns.unbranded_loans'), p => p.unbranded_loans, locale),
        moneyColumn('branded_value', translate('bi.columns.branded_value'), p => p.branded_value, locale),
        moneyColumn('unbranded_value', translate('bi.columns.unbranded_value'), p => p.unbranded_value, locale),
    ];
    const nothingSold = rows.every(row => row.loans_originated === 0);
    return (
        <>
            <Grid size={{ xs: 12, lg: 6 }}>
                <ChartCard
                    title={translate('bi.reports.brands')}
                    subtitle={period.subtitle}
                    description={translate('bi.describe.brands')}
                    file={`branded-vs-unbranded_${period.file}`}
                    state={state}
                    table={answer ? { rows, columns: rowColumns } : undefined}
                    empty={nothingSold}
                    chart={() => (
                        <PieChart
                            height={CHART_HEIGHT - 40}
                            series={[
                                {
                                    innerRadius: '45%',
                                    paddingAngle: 1,
                                    data: rows.map(row => ({
                                        id: row.branded ? 'branded' : 'unbranded',
                                        value: row.loans_originated,
                                        label: brandName(row),
                                    })),
                                    valueFormatter: item => formatCount(item.value, locale),
                                },
                            ]}
                        />
                    )}
                />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
                <ChartCard
                    title={translate('bi.reports.brand_series')}
                    subtitle={period.subtitle}
                    description={translate('bi.describe.brand_series', {
                        bucket: translate(`bi.bucket.${bucket}`).toLowerCase(),
                    })}
                    file={`branded-vs-unbranded-sales_${period.file}`}
                    state={state}
                    table={answer ? { rows: points, columns: pointColumns } : undefined}
                    empty={points.every(p => p.branded_loans === 0 && p.unbranded_loans === 0)}
                    chart={() => (
                        <BarChart
                            height={CHART_HEIGHT}
                            grid={{ horizontal: true }}
                            xAxis={[
                                {
                                    scaleType: 'band',
                                    ...bucketAxis(
                                        points.map(p => p.date),
                                        bucket,
                                        translate,
                                        locale,
                                    ),
                                },
                            ]}
                            yAxis={[
                                { valueFormatter: (value: number) => formatCompact(value, locale), width: 48, tickMinStep: 1 },
                            ]}
                            series={[
                                {
                                    id: 'branded',
                                    stack: 'loans',
                                    label: translate('bi.brand.branded'),
                                    data: points.map(p => p.branded_loans),
                                    valueFormatter: value => (value === null ? '' : formatCount(value, locale)),
                                },
                                {
                                    id: 'unbranded',
                                    stack: 'loans',
                                    label: translate('bi.brand.unbranded'),
                                    data: points.map(p => p.unbranded_loans),
                                    valueFormatter: value => (value === null ? '' : formatCount(value, locale)),
                                },
                            ]}
                        />
                    )}
                />
            </Grid>
        </>
    );
};
