import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import {
    DataTable,
    downloadCSV,
    SearchInput,
    useCanAccess,
    useDataProvider,
    useListContext,
    useTranslate,
    type GetListResult,
} from 'react-admin';
import { TPI_REVERSAL_STATUSES, type TpiReversal } from '../../../contract/money';
import type { PortalDataProvider } from '../../dataProvider';
import { quietOnError } from '../../layout/ResourceErrors';
import { toCsv } from '../../lib/csv';
import { collectPages } from '../../lists/ExportAllButton';
import { StatusFilter } from '../../lists/StatusFilter';
import { DecideReversalDialog } from './DecideReversalDialog';
import { Claim, Decided, Requested, reversalCsvColumns, ReversalCards, RowActions } from './reversalParts';
import type { ReversalDecision } from './tpiWrites';
import { ListRows, ListScreen } from '../../lists/ListScreen';
import { focusIfLost } from '../../dialogs/focusIfLost';

const RESOURCE = 'tpi-reversals';
const PER_PAGE = 25;
/** The caller's own pending requests are read at the call's largest page (contract/money/fields.ts `pageSize`). */
const OWN_PAGE = 500;

const FILTERS = [
    <SearchInput key="q" source="q" alwaysOn />,
    <StatusFilter
        key="status"
        source="status"
        label="money.tpi.fields.status"
        choices={TPI_REVERSAL_STATUSES}
        fallback="pending"
        choiceLabel={status => `money.tpi.statuses.${status}`}
        alwaysOn
    />,
];

/**
 * Which pending requests are the caller's own (the session knows no user id): these take no
 * decision from them. Asked only of those who could otherwise decide, and not in "My requests",
 * where every row is. Kept under the resource's cache key, so a write refreshing the queue
 * refreshes this too.
 */
const useOwnPendingIds = (enabled: boolean) => {
    const dataProvider = useDataProvider<PortalDataProvider>();
    return useQuery({
        queryKey: [RESOURCE, 'own'],
        enabled,
        queryFn: async ({ signal }) => {
            const own = await collectPages(
                page =>
                    dataProvider.getList(RESOURCE, {
                        pagination: { page, perPage: OWN_PAGE },
                        sort: { field: 'id', order: 'DESC' },
                        filter: { mine: true },
                        signal,
                    }) as Promise<GetListResult<TpiReversal>>,
                OWN_PAGE,
            );
            return new Set(own.map(reversal => reversal.id));
        },
    });
};

type Decide = (reversal: TpiReversal, decision: ReversalDecision) => void;

/**
 * The queue as a table: newest asked first unless sorted by when asked or when decided (the columns
 * the server sorts along an index); the others do not sort.
 */
const ReversalTable = ({ isOwn, onDecide }: { isOwn: (reversal: TpiReversal) => boolean; onDecide: Decide }) => (
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
            sortByOrder="DESC"
            render={(reversal: TpiReversal) => <Requested reversal={reversal} />}
        />
        <DataTable.Col
            // Sorted by when decided: the status itself is the filter's.
            source="decided_at"
            label="money.tpi.fields.status"
            sortByOrder="DESC"
            render={(reversal: TpiReversal) => <Decided reversal={reversal} />}
        />
        <DataTable.Col
            source="actions"
            label="money.tpi.fields.actions"
            disableSort
            render={(reversal: TpiReversal) => <RowActions reversal={reversal} own={isOwn(reversal)} onDecide={onDecide} />}
        />
    </DataTable>
);

/** The queue in its states: failed (with Retry), loading, empty, or the requests with their count. */
const ReversalRows = ({ onDecide }: { onDecide: Decide }) => {
    const { filterValues } = useListContext<TpiReversal>();
    const mine = filterValues.mine === true;
    const pending = (filterValues.status ?? 'pending') === 'pending';
    const { canAccess: mayApprove } = useCanAccess({ resource: RESOURCE, action: 'approve' });
    const ownIds = useOwnPendingIds(mayApprove === true && pending && !mine);
    const isOwn = (reversal: TpiReversal) => reversal.status === 'pending' && (mine || (ownIds.data?.has(reversal.id) ?? false));

    return (
        <ListRows
            count="money.tpi.requests_count"
            empty={pending ? 'money.tpi.empty_pending' : undefined}
            cards={
                <ReversalCards
                    actions={reversal => <RowActions reversal={reversal} own={isOwn(reversal)} onDecide={onDecide} />}
                />
            }
            table={<ReversalTable isOwn={isOwn} onDecide={onDecide} />}
        />
    );
};

/** Everyone's requests or "my requests": a filter of the list, so it is in the address too. */
const WhoseTabs = ({ panelId }: { panelId: string }) => {
    const translate = useTranslate();
    const { filterValues, displayedFilters, setFilters } = useListContext();
    const mine = filterValues.mine === true;
    return (
        <Tabs
            value={mine ? 'mine' : 'all'}
            onChange={(_event, value: string) =>
                setFilters({ ...filterValues, mine: value === 'mine' ? true : undefined }, displayedFilters)
            }
            aria-label={translate('money.tpi.tabs.label')}
            variant="scrollable"
            allowScrollButtonsMobile
        >
            <Tab value="all" id={`${panelId}-all`} aria-controls={panelId} label={translate('money.tpi.tabs.all')} />
            <Tab value="mine" id={`${panelId}-mine`} aria-controls={panelId} label={translate('money.tpi.tabs.mine')} />
        </Tabs>
    );
};

const Panel = ({ panelId, children }: { panelId: string; children: ReactNode }) => {
    const { filterValues } = useListContext();
    return (
        <Box
            id={panelId}
            role="tabpanel"
            aria-labelledby={`${panelId}-${filterValues.mine === true ? 'mine' : 'all'}`}
            tabIndex={-1}
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, outline: 'none' }}
        >
            {children}
        </Box>
    );
};

/**
 * The insurance reversal queue (spec §2 "Third party insurance", §4, /dashboard/tpi/reversal): the
 * requests to reverse a successful claim, pending unless approved or denied is chosen, everyone's
 * or "my requests", with a search; filter and page live in the address (the `tpi-reversals`
 * resource, tpiCalls.ts). Each shows the claim, why, who asked and when, and once decided, the
 * outcome. A checker approves (the claim's amount goes back on the loan) or denies with a note,
 * each asked first; one's own request says why it has nothing to press. Every request of a filter
 * exports as CSV. On a phone, cards.
 */
export const TpiReversals = () => {
    const translate = useTranslate();
    const [deciding, setDeciding] = useState<{ reversal: TpiReversal; decision: ReversalDecision; opening: number } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const panelId = useId();
    const openDecision: Decide = (reversal, decision) => {
        setDeciding(previous => ({ reversal, decision, opening: (previous?.opening ?? 0) + 1 }));
        setDialogOpen(true);
    };
    const exporter = (rows: TpiReversal[]) =>
        downloadCSV(toCsv(rows, reversalCsvColumns(translate)), translate('money.tpi.csv_reversals'));

    return (
        <>
            <ListScreen<TpiReversal>
                resource={RESOURCE}
                title={translate('menu.tpi_reversal')}
                perPage={PER_PAGE}
                rowsPerPageOptions={[10, PER_PAGE, 50, 100]}
                sort={{ field: 'created_at', order: 'DESC' }}
                queryOptions={{ ...quietOnError, placeholderData: previous => previous }}
                filters={FILTERS}
                columns
                exporter={exporter}
                above={<WhoseTabs panelId={panelId} />}
                around={body => <Panel panelId={panelId}>{body}</Panel>}
                listRef={listRef}
            >
                <ReversalRows onDecide={openDecision} />
            </ListScreen>
            {deciding ? (
                <DecideReversalDialog
                    key={deciding.opening}
                    open={dialogOpen}
                    reversal={deciding.reversal}
                    decision={deciding.decision}
                    onClose={() => setDialogOpen(false)}
                    onExited={() => {
                        // The decided request may have left the list: the focus goes back to the list rather than nowhere.
                        focusIfLost(listRef.current);
                    }}
                />
            ) : null}
        </>
    );
};
