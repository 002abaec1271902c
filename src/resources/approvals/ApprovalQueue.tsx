import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useRef } from 'react';
import {
    ColumnsButton,
    downloadCSV,
    FilterButton,
    FilterForm,
    ListBase,
    Pagination,
    useListContext,
    useTranslate,
} from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { toCsv } from '../../lib/csv';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { SavedQueries } from '../../lists/SavedQueries';
import { Screen } from '../../lists/Screen';
import { BulkBar } from './BulkBar';
import { BulkDecisionButtons, useBulkDecision } from './BulkDecision';
import type { QueueName } from './calls';
import { csvColumns } from './present';
import { QueueCards } from './QueueCards';
import { useQueueFilters } from './QueueFilters';
import { QueueTable } from './QueueTable';
import { QueueTabs } from './QueueTabs';
import { useQueueRules } from './useQueueRules';
import { useDecision } from './useDecision';

const PER_PAGE = 25;

/**
 * One approvals queue (spec §2: deregistrations, IMEI changes, loan ownership transfers, the
 * phone maker-checker requests v1 and the agent registrations v2), a react-admin list of its
 * resource (calls.ts): paged and sorted on the server, filtered by status (pending first), dates,
 * shop, maker and a search, all of it in the address and savable as a named query; "My requests"
 * shows a maker's own requests and their outcomes. A row opens to spell out the change; a checker
 * approves or rejects it (asked first, a rejection with its reason) or many at once, each with its
 * outcome. Every decision refreshes the queues, the menu's counts and the customer's loans (writes.ts).
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
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const filters = useQueueFilters(queue);
    const context = useListContext<ApprovalRequest>();
    const rules = useQueueRules(queue);
    const { byMaker, mine, status, isOwn, canBulk, selectable } = rules;

    const bulk = useBulkDecision(queue, rules.unselect);
    const listRef = useRef<HTMLDivElement>(null);
    const decision = useDecision(queue, listRef);
    const openDecision = decision.open;
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
                sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, outline: 'none' }}
            >
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
                    {/* The queries saved by name, applied in one click (lists/SavedQueries.tsx). */}
                    <SavedQueries />
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
            {decision.dialog}
            {bulk.results}
        </>
    );
};
