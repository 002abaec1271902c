import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
    CanAccess,
    DataTable,
    DateInput,
    FilterForm,
    ListContextProvider,
    Pagination,
    SearchInput,
    useListContext,
    useNotify,
    useTranslate,
} from 'react-admin';
import type { TpiClaim } from '../../../contract/money';
import { LoadError } from '../../lists/LoadError';
import { useFormat } from '../customers/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';
import { claimsKey, cleanClaimFilter, fetchClaimsPage, moneyKey, requestReversal, type ClaimKind } from './api';
import { ClaimReversalChip, Fact, Facts, Mono, NoteDialog, reversible } from './present';
import { useSingleMutation } from '../../lib/singleFlight';

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

/** The loan the claim was for and whose it is. */
export const ClaimLoan = ({ claim }: { claim: TpiClaim }) => (
    <Box>
        <Typography variant="body2">
            <Mono>{claim.loan_reference}</Mono>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            {claim.customer_name} · <Mono>{claim.msisdn}</Mono>
        </Typography>
    </Box>
);

/** The insurer and its own reference for the claim. */
export const Insurer = ({ claim }: { claim: TpiClaim }) => (
    <Box>
        <Typography variant="body2">{claim.insurer}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            <Mono>{claim.insurer_reference}</Mono>
        </Typography>
    </Box>
);

/** A successful claim's reversal state, or a failed one's reason. */
const Outcome = ({ kind, claim }: { kind: ClaimKind; claim: TpiClaim }) =>
    kind === 'failed' ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
            {claim.reason ?? '—'}
        </Typography>
    ) : (
        <ClaimReversalChip claim={claim} />
    );

/** Request reversal (gate `tpi-successful`/`reverse`) on a successful claim not reversed and with none waiting. */
const ReverseButton = ({ claim, onReverse }: { claim: TpiClaim; onReverse: (claim: TpiClaim) => void }) => {
    const translate = useTranslate();
    if (!reversible(claim)) return null;
    return (
        <CanAccess resource="tpi-successful" action="reverse">
            <Button
                size="small"
                variant="outlined"
                startIcon={<UndoIcon />}
                onClick={() => onReverse(claim)}
                aria-label={translate('money.tpi.request_reversal_of', { reference: claim.insurer_reference })}
            >
                {translate('money.tpi.request_reversal')}
            </Button>
        </CanAccess>
    );
};

/** The list on a phone: one card per claim, the same facts and action. */
const ClaimCards = ({ kind, actions }: { kind: ClaimKind; actions: (claim: TpiClaim) => ReactNode }) => {
    const format = useFormat();
    const { data = [] } = useListContext<TpiClaim>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(claim => {
                const titleId = `claim-${claim.id}-title`;
                return (
                    <Card component="li" key={claim.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    {claim.loan_reference} · {format.money(claim.amount, claim.currency)}
                                </Typography>
                                {kind === 'successful' ? <ClaimReversalChip claim={claim} /> : null}
                            </Box>
                            <Typography variant="body2">
                                {claim.customer_name} · <Mono>{claim.msisdn}</Mono>
                            </Typography>
                            <Typography variant="body2">
                                {claim.insurer} · <Mono>{claim.insurer_reference}</Mono>
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {format.time(claim.created_at)}
                            </Typography>
                            {kind === 'failed' ? (
                                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                                    {claim.reason ?? '—'}
                                </Typography>
                            ) : null}
                        </CardContent>
                        {kind === 'successful' ? <CardActions sx={{ px: 2, pb: 2 }}>{actions(claim)}</CardActions> : null}
                    </Card>
                );
            })}
        </Stack>
    );
};

/** Asks why before a claim's reversal is requested (`request_tpi_reversal`), the claim spelt out. */
const RequestReversalDialog = ({
    open,
    claim,
    onClose,
    onExited,
}: {
    open: boolean;
    claim: TpiClaim;
    onClose: () => void;
    onExited: () => void;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const format = useFormat();
    const queryClient = useQueryClient();
    const request = useSingleMutation({
        mutationFn: (reason: string) => requestReversal(claim.id, reason),
        onSuccess: () => {
            notify('money.tpi.reversal_requested', {
                type: 'success',
                messageArgs: { reference: claim.insurer_reference },
            });
            void queryClient.invalidateQueries({ queryKey: moneyKey });
            onClose();
        },
        // Asked already, or reversed meanwhile: the list shows the claim as it now is.
        onError: () => void queryClient.invalidateQueries({ queryKey: moneyKey }),
    });
    const label = (field: string) => translate(`money.tpi.fields.${field}`);
    return (
        <NoteDialog
            open={open}
            title={translate('money.tpi.request_title', { reference: claim.insurer_reference })}
            content={translate('money.tpi.request_content', {
                amount: format.money(claim.amount, claim.currency),
                loan: claim.loan_reference,
            })}
            label={translate('money.tpi.reason')}
            help={translate('money.tpi.reason_help')}
            required
            confirmLabel={translate('money.tpi.request_reversal')}
            busy={request.isPending}
            error={request.error ?? undefined}
            onConfirm={reason => request.mutate(reason)}
            onClose={onClose}
            onExited={onExited}
        >
            <Facts>
                <Fact label={label('loan')}>
                    <Mono>{claim.loan_reference}</Mono>
                </Fact>
                <Fact label={label('customer')}>{claim.customer_name}</Fact>
                <Fact label={label('insurer')}>
                    {claim.insurer} (<Mono>{claim.insurer_reference}</Mono>)
                </Fact>
                <Fact label={label('amount')}>{format.money(claim.amount, claim.currency)}</Fact>
            </Facts>
        </NoteDialog>
    );
};

/**
 * Third-party insurance claims (spec §2 "Third party insurance", /dashboard/tpi/successful and
 * /dashboard/tpi/failed): the claims the insurer paid towards a loan, or refused with why, newest
 * first, with an optional search and dates; read from the answer's `records`. A failure shows with
 * Retry, never a spinner that stays. A successful claim shows a reversal waiting or done, and may
 * be asked to be reversed. On a phone, cards.
 */
export const TpiClaims = ({ kind }: { kind: ClaimKind }) => {
    const translate = useTranslate();
    const format = useFormat();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { resource, menu } = LISTS[kind];
    const key = useMemo(() => claimsKey(kind), [kind]);
    const { context, query } = usePagedList<TpiClaim>({
        queryKey: key,
        resource,
        perPage: PER_PAGE,
        keepPrevious: true,
        sort: { field: 'created_at', order: 'DESC' },
        fetchPage: ({ page, perPage, filter, sort, signal }) =>
            fetchClaimsPage(kind, cleanClaimFilter(filter), { page, perPage, sort, signal }),
    });
    const [reversing, setReversing] = useState<{ claim: TpiClaim; opening: number } | null>(null);
    const [dialogOpen, setDialogOpen] = useState(false);
    const listRef = useRef<HTMLDivElement>(null);
    const openReversal = (claim: TpiClaim) => {
        setReversing(previous => ({ claim, opening: (previous?.opening ?? 0) + 1 }));
        setDialogOpen(true);
    };
    const actions = (claim: TpiClaim) => <ReverseButton claim={claim} onReverse={openReversal} />;
    const total = context.total;

    return (
        <Screen resource={resource} title={translate(menu)}>
            <ListContextProvider value={context}>
                <Box
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
                        <ListEmptyText message={`money.tpi.empty_${kind}`} />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('money.tpi.count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {phone ? (
                                <ClaimCards kind={kind} actions={actions} />
                            ) : (
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
                                            <Box
                                                component="span"
                                                sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                                            >
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
                                            label="money.tpi.fields.actions"
                                            disableSort
                                            render={(claim: TpiClaim) => actions(claim)}
                                        />
                                    ) : null}
                                </DataTable>
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListContextProvider>
            {reversing ? (
                <RequestReversalDialog
                    key={reversing.opening}
                    open={dialogOpen}
                    claim={reversing.claim}
                    onClose={() => setDialogOpen(false)}
                    onExited={() => {
                        // The claim's button goes once asked: the focus goes back to the list rather than nowhere.
                        if (!document.activeElement || document.activeElement === document.body) listRef.current?.focus();
                    }}
                />
            ) : null}
        </Screen>
    );
};
