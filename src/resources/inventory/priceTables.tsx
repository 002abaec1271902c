/**
 * The price screen's tables (`inventory/update`): the changes collected, the server's preview of
 * them (before, after, percent, and which wait for a checker) and the prices after the update, in
 * one frame that a keyboard can scroll sideways on a narrow screen; and the amount check of a
 * typed price.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import type { CallResponse } from '../../../contract/define';
import { PRICE_FIELDS, previewPhonePrices, type PhoneModel, type PriceField } from '../../../contract/inventory';
import { formatAmount } from '../../lib/format';
import { callApi } from '../../lib/portalApi';

export type Prices = Record<PriceField, number>;
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

/** What the server says the changes would do, model by model. */
export type Preview = CallResponse<typeof previewPhonePrices>['models'];

/** The changes as the price calls take them. */
export const pricesBody = (rows: PriceChange[]) => ({
    prices: rows.map(row => ({ sku: row.model.sku, ...row.prices })),
});

/** The preview is a read, not a write: nothing changes until the prices are sent (writes.ts). */
export const fetchPreview = (rows: PriceChange[]) =>
    callApi(previewPhonePrices, { body: pricesBody(rows) }).then(answer => answer.models);

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
export const PreviewTable = ({ models }: { models: Preview }) => {
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

export const pricesOf = (model: PhoneModel): Prices => ({
    cash_price: model.cash_price,
    deposit: model.deposit,
    instalment_amount: model.instalment_amount,
});
export const titleOf = (model: PhoneModel) => `${model.brand} ${model.model} (${model.sku})`;
