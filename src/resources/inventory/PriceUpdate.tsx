import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import {
    Alert,
    Box,
    Button,
    Card,
    CardContent,
    Chip,
    IconButton,
    MenuItem,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    TextField,
    Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PRICE_FIELDS, previewPhonePrices, updatePhonePrices, type PhoneModel, type PriceField } from '../../../contract/stores';
import { ConfirmDialog } from '../../dialogs/ConfirmDialog';
import { LoadError } from '../../lists/LoadError';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { formatAmount } from '../../lib/format';
import { LoadingRows } from '../../lists/ListStates';
import { Screen } from '../../lists/Screen';
import { fetchModels, modelsKey } from './api';
import { useSingleMutation } from '../../lib/singleFlight';

type Prices = Record<PriceField, number>;
export interface PriceChange {
    model: PhoneModel;
    prices: Prices;
}

/** The contract's amount: above 0, at most 10 000 000, whole cents. */
export const amountProblem = (text: string): string | null => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 10_000_000)
        return 'inventory.prices.amount_invalid';
    return /^\d+(\.\d{1,2})?$/.test(text.trim()) ? null : 'inventory.prices.amount_invalid';
};

/** One row of the preview: an amount before and after, the change marked. */
const Change = ({ before, after }: { before: number; after: number }) => {
    const locale = useLocale();
    const changed = before !== after;
    return (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            <Box component="span" sx={{ color: 'text.secondary', textDecoration: changed ? 'line-through' : 'none' }}>
                {formatAmount(before, locale)}
            </Box>
            {changed ? (
                <>
                    {' → '}
                    <Box component="strong">{formatAmount(after, locale)}</Box>
                </>
            ) : null}
        </Box>
    );
};

/**
 * A table of models and their three prices, with one more column (`extra`: its heading, or an
 * empty cell), in a region a keyboard can focus to scroll it sideways on a narrow screen.
 */
const PricesFrame = ({ label, extra, children }: { label: string; extra: ReactNode; children: ReactNode }) => {
    const translate = useTranslate();
    return (
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
            <Table size="small" aria-label={label}>
                <TableHead>
                    <TableRow>
                        <TableCell>{translate('inventory.fields.model')}</TableCell>
                        {PRICE_FIELDS.map(field => (
                            <TableCell key={field}>{translate(`inventory.fields.${field}`)}</TableCell>
                        ))}
                        {extra}
                    </TableRow>
                </TableHead>
                <TableBody>{children}</TableBody>
            </Table>
        </Box>
    );
};

export const PriceTable = ({
    rows,
    onRemove,
    label,
}: {
    rows: { key: string; title: string; before: Prices; after: Prices }[];
    onRemove?: (key: string) => void;
    label: string;
}) => {
    const translate = useTranslate();
    return (
        <PricesFrame label={label} extra={onRemove ? <TableCell /> : null}>
            {rows.map(row => (
                <TableRow key={row.key}>
                    <TableCell>{row.title}</TableCell>
                    {PRICE_FIELDS.map(field => (
                        <TableCell key={field}>
                            <Change before={row.before[field]} after={row.after[field]} />
                        </TableCell>
                    ))}
                    {onRemove ? (
                        <TableCell padding="checkbox">
                            <IconButton
                                onClick={() => onRemove(row.key)}
                                aria-label={translate('inventory.prices.remove', { sku: row.key })}
                            >
                                <DeleteIcon />
                            </IconButton>
                        </TableCell>
                    ) : null}
                </TableRow>
            ))}
        </PricesFrame>
    );
};

type Preview = Awaited<ReturnType<typeof fetchPreview>>;
const fetchPreview = (rows: PriceChange[]) =>
    callApi(previewPhonePrices, { body: { prices: rows.map(row => ({ sku: row.model.sku, ...row.prices })) } }).then(
        answer => answer.models,
    );

/** A change in percent, signed, to one decimal, in the reader's language. */
const Percent = ({ value }: { value: number }) => {
    const locale = useLocale();
    const text = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(
        value / 100,
    );
    return (
        <Box component="span" sx={{ color: value < 0 ? 'error.dark' : 'text.secondary', whiteSpace: 'nowrap' }}>
            {` (${text})`}
        </Box>
    );
};

/**
 * What the server says the changes would do (`previewPhonePrices`): each model before and after,
 * each price's change in percent, and whether it applies at once or waits for a checker (a price
 * more than 20% below its reference, its highest of the last 24 hours, shown when above the
 * current one).
 */
const PreviewTable = ({ models }: { models: Preview }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <PricesFrame
            label={translate('inventory.prices.preview_title')}
            extra={<TableCell>{translate('inventory.prices.applies')}</TableCell>}
        >
            {models.map(row => (
                <TableRow key={row.sku}>
                    <TableCell>{`${row.brand} ${row.model} (${row.sku})`}</TableCell>
                    {PRICE_FIELDS.map(field => (
                        <TableCell key={field}>
                            <Change before={row.before[field]} after={row.after[field]} />
                            {row.change_percent[field] !== 0 ? <Percent value={row.change_percent[field]} /> : null}
                            {row.reference[field] > row.before[field] ? (
                                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                                    {translate('inventory.prices.reference', {
                                        amount: formatAmount(row.reference[field], locale),
                                    })}
                                </Typography>
                            ) : null}
                        </TableCell>
                    ))}
                    <TableCell>
                        {row.needs_approval ? (
                            // Outlined in the warning colour, its words in the text colour: readable on either theme.
                            <Chip
                                size="small"
                                variant="outlined"
                                color="warning"
                                sx={{ color: 'text.primary' }}
                                label={translate('inventory.prices.needs_checker')}
                            />
                        ) : (
                            <Chip size="small" variant="outlined" label={translate('inventory.prices.at_once')} />
                        )}
                    </TableCell>
                </TableRow>
            ))}
        </PricesFrame>
    );
};

const pricesOf = (model: PhoneModel): Prices => ({
    cash_price: model.cash_price,
    deposit: model.deposit,
    instalment_amount: model.instalment_amount,
});
const titleOf = (model: PhoneModel) => `${model.brand} ${model.model} (${model.sku})`;

/**
 * Updating phone prices (`inventory/update`, UPDATE_PHONE_PRICES): each model's new prices are
 * collected, previewed by the server (before, after, the change in percent, and which cuts wait
 * for a checker, judged against each price's highest of the last 24 hours), and sent together after a confirmation. The catalogue is every shop's, so a
 * caller attached to a shop hears the server's refusal at the preview.
 */
export const PriceUpdate = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const models = useQuery({ queryKey: modelsKey, queryFn: ({ signal }) => fetchModels(signal) });
    const [sku, setSku] = useState('');
    const [typed, setTyped] = useState<Record<PriceField, string>>({ cash_price: '', deposit: '', instalment_amount: '' });
    const [changes, setChanges] = useState<PriceChange[]>([]);
    const [confirming, setConfirming] = useState(false);
    const model = models.data?.find(candidate => candidate.sku === sku);
    const problems = Object.fromEntries(PRICE_FIELDS.map(field => [field, amountProblem(typed[field])])) as Record<
        PriceField,
        string | null
    >;
    if (!problems.deposit && !problems.cash_price && Number(typed.deposit) > Number(typed.cash_price)) {
        problems.deposit = 'inventory.prices.deposit_above_cash';
    }
    const [touched, setTouched] = useState(false);

    // The preview answers for the changes it was asked about; any edit since asks for a new one.
    const preview = useMutation({ mutationFn: fetchPreview });
    const previewed = preview.data && preview.variables === changes ? preview.data : null;
    const waiting = previewed?.filter(row => row.needs_approval).length ?? 0;

    const update = useSingleMutation({
        mutationFn: (rows: PriceChange[]) =>
            callApi(updatePhonePrices, { body: { prices: rows.map(row => ({ sku: row.model.sku, ...row.prices })) } }),
        onSuccess: answer => {
            setConfirming(false);
            setChanges([]);
            preview.reset();
            notify(answer.requested.length ? 'inventory.prices.updated_requested' : 'inventory.prices.updated', {
                type: 'success',
                messageArgs: { smart_count: answer.updated.length, requested: answer.requested.length },
            });
            void queryClient.invalidateQueries({ queryKey: ['inventory'] });
            void queryClient.invalidateQueries({ queryKey: ['approvals'] });
        },
        onError: error => {
            setConfirming(false);
            notify(errorKeyOf(error), { type: 'error' });
        },
    });

    const choose = (chosen: string) => {
        setSku(chosen);
        setTouched(false);
        const found = models.data?.find(candidate => candidate.sku === chosen);
        const pending = changes.find(change => change.model.sku === chosen);
        const start = pending?.prices ?? (found ? pricesOf(found) : null);
        setTyped(
            start
                ? {
                      cash_price: String(start.cash_price),
                      deposit: String(start.deposit),
                      instalment_amount: String(start.instalment_amount),
                  }
                : { cash_price: '', deposit: '', instalment_amount: '' },
        );
    };

    const addChange = () => {
        setTouched(true);
        if (!model || PRICE_FIELDS.some(field => problems[field])) return;
        const prices = {
            cash_price: Number(typed.cash_price),
            deposit: Number(typed.deposit),
            instalment_amount: Number(typed.instalment_amount),
        };
        setChanges(all => [...all.filter(change => change.model.sku !== model.sku), { model, prices }]);
        setSku('');
        setTouched(false);
    };

    return (
        <Screen
            resource="inventory"
            action="edit"
            title={translate('inventory.update_title')}
            actions={
                <Button component={Link} to="/dashboard/inventory" startIcon={<ArrowBackIcon />}>
                    {translate('inventory.back')}
                </Button>
            }
        >
            {models.isError ? (
                <LoadError error={models.error} onRetry={() => void models.refetch()} />
            ) : models.isPending ? (
                <LoadingRows rows={3} />
            ) : (
                <Card>
                    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                        <TextField
                            select
                            label={translate('inventory.prices.choose_model')}
                            value={sku}
                            onChange={event => choose(event.target.value)}
                            sx={{ maxWidth: 480 }}
                        >
                            {models.data.map(option => (
                                <MenuItem key={option.sku} value={option.sku}>
                                    {titleOf(option)}
                                </MenuItem>
                            ))}
                        </TextField>
                        {model ? (
                            <>
                                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                                    {PRICE_FIELDS.map(field => (
                                        <TextField
                                            key={field}
                                            label={`${translate(`inventory.fields.${field}`)} (ZAR)`}
                                            value={typed[field]}
                                            onChange={event => setTyped(all => ({ ...all, [field]: event.target.value }))}
                                            onBlur={() => setTouched(true)}
                                            error={touched && problems[field] !== null}
                                            helperText={
                                                touched && problems[field]
                                                    ? translate(problems[field])
                                                    : translate('inventory.prices.now', {
                                                          amount: formatAmount(model[field], locale),
                                                      })
                                            }
                                            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                                            sx={{ flex: '1 1 12rem' }}
                                        />
                                    ))}
                                </Box>
                                <Box>
                                    <Button variant="outlined" onClick={addChange}>
                                        {translate('inventory.prices.add_change')}
                                    </Button>
                                </Box>
                            </>
                        ) : null}
                        <Typography component="h2" variant="h6">
                            {translate('inventory.prices.changes_title')}
                        </Typography>
                        {changes.length === 0 ? (
                            <Alert severity="info">{translate('inventory.prices.none')}</Alert>
                        ) : (
                            <>
                                <PriceTable
                                    label={translate('inventory.prices.changes_title')}
                                    rows={changes.map(change => ({
                                        key: change.model.sku,
                                        title: titleOf(change.model),
                                        before: pricesOf(change.model),
                                        after: change.prices,
                                    }))}
                                    onRemove={key => setChanges(all => all.filter(change => change.model.sku !== key))}
                                />
                                <Box>
                                    <Button
                                        variant={previewed ? 'outlined' : 'contained'}
                                        onClick={() => preview.mutate(changes)}
                                        disabled={preview.isPending || update.isPending}
                                    >
                                        {translate('inventory.prices.preview')}
                                    </Button>
                                </Box>
                                {preview.isError && preview.variables === changes ? (
                                    <Alert severity="error">{translate(errorKeyOf(preview.error))}</Alert>
                                ) : null}
                                {previewed ? (
                                    <>
                                        <Typography component="h2" variant="h6">
                                            {translate('inventory.prices.preview_title')}
                                        </Typography>
                                        <PreviewTable models={previewed} />
                                        {waiting ? (
                                            <Alert severity="warning">
                                                {translate('inventory.prices.needs_checker_note', { smart_count: waiting })}
                                            </Alert>
                                        ) : null}
                                        <Box>
                                            <Button
                                                variant="contained"
                                                onClick={() => setConfirming(true)}
                                                disabled={update.isPending}
                                            >
                                                {translate('inventory.prices.submit')}
                                            </Button>
                                        </Box>
                                    </>
                                ) : null}
                            </>
                        )}
                        {update.data?.updated.length ? (
                            <>
                                <Typography component="h2" variant="h6">
                                    {translate('inventory.prices.result_title')}
                                </Typography>
                                <PriceTable
                                    label={translate('inventory.prices.result_title')}
                                    rows={update.data.updated.map(row => ({
                                        key: row.sku,
                                        title: titleOf(row.after),
                                        before: pricesOf(row.before),
                                        after: pricesOf(row.after),
                                    }))}
                                />
                            </>
                        ) : null}
                    </CardContent>
                </Card>
            )}
            <ConfirmDialog
                open={confirming}
                title={translate('inventory.prices.confirm_title')}
                content={
                    waiting
                        ? translate('inventory.prices.confirm_content_checker', {
                              smart_count: waiting,
                              at_once: changes.length - waiting,
                          })
                        : translate('inventory.prices.confirm_content', { smart_count: changes.length })
                }
                busy={update.isPending}
                onClose={() => setConfirming(false)}
                onConfirm={() => update.mutate(changes)}
            />
        </Screen>
    );
};
