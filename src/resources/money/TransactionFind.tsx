import { Box, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import {
    DataTable,
    DateInput,
    downloadCSV,
    SelectInput,
    TextInput,
    useCanAccess,
    useListContext,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from '../../../contract/customers';
import type { MoneyTransaction } from '../../../contract/money';
import { toCsv } from '../../lib/csv';
import { formatWhen } from '../../lib/format';
import { Amount, Mono, When } from '../../lists/cells';
import { VARIANTS, viewAddress } from '../../lib/customerVariants';
import { StateChip, stateOf, transactionCsvColumns } from './present';
import { loanReferenceOf, phoneOf, TRANSACTION_STATES } from './transactionCalls';
import { ListRows, ListScreen } from '../../lists/ListScreen';

const PER_PAGE = 25;

/** A typed value the call would refuse (400) is marked on its field and not sent (transactionCalls.ts). */
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

/**
 * Where a matched payment leads: its customer's view (the staff one, by the customer's public
 * id), which shows the loan too (a loan has no page of its own). Null for a payment in suspense,
 * or for a reader who may not open that view.
 */
const useCustomerAddress = () => {
    const { canAccess } = useCanAccess({ resource: VARIANTS.staff.resource, action: 'find' });
    return (transaction: MoneyTransaction) =>
        canAccess && transaction.customer_public_id ? viewAddress('staff', transaction.customer_public_id) : null;
};

/** A link of a row, reached by Tab, that does not also count as a click on the row. */
const RowLink = ({ to, label, children }: { to: string; label: string; children: ReactNode }) => (
    <MuiLink component={Link} to={to} aria-label={label} onClick={event => event.stopPropagation()}>
        {children}
    </MuiLink>
);

/** Who paid: the customer when the payment is on a loan (a link to their view), and the number it came from. */
const Payer = ({ transaction }: { transaction: MoneyTransaction }) => {
    const translate = useTranslate();
    const address = useCustomerAddress()(transaction);
    const name = transaction.customer_name;
    return (
        <Box>
            {name ? (
                <Typography variant="body2">
                    {address ? (
                        <RowLink to={address} label={translate('money.transactions.open_customer', { name })}>
                            {name}
                        </RowLink>
                    ) : (
                        name
                    )}
                </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary" component="div">
                <Mono>{transaction.msisdn}</Mono>
            </Typography>
        </Box>
    );
};

/** The loan it is on (a link to it in its customer's view), or (in suspense) the account the payer gave. */
const LoanOrAccount = ({ transaction }: { transaction: MoneyTransaction }) => {
    const translate = useTranslate();
    const address = useCustomerAddress()(transaction);
    const loan = transaction.loan_reference;
    if (loan) {
        return address ? (
            <RowLink to={address} label={translate('money.transactions.open_loan', { loan })}>
                <Mono>{loan}</Mono>
            </RowLink>
        ) : (
            <Mono>{loan}</Mono>
        );
    }
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

/** The result on a phone: one card per payment with the same facts and links. */
const TransactionCards = () => {
    const translate = useTranslate();
    const locale = useLocale();
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
                                    {transaction.reference} · <Amount value={transaction.amount} />
                                </Typography>
                                <StateChip state={stateOf(transaction)} />
                            </Box>
                            <Typography variant="body2">
                                {formatWhen(transaction.paid_at, locale)} ·{' '}
                                {translate(`money.transactions.kinds.${transaction.kind}`)} ·{' '}
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

const useExporter = () => {
    const translate = useTranslate();
    return (rows: MoneyTransaction[]) =>
        downloadCSV(toCsv(rows, transactionCsvColumns(translate)), `transactions-${new Date().toISOString().slice(0, 10)}`);
};

const TransactionTable = () => (
    <DataTable<MoneyTransaction> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
            source="paid_at"
            label="money.transactions.fields.paid_at"
            render={(transaction: MoneyTransaction) => <When value={transaction.paid_at} />}
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
            render={(transaction: MoneyTransaction) => <KindAndChannel transaction={transaction} />}
        />
        <DataTable.Col
            source="amount"
            label="money.transactions.fields.amount"
            align="right"
            render={(transaction: MoneyTransaction) => <Amount value={transaction.amount} />}
        />
        <DataTable.Col
            source="suspense_status"
            label="money.transactions.fields.state"
            disableSort
            render={(transaction: MoneyTransaction) => <State transaction={transaction} />}
        />
        <DataTable.Col
            source="created_at"
            label="money.transactions.fields.created_at"
            disableSort
            render={(transaction: MoneyTransaction) => <When value={transaction.created_at} />}
            sx={{ display: { xs: 'none', xl: 'table-cell' } }}
        />
    </DataTable>
);

const KindAndChannel = ({ transaction }: { transaction: MoneyTransaction }) => {
    const translate = useTranslate();
    return (
        <Box>
            <Typography variant="body2">{translate(`money.transactions.kinds.${transaction.kind}`)}</Typography>
            <Typography variant="caption" color="text.secondary">
                {translate(`money.transactions.channels.${transaction.channel}`)}
            </Typography>
        </Box>
    );
};

/**
 * Find transaction (spec §2, /dashboard/transactions/find): any payment by its reference (whole or
 * its start), the payer's number, the loan, the dates paid, its kind, channel and whether it
 * matched a loan or waits in suspense; newest first, sortable by date, amount and reference. The
 * filters, sort, page and page size are in the address (react-admin's list), so a reload, Back or
 * a copied address shows the same page; a query can be saved under a name (the filter menu). The
 * whole result exports as CSV; a matched payment links to its loan and customer. On a phone, cards.
 */
export const TransactionFind = () => {
    const translate = useTranslate();
    const exporter = useExporter();
    return (
        <ListScreen<MoneyTransaction>
            resource="transactions"
            action="find"
            title={translate('menu.find_transaction')}
            perPage={PER_PAGE}
            rowsPerPageOptions={[10, PER_PAGE, 50, 100]}
            sort={{ field: 'paid_at', order: 'DESC' }}
            filters={useFilters()}
            columns
            exporter={exporter}
            savedQueries
        >
            <ListRows
                count="money.transactions.count"
                empty="money.transactions.empty"
                inset
                cards={<TransactionCards />}
                table={<TransactionTable />}
            />
        </ListScreen>
    );
};
