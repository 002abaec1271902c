import { Alert, Box, Card, CardContent, Skeleton, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import {
    DataTable,
    downloadCSV,
    HttpError,
    ListBase,
    Pagination,
    useGetOne,
    useListContext,
    useLocale,
    useTranslate,
} from 'react-admin';
import type { ReconciliationUpload } from '../../../contract/money';
import { quietOnError } from '../../layout/ResourceErrors';
import { toCsv } from '../../lib/csv';
import { formatAmount } from '../../lib/format';
import { Mono } from '../../lists/cells';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import {
    OutcomeChip,
    OutcomeFilter,
    outcomeOf,
    RowCards,
    rowCsvColumns,
    RowDetail,
    RowReference,
    UploadSummary,
    useRowDetail,
    type RowRecord,
} from './reconciliationParts';

const PER_PAGE = 25;

/** An answer saying there is no such upload (an old or mistyped address). */
const isUnknownUpload = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

/**
 * The rows as a table, in file order unless sorted by line or amount (on the server); the
 * reference leads to its payment and the loan to its customer (links reached by Tab).
 */
const RowsTable = () => {
    const locale = useLocale();
    return (
        <DataTable<RowRecord> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col
                source="line"
                label="reconciliation.rows.fields.line"
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
                render={(row: RowRecord) => <RowReference row={row} />}
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
                        <RowDetail row={row} />
                    </Typography>
                )}
            />
        </DataTable>
    );
};

/** The rows in their states: failed (with Retry), loading, empty, or the rows with their count. */
const RowsBody = ({ phone }: { phone: boolean }) => {
    const translate = useTranslate();
    const { data, total, isPending, error, refetch, filterValues } = useListContext<RowRecord>();
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    if (isPending) return <LoadingRows />;
    if ((data ?? []).length === 0) {
        return (
            <ListEmptyText
                message={outcomeOf(filterValues.outcome) ? 'reconciliation.rows.empty_outcome' : 'reconciliation.rows.empty'}
            />
        );
    }
    return (
        <>
            {total !== undefined ? (
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                    {translate('reconciliation.rows.count', { smart_count: total })}
                </Typography>
            ) : null}
            {phone ? <RowCards /> : <RowsTable />}
        </>
    );
};

/** Every row of the chosen outcome as CSV, page after page at the call's largest page. */
const RowsExport = ({ uploadId }: { uploadId: number }) => {
    const translate = useTranslate();
    const detail = useRowDetail();
    const { filterValues } = useListContext<RowRecord>();
    const outcome = outcomeOf(filterValues.outcome);
    const exporter = (rows: RowRecord[]) =>
        downloadCSV(toCsv(rows, rowCsvColumns(translate, detail)), `reconciliation-${uploadId}${outcome ? `-${outcome}` : ''}`);
    return <ExportAllButton<RowRecord> exporter={exporter} />;
};

/**
 * One upload, chosen in the history or just made: its summary (the `reconciliation-uploads` record)
 * and its rows (the `reconciliation-rows` list, filtered by this upload and an outcome), paged on
 * the server, their outcome, sort, page and size in the address; on a phone, cards. `focus` moves the
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
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const headingId = useId();
    const rowsHeadingId = useId();
    const heading = useRef<HTMLHeadingElement>(null);
    const summary = useGetOne<ReconciliationUpload>(
        'reconciliation-uploads',
        { id: uploadId },
        { ...quietOnError, placeholderData: previous => previous },
    );
    const upload = summary.data;
    // As it opens (or when the user asks for it again): later renders leave the focus where the user put it.
    useEffect(() => {
        if (focus) heading.current?.focus();
    }, [focus]);
    // An old or mistyped address: said once, without rows to filter.
    const unknown = summary.isError && isUnknownUpload(summary.error);

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
                ) : summary.isError ? (
                    <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
                ) : (
                    <Skeleton variant="rectangular" height={96} aria-hidden />
                )}
                {unknown ? null : (
                    <ListBase<RowRecord>
                        resource="reconciliation-rows"
                        filter={{ upload_id: uploadId }}
                        perPage={PER_PAGE}
                        sort={{ field: 'line', order: 'ASC' }}
                        exporter={false}
                        queryOptions={{ ...quietOnError, placeholderData: previous => previous }}
                    >
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
                            <OutcomeFilter upload={upload} uploadId={uploadId} />
                            <RowsBody phone={phone} />
                            <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                        </Box>
                    </ListBase>
                )}
            </CardContent>
        </Card>
    );
};
