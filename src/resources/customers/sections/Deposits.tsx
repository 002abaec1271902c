import { List, ListItem, ListItemText } from '@mui/material';
import { depositTransactions } from '../../../../contract/customers';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { Loaded, Section } from '../../../parts/Section';

/** The customer's deposits, newest first. */
export const Deposits = ({ msisdn }: { msisdn: string }) => {
    const format = useFormat();
    const query = useCustomerQuery(msisdn, ['deposits'], depositTransactions, { body: { msisdn } });
    return (
        <Section title="customers.deposits.title">
            <Loaded query={query} empty="customers.deposits.empty" isEmpty={answer => answer.data.length === 0}>
                {answer => (
                    <List dense disablePadding>
                        {answer.data.map(deposit => (
                            <ListItem key={deposit.id} divider disableGutters>
                                <ListItemText
                                    primary={format.money(deposit.amount, deposit.currency)}
                                    secondary={[
                                        format.time(deposit.created_at),
                                        format.words('customers.deposits.channels', deposit.channel),
                                        deposit.loan_reference ?? '',
                                        deposit.reference,
                                    ]
                                        .filter(Boolean)
                                        .join(' · ')}
                                />
                            </ListItem>
                        ))}
                    </List>
                )}
            </Loaded>
        </Section>
    );
};
