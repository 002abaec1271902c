/**
 * What the BI page's report cards (SeriesReport, RankingReport, BrandReports) share: their size,
 * what every card says under its title, and the columns of their tables and CSVs, each a figure
 * with its value and its text in the user's locale.
 */
import { PAR_DAYS, type BiBucket } from '../../../contract/analytics';
import type { ReportAnswers } from './api';
import type { Column } from './ChartCard';
import { formatCount, formatMoney, formatRate } from '../dashboard/figures';
import { formatBucket, formatBucketTick } from './format';

export const CHART_HEIGHT = 300;
/** Room on the left for the names of a ranking's bars. */
export const NAMES_WIDTH = 120;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What every card says under its title and names its CSV by. */
export interface CardPeriod {
    /** "1 Nov 2026 – 30 Nov 2026 · Soweto Central" */
    subtitle: string;
    /** "2026-11-01_2026-11-30", the end of the CSV's name. */
    file: string;
}

/** A column of one figure per row: its number in the CSV and for the chart, written by `format` in the table. */
const figureColumn =
    (format: (value: number, locale: string) => string) =>
    <Row>(key: string, title: string, get: (row: Row) => number, locale: string): Column<Row> => ({
        key,
        title,
        numeric: true,
        value: get,
        text: row => format(get(row), locale),
    });

export const countColumn = figureColumn(formatCount);
export const moneyColumn = figureColumn(formatMoney);

/** A series' first column: the bucket's first day in the CSV, the bucket in words in the table. */
export const bucketColumn = <Row extends { date: string }>(
    bucket: BiBucket,
    translate: Translate,
    locale: string,
): Column<Row> => ({
    key: 'date',
    title: translate(`bi.bucket.${bucket}`),
    value: row => row.date,
    text: row => formatBucket(row.date, bucket, locale, translate),
});

/** The x axis of a series: short on the ticks, in full in the tooltip. */
export const bucketAxis = (days: string[], bucket: BiBucket, translate: Translate, locale: string) => ({
    data: days,
    valueFormatter: (day: string, context: { location: string }) =>
        context.location === 'tick' ? formatBucketTick(day, bucket, locale) : formatBucket(day, bucket, locale, translate),
});

export type RankingReport = 'shops' | 'agents' | 'shop_owners';
export type RankedRow = ReportAnswers[RankingReport]['data'][number];

export type RankedFigures = Pick<
    RankedRow,
    'loans_originated' | 'loan_value' | 'collected' | 'active_loans' | 'par_rate' | 'devices_locked'
>;

/** A ranked row's figures, the same for shops, agents, owners and brands. */
export const rankedFigures = <Row extends RankedFigures>(translate: Translate, locale: string): Column<Row>[] => [
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
