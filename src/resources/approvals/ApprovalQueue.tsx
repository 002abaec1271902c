import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useRef, useState } from 'react';
import {
    ColumnsButton,
    downloadCSV,
    FilterButton,
    FilterForm,
    ListBase,
    Pagination,
    SavedQueriesList,
    useListContext,
    useNotify,
    useTranslate,
} from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { useWrite } from '../../dataProvider/useWrite';
import { toCsv } from '../../lib/csv';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';
import { BulkBar } from './BulkBar';
import { BulkDecisionButtons, useBulkDecision } from './BulkDecision';
import { DecisionDialog } from './DecisionDialog';
import type { QueueName } from './gates';
import { changeText, csvColumns } from './present';
import { QueueCards } from './QueueCards';
import { useQueueFilters } from './QueueFilters';
import { QueueTable } from './QueueTable';
import { QueueTabs } from './QueueTabs';
import { useQueueRules } from './useQueueRules';
import type { Decision } from './writes';

const PER_PAGE = 25;

/**
 * One approvals queue (spec §2: deregistrations, IMEI changes, loan ownership transfers, the
 * phone maker-checker requests v1 and the agent registrations v2), a react-admin list of its
 * resource (calls.ts): paged and sorted on the server, filtered by status (pending first), dates,
 * shop, maker and a search, all of it in the address; "My requests" shows a maker's own requests
 * and their outcomes. A row opens to spell out the change; a checker approves or rejects it
 * (asked first, a rejection with its reason) or many at once, each with its outcome. Every
 * decision refreshes the queues, the menu's counts and the customer's loans (writes.ts).
 */
export const ApprovalQueue = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    return (
        <Screen resource={queue} title={translate(`menu.${queue}`)}>
            <ListBase resource={queue} perPage={PER_PAGE} sort={{ field: 'created_at', order: 'DESC' }}>
                <QueueView queue={queue} />
            </ListBase>
        </Screen>
    );
};

const QueueView = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const filters = useQueueFilters(queue);
    const context = useListContext<ApprovalRequest>();
    const rules = useQueueRules(queue);
    const { byMaker, mine, status, isOwn, canBulk, selectable } = rules;

    const bulk = useBulkDecision(queue, rules.unselect);
    const [deciding, setDeciding] = useState<{ request: ApprovalRequest; decision: Decision } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const decision = useWrite('approvalsDecide', {
        onSuccess: saved => {
            notify(saved.status === 'approved' ? 'approvals.approved' : 'approvals.rejected', {
                type: 'success',
                messageArgs: { id: saved.id },
            });
            setDialogOpen(false);
        },
        // Refused (decided meanwhile, the IMEI now taken…): the reason shows in the dialog, the
        // note stays as typed, and the queue (refreshed by the write) shows the request as it now is.
    });
    const openDecision = (request: ApprovalRequest, choice: Decision) => {
        decision.reset();
        setDeciding({ request, decision: choice });
        setDialogOpen(true);
    };
    const tabsId = useId();
    const { total, data = [], isPending, error, refetch } = context;
    const exporter = (rows: ApprovalRequest[]) =>
        downloadCSV(toCsv(rows, csvColumns(translate)), `${queue}-${new Date().toISOString().slice(0, 10)}`);

    return (
        <>
            {byMaker ? <QueueTabs id={tabsId} mine={mine} /> : null}
            <Box
                id={`${tabsId}-panel`}
                {...(byMaker ? { role: 'tabpanel', 'aria-labelledby': `${tabsId}-${mine ? 'mine' : 'all'}` } : {})}
                ref={listRef}
                tabIndex={-1}
                sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '200px minmax(0, 1fr)' },
                    gap: 1,
                    outline: 'none',
                }}
            >
                <Box sx={{ display: { xs: 'none', lg: 'block' } }}>
                    <SavedQueriesList />
                </Box>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
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
                            {phone ? null : <ColumnsButton />}
                            <ExportAllButton<ApprovalRequest> exporter={exporter} />
                        </Box>
                    </Box>
                    {error ? (
                        <LoadError message="errors.load_failed" onRetry={() => void refetch()} />
                    ) : isPending ? (
                        <LoadingRows />
                    ) : data.length === 0 ? (
                        <ListEmptyText />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('approvals.count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {canBulk ? (
                                <BulkBar selectable={selectable}>
                                    <BulkDecisionButtons rowsOf={rules.rowsOf} onDecide={bulk.start} />
                                </BulkBar>
                            ) : null}
                            {phone ? (
                                <QueueCards queue={queue} isOwn={isOwn} selectable={selectable} onDecide={openDecision} />
                            ) : (
                                <QueueTable
                                    queue={queue}
                                    decided={status !== 'pending'}
                                    canBulk={canBulk}
                                    selectable={selectable}
                                    isOwn={isOwn}
                                    onDecide={openDecision}
                                />
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </Box>
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
                    onConfirm={note => {
                        // One decision at a time: a second press while the first is on its way starts nothing.
                        if (!decision.isPending)
                            decision.mutate({ queue, request: deciding.request, decision: deciding.decision, note });
                    }}
                    onClose={() => setDialogOpen(false)}
                    onExited={() => {
                        // The decided row may have left the list: the focus goes back to the list rather than nowhere.
                        if (!document.activeElement || document.activeElement === document.body) listRef.current?.focus();
                    }}
                />
            ) : null}
            {bulk.results}
        </>
    );
};
