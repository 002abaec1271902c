/** Sales and collections over time (the overview's series): a BI page card (ChartCard). */
import { LineChart } from '@mui/x-charts/LineChart';
import { type BiBucket, type BiPoint } from '../../../contract/analytics';
import { useT } from '../../i18n/context';
import type { ReportAnswers } from './api';
import { ChartCard, type ChartState, type Column } from './ChartCard';
import { formatMoney } from '../dashboard/figures';
import { formatCompact } from './format';
import { bucketAxis, bucketColumn, CHART_HEIGHT, countColumn, moneyColumn, type CardPeriod } from './reportColumns';

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
