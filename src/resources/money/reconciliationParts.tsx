/**
 * How one upload and its rows show (ReconciliationRows.tsx): the summary in numbers, each row's
 * outcome in a word and in detail, the outcome filter, a phone's cards and the rows' CSV.
 */
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { Alert, Box, Button, Card, CardContent, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useCanAccess, useListContext, useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ROW_OUTCOMES, type ReconciliationRow, type ReconciliationUpload, type RowOutcome } from '../../../contract/money';
import { WARNING_TEXT_ON_LIGHT } from '../../layout/brand';
import { formatAmount } from '../../lib/format';
import { Mono, useWhen } from '../../lists/cells';
import { ROUTES } from '../../routes';
import { VARIANTS, absolute, viewAddress } from '../../lib/customerVariants';
import { uploadAddress } from './reconciliationAddress';

/** The suspense queue (src/layout/menu.ts, `suspense_transactions`). */
const SUSPENSE_QUEUE = '/dashboard/suspense-transactions';

/**
 * Find transaction showing the payment of this reference (its filter in the address, as the list
 * keeps it): references are compared by their start, whatever the letter case, so a duplicate's
 * reference finds the payment recorded before it.
 */
export const paymentAddress = (reference: string) =>
    `${absolute(ROUTES.find_transaction.path)}?${new URLSearchParams({ filter: JSON.stringify({ reference }) }).toString()}`;

/** A row of an upload as a react-admin record: its line is its id (one row per line, reconciliationCalls.ts). */
export type RowRecord = ReconciliationRow & { id: number };

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const outcomeOf = (value: unknown): RowOutcome | undefined => ROW_OUTCOMES.find(outcome => outcome === value);

/** How many rows of an upload had this outcome (all of them without one). */
const countOf = (upload: ReconciliationUpload, outcome: RowOutcome | undefined) =>
    outcome === undefined ? upload.rows : upload[outcome];

/**
 * A row's outcome in a word, the colour only repeating it: matched green, suspense in dark amber
 * (the theme's orange is short of 4.5:1 on white, layout/brand.ts), rejected red, a duplicate plain.
 */
export const OutcomeChip = ({ outcome }: { outcome: RowOutcome }) => {
    const translate = useTranslate();
    const label = translate(`reconciliation.outcomes.${outcome}`);
    if (outcome === 'suspense')
        return (
            <Chip
                size="small"
                variant="outlined"
                label={label}
                sx={theme => ({
                    color: theme.palette.mode === 'light' ? WARNING_TEXT_ON_LIGHT : theme.palette.warning.light,
                    borderColor: 'currentColor',
                })}
            />
        );
    return (
        <Chip
            size="small"
            variant={outcome === 'duplicate' ? 'outlined' : 'filled'}
            color={outcome === 'matched' ? 'success' : outcome === 'rejected' ? 'error' : 'default'}
            label={label}
        />
    );
};

/**
 * What became of a row, in words: the loan a matched row went on, why a row went to suspense, the
 * column at fault and what is wrong with it ("amount: must be more than zero"), or that it was
 * recorded before.
 */
export const useRowDetail = () => {
    const translate = useTranslate();
    return (row: RowRecord): string => {
        switch (row.outcome) {
            case 'matched':
                return row.loan_reference ?? '';
            case 'suspense':
                return row.suspense_reason ? translate(`reconciliation.reasons.${row.suspense_reason}`) : '';
            case 'duplicate':
                return translate('reconciliation.rows.already_recorded');
            case 'rejected': {
                const problem = row.problem ? translate(`reconciliation.problems.${row.problem}`) : '';
                if (!row.field) return problem;
                return translate('reconciliation.rows.field_problem', {
                    field: translate(`reconciliation.columns.${row.field}`, { _: row.field }),
                    problem,
                });
            }
        }
    };
};

const Stat = ({ label, value, id }: { label: string; value: ReactNode; id: string }) => (
    <Box sx={{ minWidth: 0 }}>
        <Typography component="dt" variant="caption" color="text.secondary" id={id}>
            {label}
        </Typography>
        <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
            {value}
        </Typography>
    </Box>
);

/**
 * One upload in numbers: its rows and what became of them, the amount recorded; a note when the
 * file was uploaded before (nothing was imported twice), and the way to the suspense queue when
 * rows went there.
 */
export const UploadSummary = ({ upload, onChoose }: { upload: ReconciliationUpload; onChoose: (uploadId: number) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const when = useWhen();
    const ids = useId();
    const { canAccess: canOpenSuspense } = useCanAccess({ resource: 'suspense-transactions', action: 'list' });
    const earlier = upload.same_file_as;
    const stats: [string, ReactNode][] = [
        ['rows', upload.rows],
        ['matched', upload.matched],
        ['suspense', upload.suspense],
        ['duplicate', upload.duplicate],
        ['rejected', upload.rejected],
        ['amount_recorded', formatAmount(upload.amount_recorded, locale)],
    ];
    return (
        <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {translate('reconciliation.summary.file_by', {
                    file: upload.file_name,
                    channel: translate(`customers.deposits.channels.${upload.channel}`),
                    name: upload.uploaded_by.name,
                    when: when(upload.created_at),
                })}
            </Typography>
            {earlier !== null ? (
                <Alert
                    severity="info"
                    action={
                        <Button
                            color="inherit"
                            size="small"
                            component={Link}
                            to={uploadAddress(earlier)}
                            onClick={() => onChoose(earlier)}
                        >
                            {translate('reconciliation.summary.open_earlier', { id: upload.same_file_as })}
                        </Button>
                    }
                >
                    {translate('reconciliation.summary.same_file', { id: upload.same_file_as })}
                </Alert>
            ) : null}
            <Box
                component="dl"
                sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 130px), 1fr))',
                    gap: 1.5,
                    m: 0,
                }}
            >
                {stats.map(([key, value]) => (
                    <Stat key={key} id={`${ids}-${key}`} label={translate(`reconciliation.summary.${key}`)} value={value} />
                ))}
            </Box>
            {upload.suspense > 0 ? (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2">
                        {translate('reconciliation.summary.suspense_note', { smart_count: upload.suspense })}
                    </Typography>
                    {canOpenSuspense ? (
                        <Button component={Link} to={SUSPENSE_QUEUE} size="small" variant="outlined">
                            {translate('reconciliation.summary.to_suspense')}
                        </Button>
                    ) : null}
                </Box>
            ) : null}
            {upload.rejected > 0 ? (
                <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <ReportProblemIcon fontSize="small" color="error" aria-hidden />
                    {translate('reconciliation.summary.rejected_note', { smart_count: upload.rejected })}
                </Typography>
            ) : null}
        </Stack>
    );
};

/** The outcome filter: all rows or one outcome, each with its count; keyboard buttons that say which is on. */
export const OutcomeFilter = ({ upload, uploadId }: { upload: ReconciliationUpload | undefined; uploadId: number }) => {
    const translate = useTranslate();
    const { filterValues, setFilters, displayedFilters } = useListContext<RowRecord>();
    const current = outcomeOf(filterValues.outcome);
    const options: (RowOutcome | undefined)[] = [undefined, ...ROW_OUTCOMES];
    return (
        <Box
            role="group"
            aria-label={translate('reconciliation.rows.outcome_filter')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
            {options.map(outcome => {
                const name = translate(outcome ? `reconciliation.outcomes.${outcome}` : 'reconciliation.rows.all');
                const label = upload
                    ? translate('reconciliation.rows.filter_count', { outcome: name, count: countOf(upload, outcome) })
                    : name;
                const on = current === outcome;
                return (
                    <Chip
                        key={outcome ?? 'all'}
                        component="button"
                        type="button"
                        clickable
                        label={label}
                        color={on ? 'primary' : 'default'}
                        variant={on ? 'filled' : 'outlined'}
                        aria-pressed={on}
                        onClick={() =>
                            // The upload stays in the address's filter with the outcome (Reconciliation.tsx).
                            setFilters(outcome ? { upload_id: uploadId, outcome } : { upload_id: uploadId }, displayedFilters)
                        }
                    />
                );
            })}
        </Box>
    );
};

/**
 * Where a row leads: the payment it recorded (a duplicate: the one recorded before) in Find
 * transaction, and the customer whose loan that payment is on, in their view (which shows the
 * loan: a loan has no page of its own). Null where there is none, or for a reader who may not open it.
 */
export const useRowLinks = () => {
    const payments = useCanAccess({ resource: 'transactions', action: 'find' });
    const customers = useCanAccess({ resource: VARIANTS.staff.resource, action: 'find' });
    return (row: RowRecord) => ({
        payment: payments.canAccess && row.transaction_id !== null && row.reference ? paymentAddress(row.reference) : null,
        customer: customers.canAccess && row.customer_public_id ? viewAddress('staff', row.customer_public_id) : null,
    });
};

/** A link in a row, reached by Tab, that does not also count as a click on the row. */
const RowLink = ({ to, label, children }: { to: string; label: string; children: ReactNode }) => (
    <MuiLink component={Link} to={to} aria-label={label} onClick={event => event.stopPropagation()}>
        {children}
    </MuiLink>
);

/** The row's reference, a link to its payment when it recorded one. */
export const RowReference = ({ row }: { row: RowRecord }) => {
    const translate = useTranslate();
    const { payment } = useRowLinks()(row);
    const reference = <Mono>{row.reference ?? '—'}</Mono>;
    return payment && row.reference ? (
        <RowLink to={payment} label={translate('reconciliation.rows.open_payment', { reference: row.reference })}>
            {reference}
        </RowLink>
    ) : (
        reference
    );
};

/** What became of the row in words; the loan it went on a link to its customer's view. */
export const RowDetail = ({ row }: { row: RowRecord }) => {
    const translate = useTranslate();
    const said = useRowDetail()(row);
    const { customer } = useRowLinks()(row);
    const loan = row.loan_reference;
    const loanLink =
        customer && loan ? (
            <RowLink to={customer} label={translate('money.transactions.open_loan', { loan })}>
                <Mono>{loan}</Mono>
            </RowLink>
        ) : null;
    // A matched row's detail is its loan: said once, as the link.
    if (loanLink && said === loan) return loanLink;
    return (
        <>
            {said || (loanLink ? null : '—')}
            {loanLink ? (
                <>
                    {said ? ' · ' : null}
                    {loanLink}
                </>
            ) : null}
        </>
    );
};

/** The rows on a phone: one card per row, the same facts. */
export const RowCards = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const detail = useRowDetail();
    const links = useRowLinks();
    const { data = [] } = useListContext<RowRecord>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(row => {
                const titleId = `reconciliation-row-${row.line}`;
                const said = detail(row) || links(row).customer;
                return (
                    <Card component="li" key={row.line} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, '&:last-child': { pb: 2 } }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h4" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    {translate('reconciliation.rows.line', { line: row.line })}
                                </Typography>
                                <OutcomeChip outcome={row.outcome} />
                            </Box>
                            <Typography variant="body2">
                                <RowReference row={row} />
                                {row.amount !== null ? ` · ${formatAmount(row.amount, locale)}` : ''}
                            </Typography>
                            <Typography variant="caption" color="text.secondary" component="div">
                                <Mono>{row.msisdn ?? '—'}</Mono>
                            </Typography>
                            {said ? (
                                <Typography variant="body2">
                                    <RowDetail row={row} />
                                </Typography>
                            ) : null}
                        </CardContent>
                    </Card>
                );
            })}
        </Stack>
    );
};

/** The columns of the rows' CSV: each row's line, outcome, fields and what became of it in words. */
export const rowCsvColumns = (translate: Translate, detail: (row: RowRecord) => string) => {
    const column = (key: string) => translate(`reconciliation.rows.fields.${key}`);
    return [
        { title: column('line'), value: (row: RowRecord) => row.line },
        { title: column('outcome'), value: (row: RowRecord) => translate(`reconciliation.outcomes.${row.outcome}`) },
        { title: column('reference'), value: (row: RowRecord) => row.reference },
        { title: column('msisdn'), value: (row: RowRecord) => row.msisdn },
        { title: column('amount'), value: (row: RowRecord) => row.amount, decimals: 2 },
        { title: column('detail'), value: detail },
    ];
};
