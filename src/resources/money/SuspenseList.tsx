import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
    CanAccess,
    DataTable,
    DateInput,
    downloadCSV,
    SearchInput,
    SelectInput,
    useCanAccess,
    useListContext,
    useLocale,
    useTranslate,
} from 'react-admin';
import { TRANSACTION_CHANNELS } from '../../../contract/customers';
import { SUSPENSE_REASONS, type SuspenseItem } from '../../../contract/money';
import { toCsv } from '../../lib/csv';
import { formatWhen } from '../../lib/format';
import { Amount, Mono, When } from '../../lists/cells';
import { StatusFilter } from '../../lists/StatusFilter';
import { StateChip, suspenseCsvColumns } from './present';
import { SuspenseCorrectDialog } from './SuspenseCorrectDialog';
import { SuspenseQueueDialog } from './SuspenseQueueDialog';
import { SUSPENSE_STATUS_CHOICES } from './transactionCalls';
import { ListRows, ListScreen } from '../../lists/ListScreen';
import { focusIfLost } from '../../dialogs/focusIfLost';

const PER_PAGE = 25;

const useFilters = () => {
    const translate = useTranslate();
    return useMemo(
        () => [
            <SearchInput key="q" source="q" alwaysOn />,
            <StatusFilter
                key="status"
                source="status"
                label="money.suspense.fields.status"
                choices={SUSPENSE_STATUS_CHOICES}
                fallback="waiting"
                choiceLabel={status => `money.suspense.status_filter.${status}`}
                alwaysOn
            />,
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
    const locale = useLocale();
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, maxWidth: 280 }}>
            <StateChip state={item.suspense_status} />
            {item.suspense_status === 'queued' ? (
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {translate('money.suspense.queued_by', {
                        name: item.queued_by?.name ?? '—',
                        when: formatWhen(item.queued_at, locale),
                        note: item.queue_note ?? '—',
                    })}
                </Typography>
            ) : null}
            {item.suspense_status === 'corrected' ? (
                <Typography variant="caption" color="text.secondary">
                    {translate('money.suspense.corrected_by', {
                        loan: item.loan_reference ?? '—',
                        name: item.corrected_by?.name ?? '—',
                        when: formatWhen(item.corrected_at, locale),
                    })}
                </Typography>
            ) : null}
        </Box>
    );
};

type Action = 'assign' | 'queue';
type Opened = { item: SuspenseItem; action: Action; opening: number };

/**
 * Assign (gate `edit`) for a payment still in suspense, Set aside (gate `queue`) for an open one.
 * Nothing for an assigned one. Stacked, so the column stays narrow.
 */
const RowActions = ({ item, onOpen }: { item: SuspenseItem; onOpen: (item: SuspenseItem, action: Action) => void }) => {
    const translate = useTranslate();
    if (item.suspense_status === 'corrected') return null;
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <CanAccess resource="suspense-transactions" action="edit">
                <Button
                    size="small"
                    variant="contained"
                    startIcon={<AssignmentReturnIcon />}
                    onClick={event => {
                        event.stopPropagation();
                        onOpen(item, 'assign');
                    }}
                    aria-label={translate('money.suspense.assign_of', { reference: item.reference })}
                    sx={{ whiteSpace: 'nowrap' }}
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
                        onClick={event => {
                            event.stopPropagation();
                            onOpen(item, 'queue');
                        }}
                        aria-label={translate('money.suspense.queue_of', { reference: item.reference })}
                        sx={{ whiteSpace: 'nowrap' }}
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
    const locale = useLocale();
    const { data = [] } = useListContext<SuspenseItem>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(item => {
                const titleId = `suspense-${item.id}-title`;
                return (
                    <Card component="li" key={item.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Typography id={titleId} component="h2" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                                {item.reference} · <Amount value={item.amount} />
                            </Typography>
                            <Typography variant="body2">
                                {formatWhen(item.paid_at, locale)} · {translate(`money.transactions.channels.${item.channel}`)}
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
 * The queue's table. The actions come first, so they stay in view however narrow the content
 * (1280 px with the menu open): the other columns give way to the right, the dates below lg and
 * any column the reader hides (ColumnsButton). A row opens its payment's assignment.
 */
const SuspenseTable = ({
    actions,
    onOpen,
}: {
    actions: (item: SuspenseItem) => ReactNode;
    onOpen: (item: SuspenseItem) => void;
}) => {
    const translate = useTranslate();
    const { canAccess: canAssign } = useCanAccess({ resource: 'suspense-transactions', action: 'edit' });
    return (
        <DataTable<SuspenseItem>
            bulkActionButtons={false}
            rowClick={(_id, _resource, item) => {
                if (canAssign && item.suspense_status !== 'corrected') onOpen(item as SuspenseItem);
                return false;
            }}
        >
            <DataTable.Col
                source="actions"
                label="money.suspense.fields.actions"
                disableSort
                render={(item: SuspenseItem) => actions(item)}
            />
            <DataTable.Col
                source="paid_at"
                label="money.suspense.fields.paid_at"
                render={(item: SuspenseItem) => <When value={item.paid_at} />}
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
                render={(item: SuspenseItem) => <Amount value={item.amount} />}
            />
            <DataTable.Col
                source="suspense_reason"
                label="money.suspense.fields.reason"
                disableSort
                render={(item: SuspenseItem) =>
                    item.suspense_reason ? translate(`money.suspense.reasons.${item.suspense_reason}`) : '—'
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
                render={(item: SuspenseItem) => <When value={item.created_at} />}
                sx={{ display: { xs: 'none', lg: 'table-cell' } }}
            />
        </DataTable>
    );
};

const useExporter = () => {
    const translate = useTranslate();
    return (rows: SuspenseItem[]) =>
        downloadCSV(toCsv(rows, suspenseCsvColumns(translate)), `suspense-${new Date().toISOString().slice(0, 10)}`);
};

/**
 * Suspense transactions (spec §2, /dashboard/suspense-transactions): the payments that matched no
 * loan, open and queued unless another status is chosen, oldest first, filtered by why, a search
 * (reference, number, account given), dates and channel, all in the address (react-admin's list)
 * and savable as a named query (the filter menu). Finance assigns one to its loan (a choice, then
 * a confirmation with the balance before and after) or sets it aside with a note. The whole queue
 * exports as CSV. On a phone, cards.
 */
export const SuspenseList = () => {
    const translate = useTranslate();
    const exporter = useExporter();
    const [opened, setOpened] = useState<Opened | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const open = (item: SuspenseItem, action: Action) => {
        setOpened(previous => ({ item, action, opening: (previous?.opening ?? 0) + 1 }));
        setDialogOpen(true);
    };
    const close = () => setDialogOpen(false);
    // The payment assigned may have left the list: the focus goes back to the list rather than nowhere.
    const exited = () => {
        focusIfLost(listRef.current);
    };
    const actions = (item: SuspenseItem) => <RowActions item={item} onOpen={open} />;

    return (
        <>
            <ListScreen<SuspenseItem>
                resource="suspense-transactions"
                title={translate('menu.suspense_transactions')}
                perPage={PER_PAGE}
                rowsPerPageOptions={[10, PER_PAGE, 50, 100]}
                sort={{ field: 'paid_at', order: 'ASC' }}
                filters={useFilters()}
                columns
                exporter={exporter}
                savedQueries
                listRef={listRef}
            >
                <ListRows
                    count="money.suspense.count"
                    empty="money.suspense.empty"
                    inset
                    cards={<SuspenseCards actions={actions} />}
                    table={<SuspenseTable actions={actions} onOpen={item => open(item, 'assign')} />}
                />
            </ListScreen>
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
        </>
    );
};
