import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
    Box,
    Button,
    Card,
    CardActions,
    CardContent,
    MenuItem,
    Stack,
    Tab,
    Tabs,
    TextField,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
    CanAccess,
    DataTable,
    FilterForm,
    ListContextProvider,
    Pagination,
    SearchInput,
    useCanAccess,
    useInput,
    useListContext,
    useNotify,
    useTranslate,
} from 'react-admin';
import { TPI_REVERSAL_STATUSES, type TpiReversal } from '../../../contract/money';
import { LoadError } from '../../lists/LoadError';
import { readableOn } from '../approvals/present';
import { useFormat } from '../customers/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';
import {
    cleanReversalFilter,
    decideReversal,
    fetchOwnPendingIds,
    fetchReversalsPage,
    moneyKey,
    reversalsKey,
    type ReversalDecision,
} from './api';
import { Fact, Facts, Mono, NoteDialog, ReversalStatusChip } from './present';
import { useSingleMutation } from '../../lib/singleFlight';

const PER_PAGE = 25;

/**
 * Always one status (pending unless another is chosen), labelled as spec §4 names them.
 * `alwaysOn` is read by `<FilterForm>` from the element.
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
            label={translate('money.tpi.fields.status')}
            value={TPI_REVERSAL_STATUSES.find(status => status === field.value) ?? 'pending'}
            onChange={event => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            sx={{ minWidth: 160 }}
        >
            {TPI_REVERSAL_STATUSES.map(status => (
                <MenuItem key={status} value={status}>
                    {translate(`money.tpi.statuses.${status}`)}
                </MenuItem>
            ))}
        </TextField>
    );
};

const FILTERS = [<SearchInput key="q" source="q" alwaysOn />, <StatusFilter key="status" source="status" alwaysOn />];

/** The claim a request would reverse: the loan and its customer, the insurer and the amount. */
const Claim = ({ reversal }: { reversal: TpiReversal }) => {
    const format = useFormat();
    const { claim } = reversal;
    return (
        <Box>
            <Typography variant="body2">
                <Mono>{claim.loan_reference}</Mono> · {format.money(claim.amount, claim.currency)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
                {claim.customer_name} · <Mono>{claim.msisdn}</Mono>
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
                {claim.insurer} · <Mono>{claim.insurer_reference}</Mono>
            </Typography>
        </Box>
    );
};

/** Who asked and when. */
const Requested = ({ reversal }: { reversal: TpiReversal }) => {
    const format = useFormat();
    return (
        <Box>
            <Typography variant="body2">{reversal.requested_by.name}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {format.time(reversal.created_at)}
            </Typography>
        </Box>
    );
};

/** The outcome once decided: approved or denied, by whom, when, with what note. */
const Decided = ({ reversal }: { reversal: TpiReversal }) => {
    const format = useFormat();
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, maxWidth: 260 }}>
            <ReversalStatusChip status={reversal.status} />
            {reversal.status !== 'pending' ? (
                <>
                    <Typography variant="body2">{reversal.decided_by?.name ?? '—'}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {format.time(reversal.decided_at)}
                    </Typography>
                    {reversal.decision_note ? (
                        <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                            {reversal.decision_note}
                        </Typography>
                    ) : null}
                </>
            ) : null}
        </Box>
    );
};

interface RowActionsProps {
    reversal: TpiReversal;
    own: boolean;
    onDecide: (reversal: TpiReversal, decision: ReversalDecision) => void;
}

/**
 * Approve and deny for the holders of the approving role (`tpi-reversal`/`approve`), on a pending
 * request someone else made. On one's own, the reason there is nothing to press.
 */
const RowActions = ({ reversal, own, onDecide }: RowActionsProps) => {
    const translate = useTranslate();
    if (reversal.status !== 'pending') return null;
    if (own)
        return (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0, maxWidth: 220 }}>
                {translate('errors.own_request')}
            </Typography>
        );
    return (
        <CanAccess resource="tpi-reversal" action="approve">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button
                    size="small"
                    variant="contained"
                    startIcon={<CheckCircleIcon />}
                    onClick={() => onDecide(reversal, 'approve')}
                    aria-label={translate('money.tpi.approve_of', { id: reversal.id })}
                >
                    {translate('money.tpi.approve')}
                </Button>
                <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<CancelIcon />}
                    onClick={() => onDecide(reversal, 'deny')}
                    sx={readableOn('error')}
                    aria-label={translate('money.tpi.deny_of', { id: reversal.id })}
                >
                    {translate('money.tpi.deny')}
                </Button>
            </Box>
        </CanAccess>
    );
};

/** The queue on a phone: one card per request, the same facts and actions. */
const ReversalCards = ({ actions }: { actions: (reversal: TpiReversal) => ReactNode }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { data = [] } = useListContext<TpiReversal>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(reversal => {
                const titleId = `reversal-${reversal.id}-title`;
                return (
                    <Card component="li" key={reversal.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    #{reversal.id} · {reversal.claim.loan_reference}
                                </Typography>
                                <ReversalStatusChip status={reversal.status} />
                            </Box>
                            <Claim reversal={reversal} />
                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                                {reversal.reason}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {translate('money.tpi.requested_by', {
                                    name: reversal.requested_by.name,
                                    when: format.time(reversal.created_at),
                                })}
                            </Typography>
                            {reversal.status !== 'pending' ? (
                                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                                    {translate('money.tpi.decided_by', {
                                        name: reversal.decided_by?.name ?? '—',
                                        when: format.time(reversal.decided_at),
                                    })}
                                    {reversal.decision_note ? ` · ${reversal.decision_note}` : ''}
                                </Typography>
                            ) : null}
                        </CardContent>
                        <CardActions sx={{ px: 2, pb: 2 }}>{actions(reversal)}</CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};

/**
 * The insurance reversal queue (spec §2 "Third party insurance", §4, /dashboard/tpi/reversal): the
 * requests to reverse a successful claim, pending unless approved or denied is chosen, everyone's
 * or "my requests", with a search. Each shows the claim, why, who asked and when, and once decided,
 * the outcome. A checker approves (the claim's amount goes back on the loan) or denies with a note,
 * each asked first; one's own request says why it has nothing to press. On a phone, cards.
 */
export const TpiReversals = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const format = useFormat();
    const queryClient = useQueryClient();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { context, query } = usePagedList<TpiReversal>({
        queryKey: reversalsKey,
        resource: 'tpi-reversal',
        perPage: PER_PAGE,
        keepPrevious: true,
        filter: { status: 'pending' },
        fetchPage: ({ page, perPage, filter, signal }) =>
            fetchReversalsPage(cleanReversalFilter(filter), { page, perPage, signal }),
    });
    const filter = cleanReversalFilter(context.filterValues);
    const mine = filter.mine === true;

    // Which pending requests are the caller's own (the session knows no user id): asked only of
    // those who could otherwise decide them, and not in "My requests", where every row is.
    const { canAccess: mayApprove } = useCanAccess({ resource: 'tpi-reversal', action: 'approve' });
    const ownIds = useQuery({
        queryKey: [...reversalsKey, 'own'],
        queryFn: ({ signal }) => fetchOwnPendingIds(signal),
        enabled: mayApprove === true && filter.status === 'pending' && !mine,
    });
    const isOwn = (reversal: TpiReversal) => reversal.status === 'pending' && (mine || (ownIds.data?.has(reversal.id) ?? false));

    const [deciding, setDeciding] = useState<{ reversal: TpiReversal; decision: ReversalDecision; opening: number } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const decision = useSingleMutation({
        mutationFn: ({ reversal, choice, note }: { reversal: TpiReversal; choice: ReversalDecision; note: string }) =>
            decideReversal(reversal.id, choice, note),
        onSuccess: saved => {
            notify(saved.status === 'approved' ? 'money.tpi.approved' : 'money.tpi.denied', {
                type: 'success',
                messageArgs: { id: saved.id },
            });
            setDialogOpen(false);
            void queryClient.invalidateQueries({ queryKey: moneyKey });
            void queryClient.invalidateQueries({ queryKey: ['customer'] });
        },
        // Refused (decided meanwhile, one's own, the claim reversed already): the reason shows in
        // the dialog, and the queue shows the request as it now is.
        onError: () => void queryClient.invalidateQueries({ queryKey: moneyKey }),
    });
    const openDecision = (reversal: TpiReversal, choice: ReversalDecision) => {
        decision.reset();
        setDeciding(previous => ({ reversal, decision: choice, opening: (previous?.opening ?? 0) + 1 }));
        setDialogOpen(true);
    };
    const actions = (reversal: TpiReversal) => <RowActions reversal={reversal} own={isOwn(reversal)} onDecide={openDecision} />;
    const tabsId = useId();
    const total = context.total;

    return (
        <Screen resource="tpi-reversal" title={translate('menu.tpi_reversal')}>
            <ListContextProvider value={context}>
                <Tabs
                    value={mine ? 'mine' : 'all'}
                    onChange={(_event, value: string) =>
                        context.setFilters(
                            { ...context.filterValues, mine: value === 'mine' ? true : undefined },
                            context.displayedFilters,
                        )
                    }
                    aria-label={translate('money.tpi.tabs.label')}
                    variant="scrollable"
                    allowScrollButtonsMobile
                >
                    <Tab
                        value="all"
                        id={`${tabsId}-all`}
                        aria-controls={`${tabsId}-panel`}
                        label={translate('money.tpi.tabs.all')}
                    />
                    <Tab
                        value="mine"
                        id={`${tabsId}-mine`}
                        aria-controls={`${tabsId}-panel`}
                        label={translate('money.tpi.tabs.mine')}
                    />
                </Tabs>
                <Box
                    id={`${tabsId}-panel`}
                    role="tabpanel"
                    aria-labelledby={`${tabsId}-${mine ? 'mine' : 'all'}`}
                    ref={listRef}
                    tabIndex={-1}
                    sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, outline: 'none' }}
                >
                    <FilterForm filters={FILTERS} />
                    {query.isError ? (
                        <LoadError error={query.error} onRetry={() => void query.refetch()} />
                    ) : query.isPending ? (
                        <LoadingRows />
                    ) : (context.data ?? []).length === 0 ? (
                        <ListEmptyText message={filter.status === 'pending' ? 'money.tpi.empty_pending' : undefined} />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('money.tpi.requests_count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {phone ? (
                                <ReversalCards actions={actions} />
                            ) : (
                                <DataTable<TpiReversal> bulkActionButtons={false} rowClick={false}>
                                    <DataTable.Col
                                        source="id"
                                        label="money.tpi.fields.request"
                                        disableSort
                                        render={(reversal: TpiReversal) => `#${reversal.id}`}
                                    />
                                    <DataTable.Col
                                        source="claim"
                                        label="money.tpi.fields.claim"
                                        disableSort
                                        render={(reversal: TpiReversal) => <Claim reversal={reversal} />}
                                    />
                                    <DataTable.Col
                                        source="reason"
                                        label="money.tpi.fields.reason"
                                        disableSort
                                        render={(reversal: TpiReversal) => (
                                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                                                {reversal.reason}
                                            </Typography>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="created_at"
                                        label="money.tpi.fields.requested_by"
                                        disableSort
                                        render={(reversal: TpiReversal) => <Requested reversal={reversal} />}
                                    />
                                    <DataTable.Col
                                        source="status"
                                        label="money.tpi.fields.status"
                                        disableSort
                                        render={(reversal: TpiReversal) => <Decided reversal={reversal} />}
                                    />
                                    <DataTable.Col
                                        label="money.tpi.fields.actions"
                                        disableSort
                                        render={(reversal: TpiReversal) => actions(reversal)}
                                    />
                                </DataTable>
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListContextProvider>
            {deciding ? (
                <NoteDialog
                    key={deciding.opening}
                    open={dialogOpen}
                    title={translate(`money.tpi.${deciding.decision}_title`, { id: deciding.reversal.id })}
                    content={translate(`money.tpi.${deciding.decision}_content`, {
                        amount: format.money(deciding.reversal.claim.amount, deciding.reversal.claim.currency),
                        loan: deciding.reversal.claim.loan_reference,
                        name: deciding.reversal.claim.customer_name,
                    })}
                    label={translate(deciding.decision === 'deny' ? 'money.tpi.deny_note' : 'money.tpi.approve_note')}
                    help={translate(deciding.decision === 'deny' ? 'money.tpi.deny_note_help' : 'money.tpi.approve_note_help')}
                    required={deciding.decision === 'deny'}
                    confirmLabel={translate(`money.tpi.${deciding.decision}`)}
                    confirmColor={deciding.decision === 'deny' ? 'error' : 'primary'}
                    busy={decision.isPending}
                    error={decision.error ?? undefined}
                    onConfirm={note => decision.mutate({ reversal: deciding.reversal, choice: deciding.decision, note })}
                    onClose={() => setDialogOpen(false)}
                    onExited={() => {
                        // The decided request may have left the list: the focus goes back to the list rather than nowhere.
                        if (!document.activeElement || document.activeElement === document.body) listRef.current?.focus();
                    }}
                >
                    <Facts>
                        <Fact label={translate('money.tpi.fields.insurer')}>
                            {deciding.reversal.claim.insurer} (<Mono>{deciding.reversal.claim.insurer_reference}</Mono>)
                        </Fact>
                        <Fact label={translate('money.tpi.fields.reason')}>{deciding.reversal.reason}</Fact>
                        <Fact label={translate('money.tpi.fields.requested_by')}>
                            {deciding.reversal.requested_by.name} · {format.time(deciding.reversal.created_at)}
                        </Fact>
                    </Facts>
                </NoteDialog>
            ) : null}
        </Screen>
    );
};
