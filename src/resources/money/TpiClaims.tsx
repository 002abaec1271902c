import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useRef, useState } from 'react';
import {
    ColumnsButton,
    DataTable,
    DateInput,
    downloadCSV,
    FilterForm,
    ListBase,
    Pagination,
    SearchInput,
    useListContext,
    useTranslate,
} from 'react-admin';
import type { TpiClaim } from '../../../contract/money';
import { quietOnError } from '../../layout/ResourceErrors';
import { toCsv } from '../../lib/csv';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';
import { useFormat } from '../../lib/useFormat';
import { ClaimCards, ClaimLoan, claimCsvColumns, Insurer, Outcome, ReverseButton, type ClaimKind } from './claimParts';
import { RequestReversalDialog } from './RequestReversalDialog';
import { focusIfLost } from '../../dialogs/focusIfLost';

const PER_PAGE = 25;

/** The screen of each list: its resource (gate) and its menu entry. */
const LISTS: Record<ClaimKind, { resource: string; menu: string }> = {
    successful: { resource: 'tpi-successful', menu: 'menu.tpi_successful' },
    failed: { resource: 'tpi-failed', menu: 'menu.tpi_failed' },
};

const FILTERS = [
    <SearchInput key="q" source="q" alwaysOn />,
    <DateInput key="from" source="from" label="money.tpi.fields.from" alwaysOn />,
    <DateInput key="to" source="to" label="money.tpi.fields.to" alwaysOn />,
];

/** Export and column choice: every claim of the current filter, in its sort, as CSV. */
const Toolbar = ({ kind, phone }: { kind: ClaimKind; phone: boolean }) => {
    const translate = useTranslate();
    const exporter = (claims: TpiClaim[]) =>
        downloadCSV(toCsv(claims, claimCsvColumns(kind, translate)), translate(`money.tpi.csv_${kind}`));
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {phone ? null : <ColumnsButton />}
            <ExportAllButton<TpiClaim> exporter={exporter} />
        </Box>
    );
};

/** The claims as a table, sorted by the server on its indexed columns (date and amount). */
const ClaimTable = ({ kind, onReverse }: { kind: ClaimKind; onReverse: (claim: TpiClaim) => void }) => {
    const format = useFormat();
    return (
        <DataTable<TpiClaim> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col
                source="created_at"
                label="money.tpi.fields.created_at"
                render={(claim: TpiClaim) => (
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        {format.time(claim.created_at)}
                    </Box>
                )}
            />
            <DataTable.Col
                source="loan_reference"
                label="money.tpi.fields.loan"
                disableSort
                render={(claim: TpiClaim) => <ClaimLoan claim={claim} />}
            />
            <DataTable.Col
                source="insurer"
                label="money.tpi.fields.insurer"
                disableSort
                render={(claim: TpiClaim) => <Insurer claim={claim} />}
            />
            <DataTable.Col
                source="amount"
                label="money.tpi.fields.amount"
                align="right"
                render={(claim: TpiClaim) => (
                    <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {format.money(claim.amount, claim.currency)}
                    </Box>
                )}
            />
            <DataTable.Col
                source={kind === 'failed' ? 'reason' : 'pending_reversal_id'}
                label={kind === 'failed' ? 'money.tpi.fields.failure' : 'money.tpi.fields.reversal'}
                disableSort
                render={(claim: TpiClaim) => <Outcome kind={kind} claim={claim} />}
            />
            {kind === 'successful' ? (
                <DataTable.Col
                    source="actions"
                    label="money.tpi.fields.actions"
                    disableSort
                    render={(claim: TpiClaim) => <ReverseButton claim={claim} onReverse={onReverse} />}
                />
            ) : null}
        </DataTable>
    );
};

/** The list in its states: failed (with Retry), loading, empty, or the claims with their count. */
const ClaimRows = ({ kind, phone, onReverse }: { kind: ClaimKind; phone: boolean; onReverse: (claim: TpiClaim) => void }) => {
    const translate = useTranslate();
    const { data, total, isPending, error, refetch } = useListContext<TpiClaim>();
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    if (isPending) return <LoadingRows />;
    if ((data ?? []).length === 0) return <ListEmptyText message={`money.tpi.empty_${kind}`} />;
    return (
        <>
            {total !== undefined ? (
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                    {translate('money.tpi.count', { smart_count: total })}
                </Typography>
            ) : null}
            {phone ? (
                <ClaimCards kind={kind} actions={claim => <ReverseButton claim={claim} onReverse={onReverse} />} />
            ) : (
                <ClaimTable kind={kind} onReverse={onReverse} />
            )}
        </>
    );
};

/**
 * Third-party insurance claims (spec §2 "Third party insurance", /dashboard/tpi/successful and
 * /dashboard/tpi/failed): the claims the insurer paid towards a loan, or refused with why, newest
 * first unless sorted by date or amount, with an optional search and dates; filter, sort and page
 * live in the address (react-admin's list controller on the `tpi-successful` and `tpi-failed`
 * resources, tpiCalls.ts). A failure shows with Retry, never a spinner that stays. A claim leads to
 * its customer (where its loan is) and, when one exists, its reversal request; a successful claim
 * may be asked to be reversed. Every claim of a filter exports as CSV. On a phone, cards.
 */
export const TpiClaims = ({ kind }: { kind: ClaimKind }) => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { resource, menu } = LISTS[kind];
    const [reversing, setReversing] = useState<{ claim: TpiClaim; opening: number } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const openReversal = (claim: TpiClaim) => {
        setReversing(previous => ({ claim, opening: (previous?.opening ?? 0) + 1 }));
        setDialogOpen(true);
    };

    return (
        <Screen resource={resource} title={translate(menu)}>
            <ListBase<TpiClaim>
                resource={resource}
                perPage={PER_PAGE}
                sort={{ field: 'created_at', order: 'DESC' }}
                exporter={false}
                queryOptions={{ ...quietOnError, placeholderData: previous => previous }}
            >
                <Box
                    ref={listRef}
                    tabIndex={-1}
                    sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, outline: 'none' }}
                >
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between' }}>
                        <FilterForm filters={FILTERS} />
                        <Toolbar kind={kind} phone={phone} />
                    </Box>
                    <ClaimRows kind={kind} phone={phone} onReverse={openReversal} />
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListBase>
            {reversing ? (
                <RequestReversalDialog
                    key={reversing.opening}
                    open={dialogOpen}
                    claim={reversing.claim}
                    onClose={() => setDialogOpen(false)}
                    onExited={() => {
                        // The claim's button goes once asked: the focus goes back to the list rather than nowhere.
                        focusIfLost(listRef.current);
                    }}
                />
            ) : null}
        </Screen>
    );
};
