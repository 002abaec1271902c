import type { KeptCustomer } from '../customerStore';
import { useFormat } from '../format';
import { Fact, Facts, Section } from './Section';

/** A digitally assisted customer's sale in progress, as the lookup answered it. */
export const ExistingOrder = ({ order }: { order: NonNullable<KeptCustomer['order']> }) => {
    const format = useFormat();
    return (
        <Section title="customers.order.title">
            <Facts min={130}>
                <Fact label="customers.order.reference">{order.loan_reference}</Fact>
                <Fact label="customers.order.status">{format.words('loans.statuses', order.status)}</Fact>
                <Fact label="customers.order.phone">{`${order.model} (${order.sku})`}</Fact>
                <Fact label="loans.price">{format.money(order.price, order.currency)}</Fact>
                <Fact label="loans.deposit">{format.money(order.deposit, order.currency)}</Fact>
                <Fact label="customers.order.created_at">{format.time(order.created_at)}</Fact>
            </Facts>
        </Section>
    );
};
