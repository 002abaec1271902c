import { Box, Card, CardContent, Chip, Link as MuiLink, Stack, Typography, type ChipProps, type Theme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import {
    AutocompleteInput,
    DataTable,
    downloadCSV,
    ReferenceInput,
    SearchInput,
    SelectInput,
    useCanAccess,
    useListContext,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { DEVICE_STATES } from '../../../contract/devices';
import { ARREARS_BUCKETS, type ArrearsBucket, type CollectionItem } from '../../../contract/lending';
import { readableOn, WARNING_TEXT_ON_LIGHT } from '../../layout/brand';
import { toCsv, type CsvColumn } from '../../lib/csv';
import { formatCalendarDay, formatWhen } from '../../lib/format';
import { Amount, Mono } from '../../lists/cells';
import { ListRows, ListScreen } from '../../lists/ListScreen';
import { VARIANTS, viewAddress } from '../../lib/customerVariants';

const PER_PAGE = 25;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Each bucket's catalog key (`collections.buckets.<key>`): keys are names, not ranges. */
const BUCKET_KEYS: Record<ArrearsBucket, string> = {
    '1-7': 'days_1_7',
    '8-30': 'days_8_30',
    '31-60': 'days_31_60',
    '60+': 'over_60',
};
export const bucketLabel = (translate: Translate, bucket: ArrearsBucket) =>
    translate(`collections.buckets.${BUCKET_KEYS[bucket]}`);

/**
 * Longer behind, stronger look: the queue is read from the top. Every chip reads at 4.5:1 on a
 * white or a hovered row, in either theme: outlined with dark text, and the longest filled with
 * the error colour (white on it reads at 5:1); MUI's filled info and warning do not.
 */
const BUCKET_CHIPS: Record<ArrearsBucket, Pick<ChipProps, 'color' | 'variant' | 'sx'>> = {
    '1-7': { variant: 'outlined' },
    '8-30': {
        variant: 'outlined',
        sx: (theme: Theme) => ({
            color: theme.palette.mode === 'light' ? WARNING_TEXT_ON_LIGHT : theme.palette.warning.light,
            borderColor: 'currentColor',
        }),
    },
    '31-60': { variant: 'outlined', color: 'error', sx: readableOn('error') },
    '60+': { variant: 'filled', color: 'error' },
};

const field = (name: string) => `collections.fields.${name}`;

/**
 * The filters, all in the address: a search (loan reference, name, phone), the bucket and the
 * lock state always shown, the shop and agent from the filter menu. The agent picker reads the
 * agents list, so it is offered only to readers who may open it.
 */
const useFilters = () => {
    const translate = useTranslate();
    const { canAccess: canListAgents } = useCanAccess({ resource: 'agents', action: 'list' });
    return useMemo(
        () => [
            <SearchInput key="q" source="q" placeholder={translate('collections.search')} alwaysOn />,
            <SelectInput
                key="bucket"
                source="bucket"
                label={field('bucket')}
                emptyText="collections.any_bucket"
                choices={ARREARS_BUCKETS.map(bucket => ({ id: bucket, name: bucketLabel(translate, bucket) }))}
                alwaysOn
            />,
            <SelectInput
                key="lock_state"
                source="lock_state"
                label={field('lock_state')}
                emptyText="collections.any_lock_state"
                choices={DEVICE_STATES.map(state => ({ id: state, name: translate(`devices.states.${state}`) }))}
                alwaysOn
            />,
            <ReferenceInput key="store_id" source="store_id" reference="store-options" sort={{ field: 'name', order: 'ASC' }}>
                <SelectInput label={field('shop')} optionText="name" />
            </ReferenceInput>,
            ...(canListAgents
                ? [
                      <ReferenceInput key="agent_id" source="agent_id" reference="agents">
                          <AutocompleteInput
                              label={field('agent')}
                              optionText={(agent: { first_name?: string; last_name?: string; username?: string }) =>
                                  [agent.first_name, agent.last_name].filter(Boolean).join(' ') || (agent.username ?? '')
                              }
                          />
                      </ReferenceInput>,
                  ]
                : []),
        ],
        [translate, canListAgents],
    );
};

/**
 * Where a row leads: its customer's view (the staff one, by the customer's public id), which
 * shows the loan, its standing and its lock. Null for a reader who may not open that view.
 */
const useCustomerAddress = () => {
    const { canAccess } = useCanAccess({ resource: VARIANTS.staff.resource, action: 'find' });
    return (item: CollectionItem) => (canAccess ? viewAddress('staff', item.customer.public_id) : null);
};

/** The customer's name: a link to their view for those who may open it. */
const CustomerName = ({ item }: { item: CollectionItem }) => {
    const translate = useTranslate();
    const address = useCustomerAddress()(item);
    const name = item.customer.name;
    return address ? (
        <MuiLink
            component={Link}
            to={address}
            aria-label={translate('collections.open_customer', { name, loan: item.loan_reference })}
            onClick={event => event.stopPropagation()}
            sx={readableOn('primary')}
        >
            {name}
        </MuiLink>
    ) : (
        <>{name}</>
    );
};

/** The loan reference and the customer's masked number. */
const LoanAndPhone = ({ item }: { item: CollectionItem }) => (
    <Typography variant="caption" color="text.secondary" component="div">
        <Mono>{item.loan_reference}</Mono> · <Mono>{item.customer.msisdn}</Mono>
    </Typography>
);

/** The customer (a link to their view), the loan reference and their masked number. */
const Customer = ({ item }: { item: CollectionItem }) => (
    <Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <CustomerName item={item} />
        </Typography>
        <LoanAndPhone item={item} />
    </Box>
);

/** Days overdue in words, with the bucket they fall in and the day the oldest unpaid instalment was due. */
const Overdue = ({ item }: { item: CollectionItem }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {translate('collections.days', { smart_count: item.days_overdue })}
            </Typography>
            <Chip size="small" {...BUCKET_CHIPS[item.bucket]} label={bucketLabel(translate, item.bucket)} />
            <Typography variant="caption" color="text.secondary">
                {translate('collections.due_since', { day: formatCalendarDay(item.oldest_unpaid_due, locale) })}
            </Typography>
        </Box>
    );
};

const LockState = ({ item }: { item: CollectionItem }) => {
    const translate = useTranslate();
    return <>{item.lock_state ? translate(`devices.states.${item.lock_state}`) : translate('collections.no_device')}</>;
};

const LastPayment = ({ item }: { item: CollectionItem }) => {
    const translate = useTranslate();
    const locale = useLocale();
    if (!item.last_payment) return <>{translate('collections.never_paid')}</>;
    return (
        <Box>
            <Amount value={item.last_payment.amount} />
            <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
                {formatWhen(item.last_payment.paid_at, locale)}
            </Typography>
        </Box>
    );
};

const LastMessage = ({ item }: { item: CollectionItem }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {item.last_message_at ? formatWhen(item.last_message_at, locale) : translate('collections.no_message')}
        </Box>
    );
};

/** One fact of a card: its label, then its value. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="body2" color="text.secondary">
                {translate(label)}
            </Typography>
            <Box sx={{ textAlign: 'right' }}>{children}</Box>
        </Box>
    );
};

/** The queue on a phone: one card per loan, the same facts. */
const CollectionCards = () => {
    const { data = [] } = useListContext<CollectionItem>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(item => (
                <Card component="li" key={item.id} variant="outlined" aria-labelledby={`collection-${item.id}-title`}>
                    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                        <Box>
                            <Typography
                                id={`collection-${item.id}-title`}
                                component="h2"
                                variant="subtitle2"
                                sx={{ overflowWrap: 'anywhere' }}
                            >
                                <CustomerName item={item} />
                            </Typography>
                            <LoanAndPhone item={item} />
                        </Box>
                        <Overdue item={item} />
                        <Fact label={field('amount_overdue')}>
                            <Amount value={item.amount_overdue} />
                        </Fact>
                        <Fact label={field('lock_state')}>
                            <LockState item={item} />
                        </Fact>
                        <Fact label={field('shop')}>{item.shop?.name ?? '—'}</Fact>
                        <Fact label={field('agent')}>{item.agent?.name ?? '—'}</Fact>
                        <Fact label={field('last_payment')}>
                            <LastPayment item={item} />
                        </Fact>
                        <Fact label={field('last_message')}>
                            <LastMessage item={item} />
                        </Fact>
                    </CardContent>
                </Card>
            ))}
        </Stack>
    );
};

/** How many loans the filters found, said to screen readers as it changes. */
/** The queue's table: the columns the server sorts by (days, amount, last payment) are sortable. */
const CollectionTable = () => (
    <DataTable<CollectionItem> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
            source="customer"
            label={field('customer')}
            disableSort
            render={(item: CollectionItem) => <Customer item={item} />}
        />
        <DataTable.Col
            source="days_overdue"
            label={field('days_overdue')}
            render={(item: CollectionItem) => <Overdue item={item} />}
        />
        <DataTable.Col
            source="amount_overdue"
            label={field('amount_overdue')}
            align="right"
            render={(item: CollectionItem) => <Amount value={item.amount_overdue} />}
        />
        <DataTable.Col
            source="lock_state"
            label={field('lock_state')}
            disableSort
            render={(item: CollectionItem) => <LockState item={item} />}
        />
        <DataTable.Col
            source="shop"
            label={field('shop')}
            disableSort
            render={(item: CollectionItem) => item.shop?.name ?? '—'}
        />
        <DataTable.Col
            source="agent"
            label={field('agent')}
            disableSort
            render={(item: CollectionItem) => item.agent?.name ?? '—'}
        />
        <DataTable.Col
            source="last_paid_at"
            label={field('last_payment')}
            render={(item: CollectionItem) => <LastPayment item={item} />}
        />
        <DataTable.Col
            source="last_message_at"
            label={field('last_message')}
            disableSort
            render={(item: CollectionItem) => <LastMessage item={item} />}
        />
    </DataTable>
);

/** The export's columns: figures as numbers, days as YYYY-MM-DD, times as ISO. */
export const collectionCsvColumns = (translate: Translate): CsvColumn<CollectionItem>[] => {
    const title = (name: string) => translate(field(name));
    return [
        { title: title('loan_reference'), value: row => row.loan_reference },
        { title: title('customer'), value: row => row.customer.name },
        { title: title('msisdn'), value: row => row.customer.msisdn },
        { title: title('days_overdue'), value: row => row.days_overdue },
        { title: title('bucket'), value: row => bucketLabel(translate, row.bucket) },
        { title: title('oldest_unpaid_due'), value: row => row.oldest_unpaid_due },
        { title: title('amount_overdue'), value: row => row.amount_overdue, decimals: 2 },
        { title: title('lock_state'), value: row => (row.lock_state ? translate(`devices.states.${row.lock_state}`) : '') },
        { title: title('shop'), value: row => row.shop?.name ?? '' },
        { title: title('agent'), value: row => row.agent?.name ?? '' },
        { title: title('last_paid_at'), value: row => row.last_payment?.paid_at ?? '' },
        { title: title('last_paid_amount'), value: row => row.last_payment?.amount ?? '', decimals: 2 },
        { title: title('last_message'), value: row => row.last_message_at ?? '' },
    ];
};

const useExporter = () => {
    const translate = useTranslate();
    return (rows: CollectionItem[]) =>
        downloadCSV(toCsv(rows, collectionCsvColumns(translate)), `collections-${new Date().toISOString().slice(0, 10)}`);
};

/**
 * Collections (/dashboard/collections): the loans in arrears in the reader's reach, most days
 * overdue first, filtered by bucket, lock state, shop, agent and a search, sorted by days, amount
 * or last payment, all in the address (react-admin's list), so a copied address opens the same
 * list. Each row leads to its customer's view. The whole queue exports as CSV. On a phone, cards.
 */
export const CollectionsList = () => {
    const translate = useTranslate();
    const exporter = useExporter();
    return (
        <ListScreen<CollectionItem>
            resource="collections"
            title={translate('menu.collections')}
            perPage={PER_PAGE}
            rowsPerPageOptions={[10, PER_PAGE, 50, 100]}
            sort={{ field: 'days_overdue', order: 'DESC' }}
            filters={useFilters()}
            columns
            exporter={exporter}
            savedQueries
        >
            <ListRows
                count="collections.count"
                empty="collections.empty"
                inset
                cards={<CollectionCards />}
                table={<CollectionTable />}
            />
        </ListScreen>
    );
};
