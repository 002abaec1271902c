import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { DataTable, downloadCSV, SearchInput, useListContext, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { KYC_SUBMISSION_STATUSES, type KycSubmission } from '../../../contract/kyc';
import { toCsv } from '../../lib/csv';
import { formatDateTime } from '../../lib/format';
import { Mono, WhoWhen, useWhen } from '../../lists/cells';
import { StatusFilter } from '../../lists/StatusFilter';
import { OcrSummary, SubmissionStatusChip, validationPath } from './present';
import { ListRows, ListScreen } from '../../lists/ListScreen';

const PER_PAGE = 25;

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

/** Always one status: pending unless another is chosen (the call's own default), as the approvals queues do. */
const FILTERS = [
    <SearchInput key="q" source="q" alwaysOn />,
    <StatusFilter
        key="status"
        source="status"
        alwaysOn
        label="kyc.fields.status"
        choices={KYC_SUBMISSION_STATUSES}
        fallback="pending"
        choiceLabel={status => `kyc.statuses.${status}`}
    />,
];

/** Every submission the filter selects as CSV (src/lib/csv.ts), in the reader's words and dates. */
const useExporter = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const title = (field: string) => translate(`kyc.fields.${field}`);
    const when = (at: string | null) => (at ? formatDateTime(Date.parse(at), locale) : '');
    return (rows: KycSubmission[]) =>
        downloadCSV(
            toCsv(rows, [
                { title: title('id'), value: row => row.id },
                { title: title('status'), value: row => translate(`kyc.statuses.${row.status}`) },
                { title: title('customer'), value: row => row.customer.name },
                { title: title('msisdn'), value: row => row.customer.msisdn },
                { title: title('id_type'), value: row => translate(`customers.id_types.${row.id_type}`) },
                { title: title('id_number'), value: row => row.id_number },
                { title: title('type'), value: row => translate(`customers.types.${row.customer.customer_type}`) },
                { title: title('channel'), value: row => translate(`customers.channels.${row.channel}`) },
                { title: title('store'), value: row => row.store?.name ?? '' },
                { title: title('submitted_by'), value: row => row.submitted_by.name },
                { title: title('submitted_at'), value: row => when(row.created_at) },
                { title: title('decided_by'), value: row => row.decided_by?.name ?? '' },
                { title: title('decided_at'), value: row => when(row.decided_at) },
                { title: title('reason'), value: row => row.reason ?? '' },
            ]),
            'kyc-submissions',
        );
};

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

/** The queue as a table; a decided status adds who decided and when. */
const QueueTable = () => {
    const translate = useTranslate();
    const { filterValues } = useListContext<KycSubmission>();
    const status = KYC_SUBMISSION_STATUSES.find(value => value === filterValues.status) ?? 'pending';
    return (
        // The server sorts by when submitted and when decided (along its indexes); the other
        // columns do not sort. Unsorted, the queue's own order: oldest pending, newest decided first.
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
                render={(submission: KycSubmission) => <WhoWhen name={submission.submitted_by.name} at={submission.created_at} />}
            />
            {status !== 'pending' ? (
                <DataTable.Col
                    source="decided_at"
                    label="kyc.fields.decided_by"
                    sortByOrder="DESC"
                    render={(submission: KycSubmission) => (
                        <Box>
                            <SubmissionStatusChip status={submission.status} />
                            <WhoWhen name={submission.decided_by?.name ?? translate('kyc.replaced')} at={submission.decided_at} />
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
    );
};

/** The rows and their count, or why there are none: the pending queue says so when empty. */
const QueueBody = () => {
    const { filterValues } = useListContext<KycSubmission>();
    const pending = (KYC_SUBMISSION_STATUSES.find(value => value === filterValues.status) ?? 'pending') === 'pending';
    return (
        <ListRows
            count="kyc.count"
            empty={pending ? 'kyc.empty_pending' : undefined}
            cards={<QueueCards />}
            table={<QueueTable />}
        />
    );
};

/**
 * The KYC verification queue (spec §2 "KYC verification", /dashboard/customers/ocr), the
 * `kyc-submissions` resource: the submissions waiting for a checker, oldest first, or the decided
 * ones, with a search on name, phone number or ID number, sorted by when submitted or decided
 * (server-side, along an index); the filter, sort and page live in the address,
 * so back, a reload or a copied address show the same list. Each row shows the customer, their
 * type and channel, the shop, who submitted it and when, and whether the user corrected what OCR
 * read; it opens on the verification screen. On a phone, cards.
 */
export const KycQueue = () => {
    const translate = useTranslate();
    const exporter = useExporter();
    return (
        <ListScreen<KycSubmission>
            resource="kyc-submissions"
            title={translate('menu.kyc_verification')}
            perPage={PER_PAGE}
            rowsPerPageOptions={[10, PER_PAGE, 50, 100]}
            filters={FILTERS}
            exporter={exporter}
        >
            <QueueBody />
        </ListScreen>
    );
};
