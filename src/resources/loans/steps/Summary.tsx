import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CURRENCY } from '../../../../contract/customers';
import { useFormat } from '../../customers/format';
import { Fact, Facts } from '../../customers/sections/Section';
import { useWizard } from '../wizard';

/** What a sale's terms say, from the loan once it exists, else from the phone chosen and the device checked. */
export const useTerms = () => {
    const { draft } = useWizard();
    const { loan, phone, device } = draft;
    if (loan)
        return {
            model: `${loan.brand} ${loan.model}`,
            imei: loan.imei,
            store: loan.store?.name ?? null,
            price: loan.price,
            deposit: loan.deposit,
            instalment: loan.instalment,
            period: loan.instalment_period,
            term: loan.term,
            lock: loan.lock_solution,
            currency: loan.currency,
        };
    if (!phone) return null;
    return {
        model: `${phone.brand} ${phone.model}`,
        imei: device?.imei ?? '',
        store: device?.store.name ?? null,
        price: phone.cash_price,
        deposit: phone.deposit,
        instalment: phone.instalment_amount,
        period: phone.instalment_period,
        term: phone.term,
        lock: phone.lock_solution,
        currency: CURRENCY,
    };
};

/** The terms the customer accepts: price, deposit, what is financed, instalments, lock. */
export const Summary = () => {
    const translate = useTranslate();
    const format = useFormat();
    const terms = useTerms();
    if (!terms) return null;
    const money = (amount: number) => format.money(amount, terms.currency);
    return (
        <Card variant="outlined" component="section" aria-label={translate('loans.wizard.terms.summary')}>
            <CardContent>
                <Box sx={{ mb: 1.5 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {terms.model}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {[terms.imei ? translate('loans.wizard.terms.imei', { imei: terms.imei }) : '', terms.store ?? '']
                            .filter(Boolean)
                            .join(' · ')}
                    </Typography>
                </Box>
                <Facts min={130}>
                    <Fact label="loans.price">{money(terms.price)}</Fact>
                    <Fact label="loans.deposit">{money(terms.deposit)}</Fact>
                    <Fact label="loans.statement.financed">{money(terms.price - terms.deposit)}</Fact>
                    <Fact label="loans.instalment">
                        {translate('loans.instalment_value', {
                            amount: money(terms.instalment),
                            period: format.words('loans.periods', terms.period),
                            term: terms.term,
                        })}
                    </Fact>
                    <Fact label="loans.wizard.terms.term">
                        {translate('loans.wizard.terms.term_value', { smart_count: terms.term })}
                    </Fact>
                    <Fact label="devices.lock_solution">{format.words('devices.solutions', terms.lock)}</Fact>
                </Facts>
            </CardContent>
        </Card>
    );
};
