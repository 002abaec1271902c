import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { qualifiedDevices } from '../../../../contract/customers';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { Loaded, Section } from '../../../parts/Section';

/** The phones whose financed amount fits the credit the customer has left. */
export const QualifiedPhones = ({ msisdn }: { msisdn: string }) => {
    const translate = useTranslate();
    const format = useFormat();
    const query = useCustomerQuery(msisdn, ['qualified'], qualifiedDevices, { body: { msisdn } });
    return (
        <Section title="customers.qualified.title">
            <Loaded query={query}>
                {answer => (
                    <>
                        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                            {translate('customers.qualified.available', {
                                amount: format.money(answer.available_limit, answer.currency),
                            })}
                        </Typography>
                        {answer.devices.length === 0 ? (
                            <Typography>{translate('customers.qualified.none')}</Typography>
                        ) : (
                            <Box
                                component="ul"
                                sx={{
                                    display: 'grid',
                                    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                                    gap: 1.5,
                                    p: 0,
                                    m: 0,
                                    listStyle: 'none',
                                }}
                            >
                                {answer.devices.map(device => (
                                    <Card component="li" variant="outlined" key={device.sku}>
                                        <CardContent>
                                            <Typography variant="subtitle2">{`${device.brand} ${device.model}`}</Typography>
                                            <Typography variant="body2">
                                                {translate('customers.qualified.price', {
                                                    amount: format.money(device.cash_price, answer.currency),
                                                })}
                                            </Typography>
                                            <Typography variant="body2">
                                                {translate('customers.qualified.deposit', {
                                                    amount: format.money(device.deposit, answer.currency),
                                                })}
                                            </Typography>
                                            <Typography variant="body2">
                                                {translate('loans.instalment_value', {
                                                    amount: format.money(device.instalment_amount, answer.currency),
                                                    period: format.words('loans.periods', device.instalment_period),
                                                    term: device.term,
                                                })}
                                            </Typography>
                                            <Typography variant="caption" color="text.secondary">
                                                {translate('customers.qualified.in_stock', { count: device.in_stock })}
                                            </Typography>
                                        </CardContent>
                                    </Card>
                                ))}
                            </Box>
                        )}
                    </>
                )}
            </Loaded>
        </Section>
    );
};
