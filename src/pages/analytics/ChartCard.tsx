import DownloadIcon from '@mui/icons-material/GetApp';
import InsertChartIcon from '@mui/icons-material/InsertChartOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import {
    Box,
    Button,
    Card,
    CardContent,
    Skeleton,
    Stack,
    Table,
    TableBody,
    TableCell,
    TableContainer,
    TableHead,
    TableRow,
    ToggleButton,
    ToggleButtonGroup,
    Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type ReactNode } from 'react';
import { downloadCSV } from 'react-admin';
import { useT } from '../../i18n/context';
import { toCsv } from '../../lib/csv';
import { LoadError } from '../../lists/LoadError';

/** A column of a chart's table: its title, the value a CSV gets, and the text the table shows. */
export interface Column<Row> {
    key: string;
    title: string;
    value: (row: Row) => string | number | boolean | null;
    text: (row: Row) => string;
    numeric?: boolean;
}

/** The numbers behind a chart: the rows and columns of its table and of its CSV. */
export interface ChartTable<Row> {
    rows: readonly Row[];
    columns: readonly Column<Row>[];
}

/** A chart's CSV: the table's rows with each column's plain value (digits, days as YYYY-MM-DD). */
export const csvOf = <Row,>({ rows, columns }: ChartTable<Row>): string =>
    toCsv(
        rows,
        columns.map(column => ({ title: column.title, value: column.value })),
    );

/** The state of the call a chart draws: loading, failed (with its Retry) or answered. */
export interface ChartState {
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
}

/** A skeleton of what is coming, said in words to a screen reader. */
export const Loading = ({ height }: { height: number }) => {
    const { translate } = useT();
    return (
        <Box role="status">
            <Box component="span" sx={visuallyHidden}>
                {translate('app.loading')}
            </Box>
            <Skeleton variant="rounded" height={height} />
        </Box>
    );
};

/** The numbers as a real table, scrolling sideways on a narrow screen (and by keyboard: it takes focus). */
const NumbersTable = <Row,>({ table, caption, label }: { table: ChartTable<Row>; caption: string; label: string }) => (
    <TableContainer role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table size="small">
            <Box component="caption" sx={visuallyHidden}>
                {caption}
            </Box>
            <TableHead>
                <TableRow>
                    {table.columns.map(column => (
                        <TableCell key={column.key} scope="col" align={column.numeric ? 'right' : 'left'}>
                            {column.title}
                        </TableCell>
                    ))}
                </TableRow>
            </TableHead>
            <TableBody>
                {table.rows.map((row, index) => (
                    <TableRow key={index}>
                        {table.columns.map((column, place) =>
                            place === 0 ? (
                                <TableCell key={column.key} component="th" scope="row">
                                    {column.text(row)}
                                </TableCell>
                            ) : (
                                <TableCell
                                    key={column.key}
                                    align={column.numeric ? 'right' : 'left'}
                                    sx={{ whiteSpace: 'nowrap' }}
                                >
                                    {column.text(row)}
                                </TableCell>
                            ),
                        )}
                    </TableRow>
                ))}
            </TableBody>
        </Table>
    </TableContainer>
);

/**
 * One report's chart in a card: its title (an h2 naming the section), the chart or, one click
 * away, the table of exactly the rows behind it, and their CSV, downloaded as `<file>.csv` (the
 * report and the period). The chart is a figure named by the title and described in words; the
 * toggles and the export name their chart. Loading shows a skeleton, a failure its Retry, a
 * period with nothing to draw says so.
 */
export const ChartCard = <Row,>({
    title,
    subtitle,
    description,
    file,
    state,
    table,
    empty,
    chart,
}: {
    title: string;
    subtitle?: string;
    description: string;
    file: string;
    state: ChartState;
    table: ChartTable<Row> | undefined;
    /** Nothing to draw in this period. */
    empty: boolean;
    chart: () => ReactNode;
}) => {
    const { translate } = useT();
    const [view, setView] = useState<'chart' | 'table'>('chart');
    const titleId = useId();
    const descriptionId = useId();
    const ready = !state.isPending && !state.error && table !== undefined;
    let body: ReactNode;
    if (state.error) body = <LoadError error={state.error} onRetry={() => void state.refetch()} />;
    else if (!ready) body = <Loading height={280} />;
    else if (empty) body = <Typography color="text.secondary">{translate('bi.chart.empty')}</Typography>;
    else if (view === 'table') {
        body = <NumbersTable table={table} caption={title} label={translate('bi.chart.table_of', { chart: title })} />;
    } else {
        body = (
            <Box component="figure" aria-labelledby={titleId} aria-describedby={descriptionId} sx={{ m: 0, minWidth: 0 }}>
                {chart()}
                <Box component="p" id={descriptionId} sx={visuallyHidden}>
                    {description}
                </Box>
            </Box>
        );
    }
    return (
        <Card component="section" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%' }}>
            <CardContent>
                <Stack
                    direction="row"
                    sx={{ flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2 }}
                >
                    <Box sx={{ minWidth: 0 }}>
                        <Typography id={titleId} component="h2" variant="h6">
                            {title}
                        </Typography>
                        {subtitle && (
                            <Typography variant="body2" color="text.secondary">
                                {subtitle}
                            </Typography>
                        )}
                    </Box>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                        <ToggleButtonGroup
                            sx={{ '& .MuiToggleButton-root': { textTransform: 'none', py: 0.25 } }}
                            size="small"
                            exclusive
                            value={view}
                            onChange={(_event, next: 'chart' | 'table' | null) => next && setView(next)}
                            aria-label={translate('bi.chart.views', { chart: title })}
                        >
                            <ToggleButton value="chart" aria-label={translate('bi.chart.chart_of', { chart: title })}>
                                <InsertChartIcon fontSize="small" sx={{ mr: 0.5 }} />
                                {translate('bi.chart.chart')}
                            </ToggleButton>
                            <ToggleButton value="table" aria-label={translate('bi.chart.table_of', { chart: title })}>
                                <TableChartIcon fontSize="small" sx={{ mr: 0.5 }} />
                                {translate('bi.chart.table')}
                            </ToggleButton>
                        </ToggleButtonGroup>
                        <Button
                            size="small"
                            startIcon={<DownloadIcon />}
                            disabled={!ready || empty}
                            aria-label={translate('bi.chart.export_of', { chart: title })}
                            onClick={() => table && downloadCSV(csvOf(table), file)}
                        >
                            {translate('bi.chart.export')}
                        </Button>
                    </Stack>
                </Stack>
                {body}
            </CardContent>
        </Card>
    );
};
