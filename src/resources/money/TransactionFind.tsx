import { Box, Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo } from 'react';
import {
    DataTable,
    DateInput,
    downloadCSV,
    FilterButton,
    FilterForm,
    ListContextProvider,
    Pagination,
    SelectInput,
    TextInput,
    useListContext,
    useTranslate,
} from 'react-admin';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from '../../../contract/loans';
import type { MoneyTransaction } from '../../../contract/money';
import { ExportProgressButton, type ExportRun } from '../../lists/ExportAllButton';
import { LoadError } from '../../lists/LoadError';
import { toCsv } from '../../lib/csv';
import { useFormat } from '../customers/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';
import {
    cleanTransactionFilter,
    fetchAll,
    fetchTransactionsPage,
    loanReferenceOf,
    phoneOf,
    TRANSACTION_STATES,
    transactionsKey,
} from './api';
import { Mono, StateChip, stateOf, transactionCsvColumns } from './present';

const PER_PAGE = 25;

/** A typed value the call would refuse (400) is marked on its field and not sent. */
const validPhone = (value: unknown) => (value && !phoneOf(value) ? 'money.transactions.msisdn_invalid' : undefined);
const validLoanReference = (value: unknown) =>
    value && !loanReferenceOf(value) ? 'money.transactions.loan_reference_invalid' : undefined;

const useFilters = () => {
    const translate = useTranslate();
    return useMemo(
        () => [
            <TextInput
                key="reference"
                source="reference"
                label="money.transactions.fields.reference"
                alwaysOn
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 64 } }}
            />,
            <TextInput
                key="msisdn"
                source="msisdn"
                label="money.transactions.fields.msisdn"
                validate={validPhone}
                alwaysOn
                slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
            />,
            <TextInput
                key="loan_reference"
                source="loan_reference"
                label="money.transactions.fields.loan_reference"
                validate={validLoanReference}
                alwaysOn
                slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />,
            <SelectInput
                key="state"
                source="state"
                label="money.transactions.fields.state"
                emptyText="money.transactions.any"
                choices={TRANSACTION_STATES.map(state => ({
                    id: state,
                    name: translate(`money.transactions.state_filter.${state}`),
                }))}
                alwaysOn
            />,
            <DateInput key="from" source="from" label="money.transactions.fields.from" />,
            <DateInput key="to" source="to" label="money.transactions.fields.to" />,
            <SelectInput
                key="kind"
                source="kind"
                label="money.transactions.fields.kind"
                choices={TRANSACTION_KINDS.map(kind => ({ id: kind, name: translate(`money.transactions.kinds.${kind}`) }))}
            />,
            <SelectInput
                key="channel"
                source="channel"
                label="money.transactions.fields.channel"
                choices={TRANSACTION_CHANNELS.map(channel => ({
                    id: channel,
                    name: translate(`money.transactions.channels.${channel}`),
                }))}
            />,
        ],
        [translate],
    );
};

/** Who paid: the customer when the payment is on a loan, and the number it came from. */
const Payer = ({ transaction }: { transaction: MoneyTransaction }) => (
    <Box>
        {transaction.customer_name ? <Typography variant="body2">{transaction.customer_name}</Typography> : null}
        <Typography variant="caption" color="text.secondary" component="div">
            <Mono>{transaction.msisdn}</Mono>
        </Typography>
    </Box>
);

/** The loan it is on, or (in suspense) the account the payer gave. */
const LoanOrAccount = ({ transaction }: { transaction: MoneyTransaction }) => {
    const translate = useTranslate();
    if (transaction.loan_reference) return <Mono>{transaction.loan_reference}</Mono>;
    return (
        <Typography variant="caption" color="text.secondary">
            {translate('money.transactions.account_given', { account: transaction.account ?? '—' })}
        </Typography>
    );
};

const State = ({ transaction }: { transaction: MoneyTransaction }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <StateChip state={stateOf(transaction)} />
            {transaction.suspense_reason && transaction.suspense_status !== 'corrected' ? (
                <Typography variant="caption" color="text.secondary">
                    {translate(`money.suspense.reasons.${transaction.suspense_reason}`)}
                </Typography>
            ) : null}
        </Box>
    );
};

/** The result on a phone: one card per payment with the same facts. */
const TransactionCards = () => {
    const translate = useTranslate();
    const format = useFormat();
    const { data = [] } = useListContext<MoneyTransaction>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(transaction => {
                const titleId = `transaction-${transaction.id}-title`;
                return (
                    <Card component="li" key={transaction.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography
                                    id={titleId}
                                    component="h2"
                                    variant="subtitle2"
                                    sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
                                >
                                    {transaction.reference} · {format.money(transaction.amount, transaction.currency)}
                                </Typography>
                                <StateChip state={stateOf(transaction)} />
                            </Box>
                            <Typography variant="body2">
                                {format.time(transaction.paid_at)} · {translate(`money.transactions.kinds.${transaction.kind}`)} ·{' '}
                                {translate(`money.transactions.channels.${transaction.channel}`)}
                            </Typography>
                            <Payer transaction={transaction} />
                            <LoanOrAccount transaction={transaction} />
                        </CardContent>
                    </Card>
                );
            })}
        </Stack>
    );
};

/** The whole result as CSV, every page of it at the largest page the call takes. */
const TransactionExport = () => {
    const translate = useTranslate();
    const { filterValues, sort, total } = useListContext<MoneyTransaction>();
    const run: ExportRun = async ({ signal, onProgress }) => {
        const filter = cleanTransactionFilter(filterValues);
        const all = await fetchAll(request => fetchTransactionsPage(filter, request), sort, { signal, onProgress });
        downloadCSV(toCsv(all, transactionCsvColumns(translate)), `transactions-${new Date().toISOString().slice(0, 10)}`);
    };
    return <ExportProgressButton run={run} disabled={!total} />;
};

/**
 * Find transaction (spec §2, /dashboard/transactions/find): any payment by its reference (whole or
 * its start), the payer's number, the loan, the dates paid, its kind, channel and whether it
 * matched a loan or waits in suspense; newest first, sortable by date, amount and reference, the
 * whole result exportable as CSV. On a phone, cards.
 */
export const TransactionFind = () => {
    const translate = useTranslate();
    const format = useFormat();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const filters = useFilters();
    const { context, query } = usePagedList<MoneyTransaction>({
        queryKey: transactionsKey,
        resource: 'transactions',
        perPage: PER_PAGE,
        keepPrevious: true,
        sort: { field: 'paid_at', order: 'DESC' },
        fetchPage: ({ page, perPage, filter, sort, signal }) =>
            fetchTransactionsPage(cleanTransactionFilter(filter), { page, perPage, sort, signal }),
    });
    const total = context.total;
    return (
        <Screen resource="transactions" action="find" title={translate('menu.find_transaction')}>
            <ListContextProvider value={context}>
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
                            <TransactionExport />
                        </Box>
                    </Box>
                    {query.isError ? (
                        <LoadError error={query.error} onRetry={() => void query.refetch()} />
                    ) : query.isPending ? (
                        <LoadingRows />
                    ) : (context.data ?? []).length === 0 ? (
                        <ListEmptyText message="money.transactions.empty" />
                    ) : (
                        <>
                            {total !== undefined ? (
                                <Typography variant="body2" color="text.secondary" aria-live="polite">
                                    {translate('money.transactions.count', { smart_count: total })}
                                </Typography>
                            ) : null}
                            {phone ? (
                                <TransactionCards />
                            ) : (
                                <DataTable<MoneyTransaction> bulkActionButtons={false} rowClick={false}>
                                    <DataTable.Col
                                        source="paid_at"
                                        label="money.transactions.fields.paid_at"
                                        render={(transaction: MoneyTransaction) => (
                                            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                                {format.time(transaction.paid_at)}
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="reference"
                                        label="money.transactions.fields.reference"
                                        render={(transaction: MoneyTransaction) => <Mono>{transaction.reference}</Mono>}
                                    />
                                    <DataTable.Col
                                        source="msisdn"
                                        label="money.transactions.fields.payer"
                                        disableSort
                                        render={(transaction: MoneyTransaction) => <Payer transaction={transaction} />}
                                    />
                                    <DataTable.Col
                                        source="loan_reference"
                                        label="money.transactions.fields.loan_reference"
                                        disableSort
                                        render={(transaction: MoneyTransaction) => <LoanOrAccount transaction={transaction} />}
                                    />
                                    <DataTable.Col
                                        source="kind"
                                        label="money.transactions.fields.kind"
                                        disableSort
                                        render={(transaction: MoneyTransaction) => (
                                            <Box>
                                                <Typography variant="body2">
                                                    {translate(`money.transactions.kinds.${transaction.kind}`)}
                                                </Typography>
                                                <Typography variant="caption" color="text.secondary">
                                                    {translate(`money.transactions.channels.${transaction.channel}`)}
                                                </Typography>
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="amount"
                                        label="money.transactions.fields.amount"
                                        align="right"
                                        render={(transaction: MoneyTransaction) => (
                                            <Box
                                                component="span"
                                                sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                                            >
                                                {format.money(transaction.amount, transaction.currency)}
                                            </Box>
                                        )}
                                    />
                                    <DataTable.Col
                                        source="suspense_status"
                                        label="money.transactions.fields.state"
                                        disableSort
                                        render={(transaction: MoneyTransaction) => <State transaction={transaction} />}
                                    />
                                </DataTable>
                            )}
                        </>
                    )}
                    <Pagination rowsPerPageOptions={[10, PER_PAGE, 50, 100]} />
                </Box>
            </ListContextProvider>
        </Screen>
    );
};
