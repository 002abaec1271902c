/**
 * Choosing a model and typing its three new prices (`inventory/update`): a model already among the
 * changes starts from the prices typed for it, another from its prices now; each price is checked
 * as the contract checks it (above 0, at most 10 000 000, whole cents, a deposit not above the
 * cash price) before the change joins the list.
 */
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { PRICE_FIELDS, type PhoneModel, type PriceField } from '../../../contract/inventory';
import { formatAmount } from '../../lib/format';
import { amountProblem, pricesOf, titleOf, type PriceChange } from './priceTables';

const EMPTY: Record<PriceField, string> = { cash_price: '', deposit: '', instalment_amount: '' };

export const PriceEditor = ({
    models,
    changes,
    onAdd,
}: {
    models: PhoneModel[];
    changes: PriceChange[];
    onAdd: (change: PriceChange) => void;
}) => {
    const translate = useTranslate();
    const locale = useLocale();
    const [sku, setSku] = useState('');
    const [typed, setTyped] = useState<Record<PriceField, string>>(EMPTY);
    const [touched, setTouched] = useState(false);
    const model = models.find(candidate => candidate.sku === sku);
    const problems = Object.fromEntries(PRICE_FIELDS.map(field => [field, amountProblem(typed[field])])) as Record<
        PriceField,
        string | null
    >;
    if (!problems.deposit && !problems.cash_price && Number(typed.deposit) > Number(typed.cash_price)) {
        problems.deposit = 'inventory.prices.deposit_above_cash';
    }

    const choose = (chosen: string) => {
        setSku(chosen);
        setTouched(false);
        const found = models.find(candidate => candidate.sku === chosen);
        const pending = changes.find(change => change.model.sku === chosen);
        const start = pending?.prices ?? (found ? pricesOf(found) : null);
        setTyped(
            start
                ? {
                      cash_price: String(start.cash_price),
                      deposit: String(start.deposit),
                      instalment_amount: String(start.instalment_amount),
                  }
                : EMPTY,
        );
    };

    const add = () => {
        setTouched(true);
        if (!model || PRICE_FIELDS.some(field => problems[field])) return;
        onAdd({
            model,
            prices: {
                cash_price: Number(typed.cash_price),
                deposit: Number(typed.deposit),
                instalment_amount: Number(typed.instalment_amount),
            },
        });
        setSku('');
        setTouched(false);
    };

    return (
        <>
            <TextField
                select
                label={translate('inventory.prices.choose_model')}
                value={sku}
                onChange={event => choose(event.target.value)}
                sx={{ maxWidth: 480 }}
            >
                {models.map(option => (
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
                                        : translate('inventory.prices.now', { amount: formatAmount(model[field], locale) })
                                }
                                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                                sx={{ flex: '1 1 12rem' }}
                            />
                        ))}
                    </Box>
                    <Box>
                        <Button variant="outlined" onClick={add}>
                            {translate('inventory.prices.add_change')}
                        </Button>
                    </Box>
                </>
            ) : null}
        </>
    );
};
