/**
 * How the money screens show a payment, a suspense item, a claim and a reversal (contract/money/):
 * amounts in ZAR in the user's language, the state chips, who did what and when, the CSV of a
 * search, and the note dialog every money action asks with (dialogs/ConfirmDialog.tsx).
 */
import { Chip, type ChipProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MoneyTransaction, SuspenseItem, SuspenseStatus, TpiClaim, TpiReversalStatus } from '../../../contract/money';
import { WARNING_TEXT_ON_LIGHT } from '../../layout/brand';
import { NoteDialog as SharedNoteDialog, type NoteDialogProps } from '../../dialogs/NoteDialog';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The one code cell of every list (lists/cells.tsx). */
export { Mono } from '../../lists/cells';

/** A chip whose outline and text read at 4.5:1 on white in either theme. */
const warningSx = (theme: Theme) => ({
    color: theme.palette.mode === 'light' ? WARNING_TEXT_ON_LIGHT : theme.palette.warning.light,
    borderColor: 'currentColor',
});

/** Where a payment stands: on its loan from the start, in suspense (open or set aside), or assigned from suspense. */
export type TransactionState = 'matched' | SuspenseStatus;

export const stateOf = (transaction: Pick<MoneyTransaction, 'suspense_status'>): TransactionState =>
    transaction.suspense_status ?? 'matched';

const STATE_CHIPS: Record<TransactionState, Pick<ChipProps, 'color' | 'variant'> & { warning?: boolean }> = {
    matched: { color: 'success', variant: 'outlined' },
    corrected: { color: 'success', variant: 'outlined' },
    open: { variant: 'outlined', warning: true },
    queued: { variant: 'outlined', color: 'default' },
};

export const StateChip = ({ state }: { state: TransactionState }) => {
    const translate = useTranslate();
    const { warning, ...look } = STATE_CHIPS[state];
    return (
        <Chip
            size="small"
            {...look}
            label={translate(`money.transactions.states.${state}`)}
            sx={warning ? warningSx : undefined}
        />
    );
};

const REVERSAL_COLOURS: Record<TpiReversalStatus, 'default' | 'success' | 'error'> = {
    pending: 'default',
    approved: 'success',
    denied: 'error',
};

export const ReversalStatusChip = ({ status }: { status: TpiReversalStatus }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant={status === 'pending' ? 'outlined' : 'filled'}
            color={REVERSAL_COLOURS[status]}
            label={translate(`money.tpi.statuses.${status}`)}
        />
    );
};

/** A successful claim's reversal, if there is one: waiting for a checker, or done. */
export const ClaimReversalChip = ({ claim }: { claim: TpiClaim }) => {
    const translate = useTranslate();
    if (claim.reversed_at !== null)
        return <Chip size="small" variant="filled" color="default" label={translate('money.tpi.reversed')} />;
    if (claim.pending_reversal_id !== null)
        return <Chip size="small" variant="outlined" label={translate('money.tpi.reversal_pending')} sx={warningSx} />;
    return null;
};

/** A successful claim may be reversed once, and only while no reversal waits for it. */
export const reversible = (claim: TpiClaim) =>
    claim.status === 'successful' && claim.reversed_at === null && claim.pending_reversal_id === null;

/** The label and value pairs of the money dialogs (dialogs/Facts.tsx). */
export { Fact, Facts } from '../../dialogs/Facts';

/** The columns of a search's CSV export: every field of a payment, the codes in words. */
export const transactionCsvColumns = (translate: Translate) => {
    const title = (field: string) => translate(`money.transactions.fields.${field}`);
    return [
        { title: title('reference'), value: (row: MoneyTransaction) => row.reference },
        { title: title('paid_at'), value: (row: MoneyTransaction) => row.paid_at },
        // A number, so a reversal's -79.00 stays an amount (src/lib/csv.ts neutralises text only).
        { title: title('amount'), value: (row: MoneyTransaction) => row.amount, decimals: 2 },
        { title: title('currency'), value: (row: MoneyTransaction) => row.currency },
        { title: title('msisdn'), value: (row: MoneyTransaction) => row.msisdn },
        { title: title('customer'), value: (row: MoneyTransaction) => row.customer_name ?? '' },
        { title: title('loan_reference'), value: (row: MoneyTransaction) => row.loan_reference ?? '' },
        { title: title('account'), value: (row: MoneyTransaction) => row.account ?? '' },
        { title: title('kind'), value: (row: MoneyTransaction) => translate(`money.transactions.kinds.${row.kind}`) },
        { title: title('channel'), value: (row: MoneyTransaction) => translate(`money.transactions.channels.${row.channel}`) },
        { title: title('state'), value: (row: MoneyTransaction) => translate(`money.transactions.states.${stateOf(row)}`) },
        {
            title: title('suspense_reason'),
            value: (row: MoneyTransaction) =>
                row.suspense_reason ? translate(`money.suspense.reasons.${row.suspense_reason}`) : '',
        },
        { title: title('created_at'), value: (row: MoneyTransaction) => row.created_at },
        { title: title('upload_id'), value: (row: MoneyTransaction) => row.upload_id ?? '' },
    ];
};

/** The columns of the suspense queue's CSV export: a payment's, then who set it aside or assigned it, and when. */
export const suspenseCsvColumns = (translate: Translate) => {
    const title = (field: string) => translate(`money.suspense.fields.${field}`);
    return [
        ...transactionCsvColumns(translate),
        {
            title: title('status'),
            value: (row: SuspenseItem) => translate(`money.suspense.status_filter.${row.suspense_status}`),
        },
        { title: translate('money.suspense.csv.queue_note'), value: (row: SuspenseItem) => row.queue_note ?? '' },
        { title: translate('money.suspense.csv.queued_by'), value: (row: SuspenseItem) => row.queued_by?.name ?? '' },
        { title: translate('money.suspense.csv.queued_at'), value: (row: SuspenseItem) => row.queued_at ?? '' },
        { title: translate('money.suspense.csv.corrected_by'), value: (row: SuspenseItem) => row.corrected_by?.name ?? '' },
        { title: translate('money.suspense.csv.corrected_at'), value: (row: SuspenseItem) => row.corrected_at ?? '' },
    ];
};

/** A note says why (contract `reasonText`: 3 to 500 characters once trimmed). */
export { NOTE_MAX } from '../../dialogs/NoteDialog';

/** The money screens' notes, in dialogs/NoteDialog.tsx with money's own words for a note's two faults. */
export const NoteDialog = (props: Omit<NoteDialogProps, 'problemKeys'>) => (
    <SharedNoteDialog {...props} problemKeys={MONEY_NOTE_PROBLEMS} />
);

const MONEY_NOTE_PROBLEMS = { required: 'money.note_required', tooLong: 'money.note_too_long' } as const;
