import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    Skeleton,
    Stack,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
    DataTable,
    downloadCSV,
    ListContextProvider,
    Pagination,
    useCanAccess,
    useListContext,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ROW_OUTCOMES, type ReconciliationUpload, type RowOutcome } from '../../../contract/money';
import { WARNING_TEXT_ON_LIGHT } from '../../layout/brand';
import { collectPages, ExportProgressButton, type ExportRun } from '../../lists/ExportAllButton';
import { LoadError } from '../../lists/LoadError';
import { toCsv } from '../../lib/csv';
import { useWhen } from '../approvals/RequestDetail';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { formatAmount } from '../../lib/format';
import { fetchRowsPage, isUnknownUpload, LARGEST_ROWS_PAGE, rowsKey, summaryKey, type RowRecord } from './reconciliationApi';

const PER_PAGE = 25;
/** The suspense queue (src/layout/menu.ts, `suspense_transactions`). */
const SUSPENSE_QUEUE = '/dashboard/suspense-transactions';

const Mono = ({ children }: { children: ReactNode }) => (
    <Box component="span" sx={{ fontFamily: 'monospace', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {children}
    </Box>
);

const outcomeOf = (value: unknown): RowOutcome | undefined => ROW_OUTCOMES.find(outcome => outcome === value);

/** How many rows of an upload had this outcome (all of them without one). */
const countOf = (upload: ReconciliationUpload, outcome: RowOutcome | undefined) =>
    outcome === undefined ? upload.rows : upload[outcome];

/**
 * A row's outcome in a word, the colour only repeating it: matched green, suspense in dark amber
 * (the theme's orange is short of 4.5:1 on white, layout/brand.ts), rejected red, a duplicate plain.
 */
export const OutcomeChip = ({ outcome }: { outcome: RowOutcome }) => {
    const translate = useTranslate();
    const label = translate(`reconciliation.outcomes.${outcome}`);
    if (outcome === 'suspense')
        return (
            <Chip
                size="small"
                variant="outlined"
                label={label}
                sx={theme => ({
                    color: theme.palette.mode === 'light' ? WARNING_TEXT_ON_LIGHT : theme.palette.warning.light,
                    borderColor: 'currentColor',
                })}
            />
        );
    return (
        <Chip
            size="small"
            variant={outcome === 'duplicate' ? 'outlined' : 'filled'}
            color={outcome === 'matched' ? 'success' : outcome === 'rejected' ? 'error' : 'default'}
            label={label}
        />
    );
};

/**
 * What became of a row, in words: the loan a matched row went on, why a row went to suspense, the
 * column at fault and what is wrong with it ("amount: must be more than zero"), or that it was
 * recorded before.
 */
export const useRowDetail = () => {
    const translate = useTranslate();
    return (row: RowRecord): string => {
        switch (row.outcome) {
            case 'matched':
                return row.loan_reference ?? '';
            case 'suspense':
                return row.suspense_reason ? translate(`reconciliation.reasons.${row.suspense_reason}`) : '';
            case 'duplicate':
                return translate('reconciliation.rows.already_recorded');
            case 'rejected': {
                const problem = row.problem ? translate(`reconciliation.problems.${row.problem}`) : '';
                if (!row.field) return problem;
                return translate('reconciliation.rows.field_problem', {
                    field: translate(`reconciliation.columns.${row.field}`, { _: row.field }),
                    problem,
                });
            }
        }
    };
};

const Stat = ({ label, value, id }: { label: string; value: ReactNode; id: string }) => (
    <Box sx={{ minWidth: 0 }}>
        <Typography component="dt" variant="caption" color="text.secondary" id={id}>
            {label}
        </Typography>
        <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
            {value}
        </Typography>
    </Box>
);

/**
 * One upload in numbers: its rows and what became of them, the amount recorded; a note when the
 * file was uploaded before (nothing was imported twice), and the way to the suspense queue when
 * rows went there.
 */
export const UploadSummary = ({ upload, onChoose }: { upload: ReconciliationUpload; onChoose: (uploadId: number) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const when = useWhen();
    const ids = useId();
    const { canAccess: canOpenSuspense } = useCanAccess({ resource: 'suspense-transactions', action: 'list' });
    const stats: [string, ReactNode][] = [
        ['rows', upload.rows],
        ['matched', upload.matched],
        ['suspense', upload.suspense],
        ['duplicate', upload.duplicate],
        ['rejected', upload.rejected],
        ['amount_recorded', formatAmount(upload.amount_recorded, locale)],
    ];
    return (
        <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {translate('reconciliation.summary.file_by', {
                    file: upload.file_name,
                    channel: translate(`customers.deposits.channels.${upload.channel}`),
                    name: upload.uploaded_by.name,
                    when: when(upload.created_at),
                })}
            </Typography>
            {upload.same_file_as !== null ? (
                <Alert
                    severity="info"
                    action={
                        <Button color="inherit" size="small" onClick={() => onChoose(upload.same_file_as ?? upload.id)}>
                            {translate('reconciliation.summary.open_earlier', { id: upload.same_file_as })}
                        </Button>
                    }
                >
                    {translate('reconciliation.summary.same_file', { id: upload.same_file_as })}
                </Alert>
            ) : null}
            <Box
                component="dl"
                sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 130px), 1fr))',
                    gap: 1.5,
                    m: 0,
                }}
            >
                {stats.map(([key, value]) => (
                    <Stat key={key} id={`${ids}-${key}`} label={translate(`reconciliation.summary.${key}`)} value={value} />
                ))}
            </Box>
            {upload.suspense > 0 ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2">
                        {translate('reconciliation.summary.suspense_note', { smart_count: upload.suspense })}
                    </Typography>
                    {canOpenSuspense ? (
                        <Button component={Link} to={SUSPENSE_QUEUE} size="small" variant="outlined">
                            {translate('reconciliation.summary.to_suspense')}
                        </Button>
                    ) : null}
                </Box>
            ) : null}
            {upload.rejected > 0 ? (
                <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <ReportProblemIcon fontSize="small" color="error" aria-hidden />
                    {translate('reconciliation.summary.rejected_note', { smart_count: upload.rejected })}
                </Typography>
            ) : null}
        </Stack>
    );
};

/** The outcome filter: all rows or one outcome, each with its count; keyboard buttons that say which is on. */
const OutcomeFilter = ({ upload }: { upload: ReconciliationUpload | undefined }) => {
    const translate = useTranslate();
    const { filterValues, setFilters, displayedFilters } = useListContext<RowRecord>();
    const current = outcomeOf(filterValues.outcome);
    const options: (RowOutcome | undefined)[] = [undefined, ...ROW_OUTCOMES];
    return (
        <Box
            role="group"
            aria-label={translate('reconciliation.rows.outcome_filter')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
            {options.map(outcome => {
                const name = translate(outcome ? `reconciliation.outcomes.${outcome}` : 'reconciliation.rows.all');
                const label = upload
                    ? translate('reconciliation.rows.filter_count', { outcome: name, count: countOf(upload, outcome) })
                    : name;
                const on = current === outcome;
                return (
                    <Chip
                        key={outcome ?? 'all'}
                        component="button"
                        type="button"
                        clickable
                        label={label}
                        color={on ? 'primary' : 'default'}
                        variant={on ? 'filled' : 'outlined'}
                        aria-pressed={on}
                        onClick={() => setFilters(outcome ? { outcome } : {}, displayedFilters)}
                    />
                );
            })}
        </Box>
    );
};

/** The rows as CSV, every one of the chosen outcome, page after page at the call's largest page. */
const RowsExport = ({ uploadId }: { uploadId: number }) => {
    const translate = useTranslate();
    const detail = useRowDetail();
    const { filterValues, total } = useListContext<RowRecord>();
    const outcome = outcomeOf(filterValues.outcome);
    const run: ExportRun = async ({ signal, onProgress }) => {
        const rows = await collectPages(
            page => fetchRowsPage(uploadId, outcome, page, LARGEST_ROWS_PAGE, signal),
            LARGEST_ROWS_PAGE,
            onProgress,
        );
        const column = (key: string) => translate(`reconciliation.rows.fields.${key}`);
        downloadCSV(
            toCsv(rows, [
                { title: column('line'), value: (row: RowRecord) => row.line },
                { title: column('outcome'), value: (row: RowRecord) => translate(`reconciliation.outcomes.${row.outcome}`) },
                { title: column('reference'), value: (row: RowRecord) => row.reference },
                { title: column('msisdn'), value: (row: RowRecord) => row.msisdn },
                { title: column('amount'), value: (row: RowRecord) => row.amount, decimals: 2 },
                { title: column('detail'), value: detail },
            ]),
            `reconciliation-${uploadId}${outcome ? `-${outcome}` : ''}`,
        );
    };
    return <ExportProgressButton run={run} disabled={total === 0} />;
};

/** The rows on a phone: one card per row, the same facts. */
const RowCards = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const detail = useRowDetail();
    const { data = [] } = useListContext<RowRecord>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(row => {
                const titleId = `reconciliation-row-${row.line}`;
                const said = detail(row);
                return (
                    <Card component="li" key={row.line} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, '&:last-child': { pb: 2 } }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h4" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    {translate('reconciliation.rows.line', { line: row.line })}
                                </Typography>
                                <OutcomeChip outcome={row.outcome} />
                            </Box>
                            <Typography variant="body2">
                                <Mono>{row.reference ?? '—'}</Mono>
                                {row.amount !== null ? ` · ${formatAmount(row.amount, locale)}` : ''}
                            </Typography>
                            <Typography variant="caption" color="text.secondary" component="div">
                                <Mono>{row.msisdn ?? '—'}</Mono>
                            </Typography>
                            {said ? <Typography variant="body2">{said}</Typography> : null}
                        </CardContent>
                    </Card>
                );
            })}
        </Stack>
    );
};

/**
 * One upload, chosen in the history or just made: its summary (from the last answer about it) and
 * its rows, paged on the server and filtered by outcome; on a phone, cards. `focus` moves the
 * keyboard to its heading as it opens (the user chose it), not on a reload.
 */
export const ChosenUpload = ({
    uploadId,
    onChoose,
    focus = false,
}: {
    uploadId: number;
    onChoose: (uploadId: number) => void;
    focus?: boolean;
}) => {
    const translate = useTranslate();
    const locale = useLocale();
    const detail = useRowDetail();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const queryClient = useQueryClient();
    const headingId = useId();
    const rowsHeadingId = useId();
    const heading = useRef<HTMLHeadingElement>(null);
    // Every page of rows answers the upload too: the summary is the latest of those answers.
    const summary = useQuery<ReconciliationUpload>({ queryKey: summaryKey(uploadId), queryFn: skipToken });
    const upload = summary.data;
    const { context, query } = usePagedList<RowRecord>({
        queryKey: rowsKey(uploadId),
        resource: 'reconciliation-rows',
        perPage: PER_PAGE,
        keepPrevious: true,
        fetchPage: async ({ page, perPage, filter, signal }) => {
            const answer = await fetchRowsPage(uploadId, outcomeOf(filter.outcome), page, perPage, signal);
            queryClient.setQueryData(summaryKey(uploadId), answer.upload);
            return { data: answer.data, total: answer.total };
        },
    });
    // As it opens (or when the user asks for it again): later renders leave the focus where the user put it.
    useEffect(() => {
        if (focus) heading.current?.focus();
    }, [focus]);
    const total = context.total;
    const outcome = outcomeOf(context.filterValues.outcome);
    // An old or mistyped `?upload=`: said once, without rows to filter.
    const unknown = query.isError && isUnknownUpload(query.error);

    return (
        <Card component="section" variant="outlined" aria-labelledby={headingId}>
            <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
                <Typography
                    id={headingId}
                    ref={heading}
                    tabIndex={-1}
                    component="h2"
                    variant="h6"
                    sx={{ outline: 'none', overflowWrap: 'anywhere' }}
                >
                    {translate('reconciliation.summary.title', { id: uploadId })}
                </Typography>
                {unknown ? (
                    <Alert severity="warning">{translate('reconciliation.summary.not_found', { id: uploadId })}</Alert>
                ) : upload ? (
                    <UploadSummary upload={upload} onChoose={onChoose} />
                ) : query.isError ? null : (
                    <Skeleton variant="rectangular" height={96} aria-hidden />
                )}
                {unknown ? null : (
                    <ListContextProvider value={context}>
                        <Box
                            component="section"
                            aria-labelledby={rowsHeadingId}
                            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
                        >
                            <Box
                                sx={{
                                    display: 'flex',
                                    flexWrap: 'wrap',
                                    alignItems: 'center',
                                    justifyContent: 'space-between',
                                    gap: 1,
                                }}
                            >
                                <Typography id={rowsHeadingId} component="h3" variant="subtitle1">
                                    {translate('reconciliation.rows.title')}
                                </Typography>
                                <RowsExport uploadId={uploadId} />
                            </Box>
                            <OutcomeFilter upload={upload} />
                            {query.isError ? (
                                <LoadError error={query.error} onRetry={() => void query.refetch()} />
                            ) : query.isPending ? (
                                <LoadingRows />
                            ) : (context.data ?? []).length === 0 ? (
                                <ListEmptyText
                                    message={outcome ? 'reconciliation.rows.empty_outcome' : 'reconciliation.rows.empty'}
                                />
                            ) : (
                                <>
                                    {total !== undefined ? (
                                        <Typography variant="body2" color="text.secondary" aria-live="polite">
                                            {translate('reconciliation.rows.count', { smart_count: total })}
                                        </Typography>
                                    ) : null}
                                    {phone ? (
                                        <RowCards />
                                    ) : (
                                        <DataTable<RowRecord> bulkActionButtons={false} rowClick={false}>
                                            <DataTable.Col
                                                source="line"
                                                label="reconciliation.rows.fields.line"
                                                disableSort
                                                render={(row: RowRecord) => <Mono>{row.line}</Mono>}
                                            />
                                            <DataTable.Col
                                                source="outcome"
                                                label="reconciliation.rows.fields.outcome"
                                                disableSort
                                                render={(row: RowRecord) => <OutcomeChip outcome={row.outcome} />}
                                            />
                                            <DataTable.Col
                                                source="reference"
                                                label="reconciliation.rows.fields.reference"
                                                disableSort
                                                render={(row: RowRecord) => <Mono>{row.reference ?? '—'}</Mono>}
                                            />
                                            <DataTable.Col
                                                source="msisdn"
                                                label="reconciliation.rows.fields.msisdn"
                                                disableSort
                                                render={(row: RowRecord) => <Mono>{row.msisdn ?? '—'}</Mono>}
                                            />
                                            <DataTable.Col
                                                source="amount"
                                                label="reconciliation.rows.fields.amount"
                                                disableSort
                                                align="right"
                                                render={(row: RowRecord) =>
                                                    row.amount !== null ? (
                                                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                                            {formatAmount(row.amount, locale)}
                                                        </Box>
                                                    ) : (
                                                        '—'
                                                    )
                                                }
                                            />
                                            <DataTable.Col
                                                source="detail"
                                                label="reconciliation.rows.fields.detail"
                                                disableSort
                                                render={(row: RowRecord) => (
                                                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                                                        {detail(row) || '—'}
                                                    </Typography>
                                                )}
                                            />
                                        </DataTable>
                                    )}
                                </>
                            )}
                            <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                        </Box>
                    </ListContextProvider>
                )}
            </CardContent>
        </Card>
    );
};
