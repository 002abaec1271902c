import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
    Box,
    Button,
    Card,
    CardActions,
    CardContent,
    Checkbox,
    Chip,
    Collapse,
    FormControlLabel,
    IconButton,
    MenuItem,
    Paper,
    Stack,
    Tab,
    Tabs,
    TextField,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
    AutocompleteInput,
    CanAccess,
    DataTable,
    DateInput,
    FilterButton,
    FilterForm,
    ListContextProvider,
    Pagination,
    ReferenceInput,
    SearchInput,
    SelectInput,
    useCanAccess,
    useExpanded,
    useInput,
    useListContext,
    useNotify,
    usePermissions,
    useTranslate,
    type Identifier,
} from 'react-admin';
import { APPROVAL_STATUSES, LOAN_APPROVAL_KINDS, type ApprovalRequest } from '../../../contract/approvals';
import { canAccessWith } from '../../authProvider/permissions';
import { LoadError } from '../../lists/LoadError';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';
import { cleanFilter, decide, fetchQueuePage, fetchWholeQueue, QUEUES, queueKey, type Decision } from './api';
import { BulkDecisionButtons, useBulkDecision } from './BulkDecision';
import { useApprovalCounts } from './counts';
import { useRefreshAfterDecision } from './decisions';
import { DecisionDialog } from './DecisionDialog';
import { QueueExport } from './QueueExport';
import { approveAction, type QueueName } from './gates';
import { changeText, readableOn } from './present';
import { RequestDetail, StatusChip, WhoWhen, useWhen } from './RequestDetail';
import { useSingleMutation } from '../../lib/singleFlight';

const PER_PAGE = 25;

const Mono = ({ children }: { children: ReactNode }) => (
    <Box component="span" sx={{ fontFamily: 'monospace', fontVariantNumeric: 'tabular-nums' }}>
        {children}
    </Box>
);

/** Whom a request concerns: the customer (or agent), their number, the loan. */
const Subject = ({ request }: { request: ApprovalRequest }) => (
    <Box>
        <Typography variant="body2">{request.subject}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            <Mono>{request.msisdn}</Mono>
            {request.loan_reference ? ` · ${request.loan_reference}` : ''}
        </Typography>
    </Box>
);

const KindChip = ({ request }: { request: ApprovalRequest }) => {
    const translate = useTranslate();
    return <Chip size="small" variant="outlined" label={translate(`approvals.kinds.${request.kind}`)} />;
};

/**
 * Always one status (pending unless another is chosen): react-admin's SelectInput would offer an
 * empty choice, or mark the filter required. `alwaysOn` is read by `<FilterForm>` from the element.
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
            label={translate('approvals.fields.status')}
            value={APPROVAL_STATUSES.find(status => status === field.value) ?? 'pending'}
            onChange={event => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            sx={{ minWidth: 160 }}
        >
            {APPROVAL_STATUSES.map(status => (
                <MenuItem key={status} value={status}>
                    {translate(`approvals.statuses.${status}`)}
                </MenuItem>
            ))}
        </TextField>
    );
};

/** The filters of a queue: status, dates, shop, maker (not in v2: agents register themselves), kind (v1), search. */
const useFilters = (queue: QueueName) => {
    const translate = useTranslate();
    const { canAccess: canListUsers } = useCanAccess({ resource: 'users', action: 'list' });
    const { byMaker } = QUEUES[queue];
    return [
        <SearchInput key="q" source="q" alwaysOn />,
        <StatusFilter key="status" source="status" alwaysOn />,
        ...(queue === 'mc_requests'
            ? [
                  <SelectInput
                      key="kind"
                      source="kind"
                      label="approvals.fields.kind"
                      choices={LOAN_APPROVAL_KINDS.map(kind => ({ id: kind, name: translate(`approvals.kinds.${kind}`) }))}
                      alwaysOn
                  />,
              ]
            : []),
        <DateInput key="from" source="from" label="approvals.fields.from" />,
        <DateInput key="to" source="to" label="approvals.fields.to" />,
        // The "Add filter" menu names a filter by the element's own label: the input's is not read there.
        <ReferenceInput key="store_id" source="store_id" reference="store-options" label="approvals.fields.store">
            <AutocompleteInput label="approvals.fields.store" optionText="name" sx={{ minWidth: { sm: 220 } }} />
        </ReferenceInput>,
        ...(byMaker && canListUsers
            ? [
                  <ReferenceInput key="maker_id" source="maker_id" reference="users" label="approvals.fields.maker">
                      <AutocompleteInput
                          label="approvals.fields.maker"
                          optionText={(user: { first_name: string; last_name: string; username: string }) =>
                              `${user.first_name} ${user.last_name} (${user.username})`
                          }
                          sx={{ minWidth: { sm: 220 } }}
                      />
                  </ReferenceInput>,
              ]
            : []),
    ];
};

interface RowActionsProps {
    queue: QueueName;
    request: ApprovalRequest;
    own: boolean;
    onDecide: (request: ApprovalRequest, decision: Decision) => void;
}

/**
 * Approve and reject for those who may decide this kind (`approve` gates), on a pending request
 * someone else made. On one's own, the reason there is nothing to press.
 */
const RowActions = ({ queue, request, own, onDecide }: RowActionsProps) => {
    const translate = useTranslate();
    if (request.status !== 'pending') return null;
    if (own)
        return (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0, maxWidth: 220 }}>
                {translate('errors.own_request')}
            </Typography>
        );
    const press = (decision: Decision) => (event: MouseEvent) => {
        event.stopPropagation();
        onDecide(request, decision);
    };
    return (
        <CanAccess resource={queue} action={approveAction(queue, request.kind)}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button
                    size="small"
                    variant="contained"
                    startIcon={<CheckCircleIcon />}
                    onClick={press('approve')}
                    aria-label={translate('approvals.approve_of', { id: request.id })}
                >
                    {translate('approvals.approve')}
                </Button>
                <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<CancelIcon />}
                    onClick={press('reject')}
                    sx={readableOn('error')}
                    aria-label={translate('approvals.reject_of', { id: request.id })}
                >
                    {translate('approvals.reject')}
                </Button>
            </Box>
        </CanAccess>
    );
};

/**
 * Opens a row's details (react-admin's expand panel) from the keyboard too: the table's own expand
 * icon is skipped by Tab and hidden from screen readers.
 */
const DetailsToggle = ({ queue, request }: { queue: QueueName; request: ApprovalRequest }) => {
    const translate = useTranslate();
    const [expanded, toggle] = useExpanded(queue, request.id);
    return (
        <Button
            size="small"
            onClick={event => {
                event.stopPropagation();
                toggle();
            }}
            aria-expanded={expanded}
            aria-controls={`${queue}-${request.id}-expand`}
            aria-label={translate('approvals.details_of', { id: request.id })}
            endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={readableOn('primary')}
        >
            {translate('approvals.details')}
        </Button>
    );
};

/** The queue on a phone: one card per request, the same facts and actions, details on demand. */
const QueueCards = ({
    queue,
    isOwn,
    selectable,
    onDecide,
}: {
    queue: QueueName;
    isOwn: (request: ApprovalRequest) => boolean;
    selectable: (request: ApprovalRequest) => boolean;
    onDecide: RowActionsProps['onDecide'];
}) => {
    const translate = useTranslate();
    const when = useWhen();
    const { data = [] } = useListContext<ApprovalRequest>();
    const [open, setOpen] = useState<Identifier | null>(null);
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(request => {
                const titleId = `request-${request.id}-title`;
                const detailId = `request-${request.id}-detail`;
                const expanded = open === request.id;
                return (
                    <Card component="li" key={request.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                {selectable(request) ? <RowCheckbox request={request} /> : null}
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    #{request.id} · {translate(`approvals.kinds.${request.kind}`)}
                                </Typography>
                                <StatusChip status={request.status} />
                            </Box>
                            <Subject request={request} />
                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                                {changeText(request, translate)}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {translate('approvals.requested_by', {
                                    name: request.maker.name,
                                    when: when(request.created_at),
                                })}
                            </Typography>
                            <Collapse in={expanded} id={detailId} unmountOnExit>
                                <RequestDetail request={request} />
                            </Collapse>
                        </CardContent>
                        <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                            <Button
                                size="small"
                                onClick={() => setOpen(expanded ? null : request.id)}
                                aria-expanded={expanded}
                                aria-controls={detailId}
                                aria-label={translate('approvals.details_of', { id: request.id })}
                                endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                            >
                                {translate('approvals.details')}
                            </Button>
                            <RowActions queue={queue} request={request} own={isOwn(request)} onDecide={onDecide} />
                        </CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};

/** Selects one request for a bulk decision (react-admin's row checkbox names its root, not its input). */
const RowCheckbox = ({ request }: { request: ApprovalRequest }) => {
    const translate = useTranslate();
    const { selectedIds, onToggleItem } = useListContext<ApprovalRequest>();
    return (
        <Checkbox
            size="small"
            checked={selectedIds.includes(request.id)}
            onChange={() => onToggleItem(request.id)}
            onClick={event => event.stopPropagation()}
            slotProps={{ input: { 'aria-label': translate('approvals.select', { id: request.id }) } }}
            sx={{ p: 0.5 }}
        />
    );
};

/**
 * The bulk decisions over the selected requests, above the table or the cards: select every
 * request of the page that may be decided, how many are selected, approve and reject.
 */
const BulkBar = ({ selectable, children }: { selectable: (request: ApprovalRequest) => boolean; children: ReactNode }) => {
    const translate = useTranslate();
    const { data = [], selectedIds, onSelect, onUnselectItems } = useListContext<ApprovalRequest>();
    const ids = data.filter(selectable).map(request => request.id);
    if (ids.length === 0 && selectedIds.length === 0) return null;
    const all = ids.length > 0 && ids.every(id => selectedIds.includes(id));
    const some = !all && ids.some(id => selectedIds.includes(id));
    return (
        <Paper variant="outlined" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1, py: 0.5 }}>
            <FormControlLabel
                control={
                    <Checkbox
                        size="small"
                        checked={all}
                        indeterminate={some}
                        onChange={() => (all ? onUnselectItems() : onSelect([...new Set([...selectedIds, ...ids])]))}
                    />
                }
                label={translate('ra.action.select_all')}
            />
            <Typography variant="body2" sx={{ flexGrow: 1 }} aria-live="polite">
                {selectedIds.length > 0 ? translate('ra.action.bulk_actions', { smart_count: selectedIds.length }) : ''}
            </Typography>
            {selectedIds.length > 0 ? (
                <IconButton size="small" onClick={() => onUnselectItems()} aria-label={translate('ra.action.unselect')}>
                    <CloseIcon fontSize="small" />
                </IconButton>
            ) : null}
            {children}
        </Paper>
    );
};

/**
 * One approvals queue (spec §2: deregistrations, IMEI changes, loan ownership transfers, the
 * phone maker-checker requests v1 and the agent registrations v2), paged and sorted on the server,
 * filtered by status (pending first), dates, shop, maker and a search; "My requests" shows a
 * maker's own requests and their outcomes. A row opens to spell out the change; a checker approves
 * or rejects it (asked first, a rejection with its reason) or many at once, each with its outcome.
 * Every decision refreshes the queue, the menu's counts and the customer's loans at once.
 */
export const ApprovalQueue = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { permissions } = usePermissions<string[]>();
    const roles = useMemo(() => new Set(permissions ?? []), [permissions]);
    const { byMaker } = QUEUES[queue];
    const filters = useFilters(queue);
    const { context, query } = usePagedList<ApprovalRequest>({
        queryKey: queueKey(queue),
        resource: queue,
        perPage: PER_PAGE,
        keepPrevious: true,
        filter: { status: 'pending' },
        sort: { field: 'created_at', order: 'DESC' },
        fetchPage: ({ page, perPage, filter, sort, signal }) =>
            fetchQueuePage(queue, { page, perPage, filter: cleanFilter(filter), sort, signal }),
    });
    const filter = cleanFilter(context.filterValues);
    const status = filter.status ?? 'pending';
    const mine = filter.mine === true;

    // Which pending requests are the caller's own (the session knows no user id): asked only when
    // the counts say there are some, and not in "My requests", where every row is.
    const counts = useApprovalCounts(true);
    const ownIds = useQuery({
        queryKey: [...queueKey(queue), 'own'],
        queryFn: async ({ signal }) =>
            new Set((await fetchWholeQueue(queue, { status: 'pending', mine: true }, undefined, { signal })).map(row => row.id)),
        enabled: byMaker && status === 'pending' && !mine && (counts.data?.mine ?? 0) > 0,
    });
    const isOwn = (request: ApprovalRequest) =>
        request.status === 'pending' && byMaker && (mine || (ownIds.data?.has(request.id) ?? false));
    const mayDecide = (request: ApprovalRequest) =>
        request.status === 'pending' &&
        !isOwn(request) &&
        canAccessWith(roles, { resource: queue, action: approveAction(queue, request.kind) });
    const canBulk = status === 'pending' && canAccessWith(roles, { resource: queue, action: 'approve' });
    const selectable = (request: ApprovalRequest) => canBulk && mayDecide(request);

    // The requests seen this visit, by id: a selection may span pages.
    const seen = useRef(new Map<Identifier, ApprovalRequest>());
    useEffect(() => {
        for (const request of context.data ?? []) seen.current.set(request.id, request);
    }, [context.data]);
    const rowsOf = (ids: readonly Identifier[]) =>
        ids.flatMap(id => {
            const request = seen.current.get(id) ?? context.data?.find(row => row.id === id);
            return request && mayDecide(request) ? [request] : [];
        });
    // A selection belongs to one list: a new filter (or a new visit) starts without one.
    const { onUnselectItems } = context;
    const unselect = useRef(onUnselectItems);
    useEffect(() => {
        unselect.current = onUnselectItems;
    }, [onUnselectItems]);
    const filterText = JSON.stringify(context.filterValues);
    useEffect(() => {
        unselect.current();
    }, [filterText]);

    const refresh = useRefreshAfterDecision();
    const bulk = useBulkDecision(queue, () => unselect.current());
    const [deciding, setDeciding] = useState<{ request: ApprovalRequest; decision: Decision } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const decision = useSingleMutation({
        mutationFn: ({ request, choice, note }: { request: ApprovalRequest; choice: Decision; note: string }) =>
            decide(queue, request, choice, note),
        onSuccess: saved => {
            notify(saved.status === 'approved' ? 'approvals.approved' : 'approvals.rejected', {
                type: 'success',
                messageArgs: { id: saved.id },
            });
            setDialogOpen(false);
            refresh();
        },
        // Refused (decided meanwhile, the IMEI now taken…): the reason shows in the dialog, and the queue shows the request as it now is.
        onError: () => refresh(),
    });
    const openDecision = (request: ApprovalRequest, choice: Decision) => {
        decision.reset();
        setDeciding({ request, decision: choice });
        setDialogOpen(true);
    };
    const tabsId = useId();
    const total = context.total;

    const actions = (request: ApprovalRequest) => (
        <RowActions queue={queue} request={request} own={isOwn(request)} onDecide={openDecision} />
    );
    const bulkButtons = canBulk ? (
        <BulkDecisionButtons rowsOf={rowsOf} onDecide={(choice, note, requests) => bulk.start(choice, note, requests)} />
    ) : null;

    return (
        <Screen resource={queue} title={translate(`menu.${queue}`)}>
            <ListContextProvider value={context}>
                {byMaker ? (
                    <Tabs
                        value={mine ? 'mine' : 'all'}
                        onChange={(_event, value: string) =>
                            context.setFilters(
                                { ...context.filterValues, mine: value === 'mine' ? true : undefined },
                                context.displayedFilters,
                            )
                        }
                        aria-label={translate('approvals.tabs.label')}
                        variant="scrollable"
                        allowScrollButtonsMobile
                    >
                        <Tab
                            value="all"
                            id={`${tabsId}-all`}
                            aria-controls={`${tabsId}-panel`}
                            label={translate('approvals.tabs.all')}
                        />
                        <Tab
                            value="mine"
                            id={`${tabsId}-mine`}
                            aria-controls={`${tabsId}-panel`}
                            label={translate('approvals.tabs.mine')}
                        />
                    </Tabs>
                ) : null}
                <Box
                    id={`${tabsId}-panel`}
                    {...(byMaker ? { role: 'tabpanel', 'aria-labelledby': `${tabsId}-${mine ? 'mine' : 'all'}` } : {})}
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
                        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                            <FilterButton filters={filters} />
                            <QueueExport queue={queue} />
                        </Box>
                    </Box>
                    {query.isError ? (
                        <LoadError message="errors.load_failed" onRetry={() => void query.refetch()} />
                    ) : query.isPending ? (
                        <LoadingRows />
                    ) : (context.data ?? []).length === 0 ? (
                        <ListEmptyText />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('approvals.count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {bulkButtons ? <BulkBar selectable={selectable}>{bulkButtons}</BulkBar> : null}
                            {phone ? (
                                <>
                                    <QueueCards queue={queue} isOwn={isOwn} selectable={selectable} onDecide={openDecision} />
                                </>
                            ) : (
                                <DataTable<ApprovalRequest>
                                    rowClick="expand"
                                    expand={<RequestDetail />}
                                    bulkActionButtons={false}
                                >
                                    {canBulk ? (
                                        <DataTable.Col
                                            label="approvals.fields.select"
                                            disableSort
                                            render={(request: ApprovalRequest) =>
                                                selectable(request) ? <RowCheckbox request={request} /> : null
                                            }
                                        />
                                    ) : null}
                                    <DataTable.Col
                                        source="id"
                                        label="approvals.fields.id"
                                        disableSort={!byMaker}
                                        render={(request: ApprovalRequest) => (
                                            <Box
                                                sx={{
                                                    display: 'flex',
                                                    flexDirection: 'column',
                                                    gap: 0.5,
                                                    alignItems: 'flex-start',
                                                }}
                                            >
                                                <span>#{request.id}</span>
                                                {QUEUES[queue].kinds.length > 1 ? <KindChip request={request} /> : null}
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="subject"
                                        label={`approvals.fields.${queue === 'mc_requests_v2' ? 'subject' : 'customer'}`}
                                        disableSort
                                        render={(request: ApprovalRequest) => <Subject request={request} />}
                                    />
                                    <DataTable.Col
                                        source="change"
                                        label="approvals.fields.change"
                                        disableSort
                                        render={(request: ApprovalRequest) => (
                                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                                                {changeText(request, translate)}
                                            </Typography>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="store"
                                        label="approvals.fields.store"
                                        disableSort
                                        render={(request: ApprovalRequest) => request.store?.name ?? '—'}
                                        sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                                    />
                                    <DataTable.Col
                                        source="created_at"
                                        label="approvals.fields.maker"
                                        render={(request: ApprovalRequest) => (
                                            <WhoWhen name={request.maker.name} at={request.created_at} />
                                        )}
                                    />
                                    {status !== 'pending' ? (
                                        <DataTable.Col
                                            source="decided_at"
                                            label="approvals.fields.checker"
                                            disableSort={!byMaker}
                                            render={(request: ApprovalRequest) => (
                                                <Box>
                                                    <StatusChip status={request.status} />
                                                    <WhoWhen name={request.checker?.name ?? '—'} at={request.decided_at} />
                                                </Box>
                                            )}
                                        />
                                    ) : null}
                                    <DataTable.Col
                                        label="approvals.fields.actions"
                                        disableSort
                                        render={(request: ApprovalRequest) => (
                                            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                                                <DetailsToggle queue={queue} request={request} />
                                                {actions(request)}
                                            </Box>
                                        )}
                                    />
                                </DataTable>
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListContextProvider>
            {deciding ? (
                <DecisionDialog
                    open={dialogOpen}
                    decision={deciding.decision}
                    request={deciding.request}
                    title={translate(`approvals.${deciding.decision}_title`, { id: deciding.request.id })}
                    content={translate(`approvals.${deciding.decision}_content`, {
                        id: deciding.request.id,
                        kind: translate(`approvals.kinds.${deciding.request.kind}`),
                        subject: deciding.request.subject,
                        change: changeText(deciding.request, translate),
                    })}
                    busy={decision.isPending}
                    error={decision.error ?? undefined}
                    onConfirm={note => decision.mutate({ request: deciding.request, choice: deciding.decision, note })}
                    onClose={() => setDialogOpen(false)}
                    onExited={() => {
                        // The decided row may have left the list: the focus goes back to the list rather than nowhere.
                        if (!document.activeElement || document.activeElement === document.body) listRef.current?.focus();
                    }}
                />
            ) : null}
            {bulk.results}
        </Screen>
    );
};
