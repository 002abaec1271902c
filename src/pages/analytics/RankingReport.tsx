/** The rankings of shops, agents and shop owners: a BI page card each (ChartCard). */
import { BarChart } from '@mui/x-charts/BarChart';
import { useT } from '../../i18n/context';
import type { ReportAnswers } from './api';
import { ChartCard, type ChartState, type Column } from './ChartCard';
import { formatCount } from '../dashboard/figures';
import { formatCompact } from './format';
import { NAMES_WIDTH, rankedFigures, type CardPeriod, type RankedRow, type RankingReport, type Translate } from './reportColumns';

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
