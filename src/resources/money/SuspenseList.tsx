import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
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
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
    CanAccess,
    DataTable,
    DateInput,
    FilterButton,
    FilterForm,
    ListContextProvider,
    Pagination,
    SearchInput,
    SelectInput,
    useInput,
    useListContext,
    useTranslate,
} from 'react-admin';
import { TRANSACTION_CHANNELS } from '../../../contract/loans';
import { SUSPENSE_REASONS, type SuspenseItem } from '../../../contract/money';
import { LoadError } from '../../lists/LoadError';
import { useFormat } from '../customers/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';
import { cleanSuspenseFilter, fetchSuspensePage, SUSPENSE_STATUS_CHOICES, suspenseKey } from './api';
import { Mono, StateChip } from './present';
import { SuspenseCorrectDialog } from './SuspenseCorrectDialog';
import { SuspenseQueueDialog } from './SuspenseQueueDialog';

const PER_PAGE = 25;

/**
 * Always one choice: open and queued (`waiting`, the default, which sends no status), or one
 * status. `alwaysOn` is read by `<FilterForm>` from the element.
 */
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
            label={translate('money.suspense.fields.status')}
            value={SUSPENSE_STATUS_CHOICES.find(status => status === field.value) ?? 'waiting'}
            onChange={event => field.onChange(event.target.value === 'waiting' ? '' : event.target.value)}
            onBlur={field.onBlur}
            sx={{ minWidth: 180 }}
        >
            {SUSPENSE_STATUS_CHOICES.map(status => (
                <MenuItem key={status} value={status}>
                    {translate(`money.suspense.status_filter.${status}`)}
                </MenuItem>
            ))}
        </TextField>
    );
};

const useFilters = () => {
    const translate = useTranslate();
    return useMemo(
        () => [
            <SearchInput key="q" source="q" alwaysOn />,
            <StatusFilter key="status" source="status" alwaysOn />,
            <SelectInput
                key="reason"
                source="reason"
                label="money.suspense.fields.reason"
                emptyText="money.suspense.any_reason"
                choices={SUSPENSE_REASONS.map(reason => ({ id: reason, name: translate(`money.suspense.reasons.${reason}`) }))}
                alwaysOn
            />,
            <DateInput key="from" source="from" label="money.suspense.fields.from" />,
            <DateInput key="to" source="to" label="money.suspense.fields.to" />,
            <SelectInput
                key="channel"
                source="channel"
                label="money.suspense.fields.channel"
                choices={TRANSACTION_CHANNELS.map(channel => ({
                    id: channel,
                    name: translate(`money.transactions.channels.${channel}`),
                }))}
            />,
        ],
        [translate],
    );
};

/** The payer's number and the account they gave. */
const Payer = ({ item }: { item: SuspenseItem }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography variant="body2">
                <Mono>{item.msisdn}</Mono>
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
                {translate('money.transactions.account_given', { account: item.account ?? '—' })}
            </Typography>
        </Box>
    );
};

/** Where it stands: open; queued with its note, by whom and when; or assigned to its loan, by whom and when. */
const Status = ({ item }: { item: SuspenseItem }) => {
    const translate = useTranslate();
    const format = useFormat();
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, maxWidth: 280 }}>
            <StateChip state={item.suspense_status} />
            {item.suspense_status === 'queued' ? (
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {translate('money.suspense.queued_by', {
                        name: item.queued_by?.name ?? '—',
                        when: format.time(item.queued_at),
                        note: item.queue_note ?? '—',
                    })}
                </Typography>
            ) : null}
            {item.suspense_status === 'corrected' ? (
                <Typography variant="caption" color="text.secondary">
                    {translate('money.suspense.corrected_by', {
                        loan: item.loan_reference ?? '—',
                        name: item.corrected_by?.name ?? '—',
                        when: format.time(item.corrected_at),
                    })}
                </Typography>
            ) : null}
        </Box>
    );
};

type Opened = { item: SuspenseItem; action: 'assign' | 'queue'; opening: number };

/**
 * Assign (gate `edit`) for a payment still in suspense, Queue (gate `queue`) for an open one.
 * Nothing for an assigned one.
 */
const RowActions = ({ item, onOpen }: { item: SuspenseItem; onOpen: (item: SuspenseItem, action: Opened['action']) => void }) => {
    const translate = useTranslate();
    if (item.suspense_status === 'corrected') return null;
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <CanAccess resource="suspense-transactions" action="edit">
                <Button
                    size="small"
                    variant="contained"
                    startIcon={<AssignmentReturnIcon />}
                    onClick={() => onOpen(item, 'assign')}
                    aria-label={translate('money.suspense.assign_of', { reference: item.reference })}
                >
                    {translate('money.suspense.assign_action')}
                </Button>
            </CanAccess>
            {item.suspense_status === 'open' ? (
                <CanAccess resource="suspense-transactions" action="queue">
                    <Button
                        size="small"
                        variant="outlined"
                        startIcon={<PauseCircleIcon />}
                        onClick={() => onOpen(item, 'queue')}
                        aria-label={translate('money.suspense.queue_of', { reference: item.reference })}
                    >
                        {translate('money.suspense.queue')}
                    </Button>
                </CanAccess>
            ) : null}
        </Box>
    );
};

/** The queue on a phone: one card per payment, the same facts and actions. */
const SuspenseCards = ({ actions }: { actions: (item: SuspenseItem) => ReactNode }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { data = [] } = useListContext<SuspenseItem>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(item => {
                const titleId = `suspense-${item.id}-title`;
                return (
                    <Card component="li" key={item.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Typography id={titleId} component="h2" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                                {item.reference} · {format.money(item.amount, item.currency)}
                            </Typography>
                            <Typography variant="body2">
                                {format.time(item.paid_at)} · {translate(`money.transactions.channels.${item.channel}`)}
                            </Typography>
                            <Payer item={item} />
                            {item.suspense_reason ? (
                                <Typography variant="body2">
                                    {translate(`money.suspense.reasons.${item.suspense_reason}`)}
                                </Typography>
                            ) : null}
                            <Status item={item} />
                        </CardContent>
                        <CardActions sx={{ px: 2, pb: 2 }}>{actions(item)}</CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};

/**
 * Suspense transactions (spec §2, /dashboard/suspense-transactions): the payments that matched no
 * loan, open and queued unless another status is chosen, oldest first, filtered by why, a search
 * (reference, number, account given), dates and channel. Finance assigns one to its loan (a
 * choice, then a confirmation with the balance before and after) or sets it aside with a note.
 * On a phone, cards.
 */
export const SuspenseList = () => {
    const translate = useTranslate();
    const format = useFormat();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const filters = useFilters();
    const { context, query } = usePagedList<SuspenseItem>({
        queryKey: suspenseKey,
        resource: 'suspense-transactions',
        perPage: PER_PAGE,
        keepPrevious: true,
        sort: { field: 'paid_at', order: 'ASC' },
        fetchPage: ({ page, perPage, filter, sort, signal }) =>
            fetchSuspensePage(cleanSuspenseFilter(filter), { page, perPage, sort, signal }),
    });
    const [opened, setOpened] = useState<Opened | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const open = (item: SuspenseItem, action: Opened['action']) => {
        setOpened(previous => ({ item, action, opening: (previous?.opening ?? 0) + 1 }));
        setDialogOpen(true);
    };
    const close = () => setDialogOpen(false);
    // The payment assigned may have left the list: the focus goes back to the list rather than nowhere.
    const exited = () => {
        if (!document.activeElement || document.activeElement === document.body) listRef.current?.focus();
    };
    const actions = (item: SuspenseItem) => <RowActions item={item} onOpen={open} />;
    const total = context.total;

    return (
        <Screen resource="suspense-transactions" title={translate('menu.suspense_transactions')}>
            <ListContextProvider value={context}>
                <Box
                    ref={listRef}
                    tabIndex={-1}
                    sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, outline: 'none' }}
                >
                    <Box
                        sx={{
                            display: 'flex',
                            flexWrap: 'wrap',
                            alignItems: 'flex-end',
                            justifyContent: 'space-between',
                            gap: 1,
                        }}
                    >
                        <FilterForm filters={filters} />
                        <FilterButton filters={filters} />
                    </Box>
                    {query.isError ? (
                        <LoadError error={query.error} onRetry={() => void query.refetch()} />
                    ) : query.isPending ? (
                        <LoadingRows />
                    ) : (context.data ?? []).length === 0 ? (
                        <ListEmptyText message="money.suspense.empty" />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('money.suspense.count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {phone ? (
                                <SuspenseCards actions={actions} />
                            ) : (
                                <DataTable<SuspenseItem> bulkActionButtons={false} rowClick={false}>
                                    <DataTable.Col
                                        source="paid_at"
                                        label="money.suspense.fields.paid_at"
                                        render={(item: SuspenseItem) => (
                                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                                {format.time(item.paid_at)}
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="reference"
                                        label="money.suspense.fields.reference"
                                        disableSort
                                        render={(item: SuspenseItem) => (
                                            <Box>
                                                <Mono>{item.reference}</Mono>
                                                <Typography variant="caption" color="text.secondary" component="div">
                                                    {translate(`money.transactions.channels.${item.channel}`)}
                                                </Typography>
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="msisdn"
                                        label="money.suspense.fields.payer"
                                        disableSort
                                        render={(item: SuspenseItem) => <Payer item={item} />}
                                    />
                                    <DataTable.Col
                                        source="amount"
                                        label="money.suspense.fields.amount"
                                        align="right"
                                        render={(item: SuspenseItem) => (
                                            <Box
                                                component="span"
                                                sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                                            >
                                                {format.money(item.amount, item.currency)}
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="suspense_reason"
                                        label="money.suspense.fields.reason"
                                        disableSort
                                        render={(item: SuspenseItem) =>
                                            item.suspense_reason
                                                ? translate(`money.suspense.reasons.${item.suspense_reason}`)
                                                : '—'
                                        }
                                    />
                                    <DataTable.Col
                                        source="suspense_status"
                                        label="money.suspense.fields.status"
                                        disableSort
                                        render={(item: SuspenseItem) => <Status item={item} />}
                                    />
                                    <DataTable.Col
                                        source="created_at"
                                        label="money.suspense.fields.created_at"
                                        render={(item: SuspenseItem) => (
                                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                                {format.time(item.created_at)}
                                            </Box>
                                        )}
                                        sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                                    />
                                    <DataTable.Col
                                        label="money.suspense.fields.actions"
                                        disableSort
                                        render={(item: SuspenseItem) => actions(item)}
                                    />
                                </DataTable>
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListContextProvider>
            {opened?.action === 'assign' ? (
                <SuspenseCorrectDialog
                    key={opened.opening}
                    open={dialogOpen}
                    item={opened.item}
                    onClose={close}
                    onDone={close}
                    onExited={exited}
                />
            ) : null}
            {opened?.action === 'queue' ? (
                <SuspenseQueueDialog
                    key={opened.opening}
                    open={dialogOpen}
                    item={opened.item}
                    onClose={close}
                    onDone={close}
                    onExited={exited}
                />
            ) : null}
        </Screen>
    );
};
