import { Divider, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import type { Address, Customer } from '../../../../contract/customers';
import { useFormat } from '../../../lib/useFormat';
import { Fact, Facts, Section } from '../../../parts/Section';

/** `27821234567` → `27••••••567`: enough to confirm with the customer, not to call them. */
export const maskPhone = (msisdn: string) =>
    msisdn.length <= 5 ? '•'.repeat(msisdn.length) : `${msisdn.slice(0, 2)}${'•'.repeat(msisdn.length - 5)}${msisdn.slice(-3)}`;

const addressText = (address: Address) =>
    [address.unit_house_number, address.street, address.suburb, address.town, address.province, address.postal_code]
        .filter(part => part)
        .join(', ');

/** Phone numbers in full for VIEW_CUSTOMER_PHONE, masked for everyone else. */
const usePhone = () => {
    const { canAccess } = useCanAccess({ resource: 'customer', action: 'phone' });
    return (msisdn: string | null) => (msisdn === null ? '' : canAccess ? msisdn : maskPhone(msisdn));
};

/** Who the customer is: identity, contact, address, and the business when they are one. */
export const Identity = ({ customer }: { customer: Customer }) => {
    const translate = useTranslate();
    const format = useFormat();
    const phone = usePhone();
    const { business } = customer;
    return (
        <Section title="customers.identity.title">
            <Facts>
                <Fact label="customers.fields.msisdn">{phone(customer.msisdn)}</Fact>
                <Fact label="customers.fields.alternate_msisdn">{phone(customer.alternate_msisdn)}</Fact>
                <Fact label="customers.fields.username">{customer.username}</Fact>
                <Fact label="customers.fields.id_number">
                    {`${format.words('customers.id_types', customer.id_type)} ${customer.id_number}`}
                </Fact>
                <Fact label="customers.fields.email">{customer.email}</Fact>
                <Fact label="customers.fields.gender">
                    {customer.gender && format.words('customers.genders', customer.gender)}
                </Fact>
                <Fact label="customers.fields.date_of_birth">{format.day(customer.date_of_birth)}</Fact>
                <Fact label="customers.fields.channel">{format.words('customers.channels', customer.channel)}</Fact>
                <Fact label="customers.fields.store">{customer.store?.name}</Fact>
                <Fact label="customers.fields.registered_by">{customer.registered_by?.name}</Fact>
                <Fact label="customers.fields.created_at">{format.day(customer.created_at)}</Fact>
                <Fact label="customers.fields.address" wide>
                    {addressText(customer.address)}
                </Fact>
            </Facts>
            {business ? (
                <>
                    <Divider sx={{ my: 2 }} />
                    <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
                        {translate('customers.business.title')}
                    </Typography>
                    <Facts>
                        <Fact label="customers.business.business_name">{business.business_name}</Fact>
                        <Fact label="customers.business.employee_count">{String(business.employee_count)}</Fact>
                        <Fact label="customers.business.industry_vertical">
                            {format.words('customers.industries', business.industry_vertical)}
                        </Fact>
                        <Fact label="customers.business.turnover_band">
                            {format.words('customers.turnovers', business.turnover_band)}
                        </Fact>
                        <Fact label="customers.fields.address" wide>
                            {addressText(business.address)}
                        </Fact>
                    </Facts>
                </>
            ) : null}
        </Section>
    );
};
