import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { DataTable, ListBase, Pagination, useListContext, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ReconciliationUpload } from '../../../contract/money';
import { quietOnError } from '../../layout/ResourceErrors';
import { formatAmount } from '../../lib/format';
import { useWhen, WhoWhen } from '../../lists/cells';
import { uploadAddress } from './reconciliationAddress';
import { ListRows } from '../../lists/ListScreen';

const PER_PAGE = 10;
/** Where the history's params are kept, whether the address holds them or not (react-admin's own key for a synced list). */
const HISTORY_STORE_KEY = 'reconciliation-uploads.listParams';

/**
 * "12 rows: 7 matched, 2 in suspense, 1 duplicate, 2 rejected"; an upload still importing (its
 * batches are committed one by one, docs/domain.md) says its counts are those so far.
 */
const useCounts = () => {
    const translate = useTranslate();
    return (upload: ReconciliationUpload) => {
        const counts = translate('reconciliation.history.counts', {
            rows: translate('reconciliation.history.rows', { smart_count: upload.rows }),
            matched: upload.matched,
            suspense: upload.suspense,
            duplicate: upload.duplicate,
            rejected: upload.rejected,
        });
        return upload.importing ? translate('reconciliation.history.importing', { counts }) : counts;
    };
};

interface ChoiceProps {
    chosen: number | null;
    onChoose: (uploadId: number) => void;
}

/** A link to an upload's summary and rows (its address); says so when it is the one shown. */
const ShowButton = ({ upload, chosen, onChoose }: ChoiceProps & { upload: ReconciliationUpload }) => {
    const translate = useTranslate();
    const shown = chosen === upload.id;
    return (
        <Button
            size="small"
            variant={shown ? 'contained' : 'text'}
            endIcon={shown ? undefined : <ChevronRightIcon />}
            component={Link}
            to={uploadAddress(upload.id)}
            aria-current={shown ? 'true' : undefined}
            aria-label={translate(shown ? 'reconciliation.history.shown_of' : 'reconciliation.history.show_of', {
                id: upload.id,
                file: upload.file_name,
            })}
            onClick={event => {
                event.stopPropagation();
                onChoose(upload.id);
            }}
        >
            {translate(shown ? 'reconciliation.history.shown' : 'reconciliation.history.show')}
        </Button>
    );
};

/** The uploads on a phone: one card each, the same facts and the same button. */
const UploadCards = ({ chosen, onChoose }: ChoiceProps) => {
    const translate = useTranslate();
    const locale = useLocale();
    const when = useWhen();
    const counts = useCounts();
    const { data = [] } = useListContext<ReconciliationUpload>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(upload => {
                const titleId = `reconciliation-upload-${upload.id}`;
                return (
                    <Card
                        component="li"
                        key={upload.id}
                        variant="outlined"
                        aria-labelledby={titleId}
                        sx={chosen === upload.id ? { borderColor: 'primary.main' } : undefined}
                    >
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Typography id={titleId} component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                                #{upload.id} · {upload.file_name}
                            </Typography>
                            <Typography variant="body2">{counts(upload)}</Typography>
                            <Typography variant="body2">
                                {translate('reconciliation.summary.amount_recorded')}:{' '}
                                {formatAmount(upload.amount_recorded, locale)}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {translate(`customers.deposits.channels.${upload.channel}`)} ·{' '}
                                {translate('reconciliation.history.by', {
                                    name: upload.uploaded_by.name,
                                    when: when(upload.created_at),
                                })}
                            </Typography>
                        </CardContent>
                        <CardActions sx={{ px: 2, pb: 2 }}>
                            <ShowButton upload={upload} chosen={chosen} onChoose={onChoose} />
                        </CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};

/** The history in its states (ListRows): failed (with Retry), loading, empty, or the uploads with their count. */
const Uploads = ({ chosen, onChoose }: ChoiceProps) => {
    const translate = useTranslate();
    const locale = useLocale();
    const counts = useCounts();
    return (
        <ListRows
            count="reconciliation.history.count"
            empty="reconciliation.history.empty"
            loadingRows={3}
            cards={<UploadCards chosen={chosen} onChoose={onChoose} />}
            table={
                <DataTable<ReconciliationUpload>
                    bulkActionButtons={false}
                    rowClick={id => {
                        // A click on the row opens it too, as its link does.
                        onChoose(Number(id));
                        return uploadAddress(Number(id));
                    }}
                    rowSx={upload => (upload.id === chosen ? { bgcolor: 'action.selected' } : {})}
                >
                    <DataTable.Col
                        source="id"
                        label="reconciliation.history.fields.id"
                        disableSort
                        render={(upload: ReconciliationUpload) => `#${upload.id}`}
                    />
                    <DataTable.Col
                        source="file_name"
                        label="reconciliation.history.fields.file"
                        disableSort
                        render={(upload: ReconciliationUpload) => (
                            <Box>
                                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>
                                    {upload.file_name}
                                </Typography>
                                <Typography variant="caption" color="text.secondary">
                                    {translate(`customers.deposits.channels.${upload.channel}`)}
                                </Typography>
                            </Box>
                        )}
                    />
                    <DataTable.Col
                        source="created_at"
                        label="reconciliation.history.fields.by"
                        sortByOrder="DESC"
                        render={(upload: ReconciliationUpload) => (
                            <WhoWhen name={upload.uploaded_by.name} at={upload.created_at} />
                        )}
                    />
                    <DataTable.Col
                        source="rows"
                        label="reconciliation.history.fields.counts"
                        sortByOrder="DESC"
                        render={(upload: ReconciliationUpload) => (
                            <Typography variant="body2" sx={{ maxWidth: 280 }}>
                                {counts(upload)}
                            </Typography>
                        )}
                    />
                    <DataTable.Col
                        source="amount_recorded"
                        label="reconciliation.summary.amount_recorded"
                        sortByOrder="DESC"
                        align="right"
                        render={(upload: ReconciliationUpload) => (
                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                {formatAmount(upload.amount_recorded, locale)}
                            </Box>
                        )}
                    />
                    <DataTable.Col
                        source="actions"
                        label="reconciliation.history.fields.actions"
                        disableSort
                        render={(upload: ReconciliationUpload) => (
                            <ShowButton upload={upload} chosen={chosen} onChoose={onChoose} />
                        )}
                    />
                </DataTable>
            }
        />
    );
};

/**
 * The statements uploaded, newest first and paged (the `reconciliation-uploads` resource): file,
 * channel, who and when, and what became of their rows; each links to its summary and rows. Sorted
 * on the server by when, rows or amount recorded. Two lists cannot share one address (react-admin
 * reads `page`, `sort`… unprefixed), so the address belongs to the list the screen is about: the
 * history's page, size and sort while no upload is open (a reload, back and a copied address
 * restore them), the open upload's rows otherwise. Both ways the history's state is kept under the
 * same store key, so opening an upload and coming back finds the history where it was.
 */
export const ReconciliationHistory = ({ chosen, onChoose }: ChoiceProps) => {
    const translate = useTranslate();
    const headingId = useId();
    return (
        <Box
            component="section"
            aria-labelledby={headingId}
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
        >
            <Typography id={headingId} component="h2" variant="h6">
                {translate('reconciliation.history.title')}
            </Typography>
            <ListBase<ReconciliationUpload>
                resource="reconciliation-uploads"
                perPage={PER_PAGE}
                sort={{ field: 'created_at', order: 'DESC' }}
                disableSyncWithLocation={chosen !== null}
                storeKey={HISTORY_STORE_KEY}
                exporter={false}
                queryOptions={{ ...quietOnError, placeholderData: previous => previous }}
            >
                <Uploads chosen={chosen} onChoose={onChoose} />
                <Pagination rowsPerPageOptions={[PER_PAGE, 25, 50]} />
            </ListBase>
        </Box>
    );
};
