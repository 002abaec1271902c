/** Branded against unbranded shops: their two rows, and their sales over time (BI page cards). */
import { Grid } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { type BiBucket } from '../../../contract/analytics';
import { useT } from '../../i18n/context';
import type { ReportAnswers } from './api';
import { ChartCard, type ChartState, type Column } from './ChartCard';
import { formatCount } from '../dashboard/figures';
import { formatCompact } from './format';
import {
    bucketAxis,
    bucketColumn,
    CHART_HEIGHT,
    countColumn,
    moneyColumn,
    rankedFigures,
    type CardPeriod,
} from './reportColumns';

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
