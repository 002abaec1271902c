import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
    Box,
    Button,
    Card,
    CardActions,
    CardContent,
    MenuItem,
    Stack,
    TextField,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import {
    DataTable,
    FilterForm,
    ListContextProvider,
    Pagination,
    SearchInput,
    useInput,
    useListContext,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { KYC_SUBMISSION_STATUSES, type KycSubmission } from '../../../contract/kyc';
import { LoadError } from '../../lists/LoadError';
import { WhoWhen, useWhen } from '../approvals/RequestDetail';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';
import { fetchQueuePage, queueKey, type QueueFilter, type SubmissionStatus } from './api';
import { OcrSummary, SubmissionStatusChip, validationPath } from './present';

const PER_PAGE = 25;

const Mono = ({ children }: { children: ReactNode }) => (
    <Box component="span" sx={{ fontFamily: 'monospace', fontVariantNumeric: 'tabular-nums' }}>
        {children}
    </Box>
);

/** The customer, their number and the ID they gave. */
const Customer = ({ submission }: { submission: KycSubmission }) => (
    <Box>
        <Typography variant="body2">{submission.customer.name}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            <Mono>{submission.customer.msisdn}</Mono> · <Mono>{submission.id_number}</Mono>
        </Typography>
    </Box>
);

/** Normal or business, and how the customer came. */
const TypeAndChannel = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography variant="body2">{translate(`customers.types.${submission.customer.customer_type}`)}</Typography>
            <Typography variant="caption" color="text.secondary">
                {translate(`customers.channels.${submission.channel}`)}
            </Typography>
        </Box>
    );
};

/** Always one status (pending unless another is chosen), as the approvals queues do. */
const StatusFilter = ({ source }: { source: string; alwaysOn?: boolean }) => {
    const translate = useTranslate();
    const { field, id } = useInput({ source });
    return (
        <TextField
            select
            id={id}
            variant="filled"
            size="small"
            margin="dense"
            label={translate('kyc.fields.status')}
            value={KYC_SUBMISSION_STATUSES.find(status => status === field.value) ?? 'pending'}
            onChange={event => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            sx={{ minWidth: 160 }}
        >
            {KYC_SUBMISSION_STATUSES.map(status => (
                <MenuItem key={status} value={status}>
                    {translate(`kyc.statuses.${status}`)}
                </MenuItem>
            ))}
        </TextField>
    );
};

const FILTERS = [<SearchInput key="q" source="q" alwaysOn />, <StatusFilter key="status" source="status" alwaysOn />];

const ReviewButton = ({ submission }: { submission: KycSubmission }) => {
    const translate = useTranslate();
    return (
        <Button
            size="small"
            component={Link}
            to={validationPath(submission.id)}
            endIcon={<ChevronRightIcon />}
            aria-label={translate('kyc.review_of', { id: submission.id, name: submission.customer.name })}
            onClick={event => event.stopPropagation()}
        >
            {translate(submission.status === 'pending' ? 'kyc.review' : 'kyc.open')}
        </Button>
    );
};

/** The queue on a phone: one card per submission, the same facts, the review a tap away. */
const QueueCards = () => {
    const translate = useTranslate();
    const when = useWhen();
    const { data = [] } = useListContext<KycSubmission>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(submission => {
                const titleId = `kyc-${submission.id}-title`;
                return (
                    <Card component="li" key={submission.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    #{submission.id} · {submission.customer.name}
                                </Typography>
                                <SubmissionStatusChip status={submission.status} />
                            </Box>
                            <Typography variant="caption" color="text.secondary" component="div">
                                <Mono>{submission.customer.msisdn}</Mono> · <Mono>{submission.id_number}</Mono>
                            </Typography>
                            <Typography variant="body2">
                                {translate(`customers.types.${submission.customer.customer_type}`)} ·{' '}
                                {translate(`customers.channels.${submission.channel}`)}
                                {submission.store ? ` · ${submission.store.name}` : ''}
                            </Typography>
                            <Box>
                                <OcrSummary submission={submission} />
                            </Box>
                            <Typography variant="caption" color="text.secondary">
                                {translate('kyc.submitted_by', {
                                    name: submission.submitted_by.name,
                                    when: when(submission.created_at),
                                })}
                            </Typography>
                        </CardContent>
                        <CardActions sx={{ px: 2, pb: 2 }}>
                            <ReviewButton submission={submission} />
                        </CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};

/**
 * The KYC verification queue (spec §2 "KYC verification", /dashboard/customers/ocr): the
 * submissions waiting for a checker, oldest first, or the decided ones, with a search on name,
 * phone number or ID number. Each shows the customer, their type and channel, the shop, who
 * submitted it and when, and whether the user corrected what OCR read; it opens on the
 * verification screen. On a phone, cards.
 */
export const KycQueue = () => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { context, query } = usePagedList<KycSubmission>({
        queryKey: queueKey,
        resource: 'kyc',
        perPage: PER_PAGE,
        keepPrevious: true,
        filter: { status: 'pending' },
        fetchPage: ({ page, perPage, filter, signal }) => fetchQueuePage(filter as QueueFilter, page, perPage, signal),
    });
    const status: SubmissionStatus = (context.filterValues as QueueFilter).status ?? 'pending';
    const total = context.total;
    return (
        <Screen resource="kyc" title={translate('menu.kyc_verification')}>
            <ListContextProvider value={context}>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
                    <FilterForm filters={FILTERS} />
                    {query.isError ? (
                        <LoadError error={query.error} onRetry={() => void query.refetch()} />
                    ) : query.isPending ? (
                        <LoadingRows />
                    ) : (context.data ?? []).length === 0 ? (
                        <ListEmptyText message={status === 'pending' ? 'kyc.empty_pending' : undefined} />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('kyc.count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {phone ? (
                                <QueueCards />
                            ) : (
                                <DataTable<KycSubmission> bulkActionButtons={false} rowClick={id => validationPath(Number(id))}>
                                    <DataTable.Col
                                        source="id"
                                        label="kyc.fields.id"
                                        disableSort
                                        render={(submission: KycSubmission) => `#${submission.id}`}
                                    />
                                    <DataTable.Col
                                        source="customer"
                                        label="kyc.fields.customer"
                                        disableSort
                                        render={(submission: KycSubmission) => <Customer submission={submission} />}
                                    />
                                    <DataTable.Col
                                        source="channel"
                                        label="kyc.fields.type"
                                        disableSort
                                        render={(submission: KycSubmission) => <TypeAndChannel submission={submission} />}
                                    />
                                    <DataTable.Col
                                        source="store"
                                        label="kyc.fields.store"
                                        disableSort
                                        render={(submission: KycSubmission) => submission.store?.name ?? '—'}
                                        sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                                    />
                                    <DataTable.Col
                                        source="ocr"
                                        label="kyc.fields.ocr"
                                        disableSort
                                        render={(submission: KycSubmission) => <OcrSummary submission={submission} />}
                                    />
                                    <DataTable.Col
                                        source="created_at"
                                        label="kyc.fields.submitted_by"
                                        disableSort
                                        render={(submission: KycSubmission) => (
                                            <WhoWhen name={submission.submitted_by.name} at={submission.created_at} />
                                        )}
                                    />
                                    {status !== 'pending' ? (
                                        <DataTable.Col
                                            source="decided_at"
                                            label="kyc.fields.decided_by"
                                            disableSort
                                            render={(submission: KycSubmission) => (
                                                <Box>
                                                    <SubmissionStatusChip status={submission.status} />
                                                    <WhoWhen
                                                        name={submission.decided_by?.name ?? translate('kyc.replaced')}
                                                        at={submission.decided_at}
                                                    />
                                                </Box>
                                            )}
                                        />
                                    ) : null}
                                    <DataTable.Col
                                        label="kyc.fields.actions"
                                        disableSort
                                        render={(submission: KycSubmission) => <ReviewButton submission={submission} />}
                                    />
                                </DataTable>
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListContextProvider>
        </Screen>
    );
};
