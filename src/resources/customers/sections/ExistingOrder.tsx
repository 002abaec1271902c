import { useCanAccess } from 'react-admin';
import { customerLoans } from '../../../../contract/customers';
import { useCustomerQuery } from '../../../lib/customerQuery';
import type { KeptCustomer } from '../../../lib/customerStore';
import { useFormat } from '../../../lib/useFormat';
import { Fact, Facts, Section } from '../../../parts/Section';

/**
 * A digitally assisted customer's sale in progress. The lookup's answer is only where it stood
 * then: the card follows the loan itself (the customer's loans, the same query as the Loans section,
 * so both change together as the sale moves on), naming its status and phone as the loan card
 * does. Without the loans' role it shows the lookup's answer.
 */
export const ExistingOrder = ({ msisdn, order }: { msisdn: string; order: NonNullable<KeptCustomer['order']> }) => {
    const format = useFormat();
    const { canAccess } = useCanAccess({ resource: 'customer', action: 'loans' });
    const loans = useCustomerQuery(msisdn, ['loans'], customerLoans, { body: { msisdn } }, { enabled: canAccess === true });
    const loan = loans.data?.data.find(each => each.loan_reference === order.loan_reference);
    return (
        <Section title="customers.order.title">
            <Facts min={130}>
                <Fact label="customers.order.reference">{order.loan_reference}</Fact>
                <Fact label="customers.order.status">{format.words('loans.statuses', loan?.status ?? order.status)}</Fact>
                <Fact label="customers.order.phone">{loan ? `${loan.brand} ${loan.model}` : order.model}</Fact>
                <Fact label="loans.price">{format.money(loan?.price ?? order.price, order.currency)}</Fact>
                <Fact label="loans.deposit">{format.money(loan?.deposit ?? order.deposit, order.currency)}</Fact>
                <Fact label="customers.order.created_at">{format.time(order.created_at)}</Fact>
            </Facts>
        </Section>
    );
};
