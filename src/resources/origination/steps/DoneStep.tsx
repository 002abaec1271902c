import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PersonIcon from '@mui/icons-material/Person';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { customerKey } from '../../../lib/customerQuery';
import { customerStore } from '../../../lib/customerStore';
import { useFormat } from '../../../lib/useFormat';
import { Fact, Facts } from '../../../parts/Section';
import { absolute, VARIANTS, viewAddress } from '../../../lib/customerVariants';
import { loanStore } from '../../../lib/loanStore';
import { useWizard } from '../wizard';

/**
 * Step 8: the sale is done. Its reference and what was sold; the kept sale is forgotten (the loan
 * is the customer's now), and the seller goes on to the customer or to another sale.
 */
export const DoneStep = () => {
    const translate = useTranslate();
    const format = useFormat();
    const navigate = useNavigate();
    const queryClient = useQueryClient();
    const { entry, draft, startAnother } = useWizard();
    const { loan } = draft;
    const customer = draft.customer;

    useEffect(() => {
        loanStore.clear();
        // What the customer view shows about them (loans, limits, deposits) has changed.
        if (loan) void queryClient.invalidateQueries({ queryKey: customerKey(loan.msisdn) });
    }, [loan, queryClient]);

    if (!loan) return null;
    const viewCustomer = () => {
        if (customer) customerStore.save(entry.variant, { customer, order: null });
        void navigate(customer ? viewAddress(entry.variant, customer.public_id) : absolute(VARIANTS[entry.variant].viewPath));
    };
    return (
        <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
                <Box>
                    <Typography component="h2" variant="h6">
                        {translate('loans.wizard.done.title')}
                    </Typography>
                    <Typography color="text.secondary">
                        {translate('loans.wizard.done.intro', {
                            name: customer ? `${customer.first_name} ${customer.last_name}` : loan.msisdn,
                        })}
                    </Typography>
                </Box>
            </Stack>
            <Card variant="outlined">
                <CardContent>
                    <Facts min={150}>
                        <Fact label="loans.wizard.done.reference">
                            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.1em' }}>
                                {loan.loan_reference}
                            </Box>
                        </Fact>
                        <Fact label="loans.wizard.done.sold">{`${loan.brand} ${loan.model}`}</Fact>
                        <Fact label="devices.imei">{loan.imei}</Fact>
                        <Fact label="loans.price">{format.money(loan.price, loan.currency)}</Fact>
                        <Fact label="loans.deposit">{format.money(loan.deposit, loan.currency)}</Fact>
                        <Fact label="loans.instalment">
                            {translate('loans.instalment_value', {
                                amount: format.money(loan.instalment, loan.currency),
                                period: format.words('loans.periods', loan.instalment_period),
                                term: loan.term,
                            })}
                        </Fact>
                        <Fact label="devices.lock_solution">{format.words('devices.solutions', loan.lock_solution)}</Fact>
                    </Facts>
                </CardContent>
            </Card>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Button variant="contained" startIcon={<PersonIcon />} onClick={viewCustomer}>
                    {translate('loans.wizard.done.view_customer')}
                </Button>
                <Button variant="outlined" startIcon={<AddShoppingCartIcon />} onClick={startAnother}>
                    {translate('loans.wizard.done.another')}
                </Button>
            </Stack>
        </Stack>
    );
};
