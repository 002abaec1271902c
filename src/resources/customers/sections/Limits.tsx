import { customerLimits } from '../../../../contract/customers';
import { useCustomerQuery } from '../../../lib/customerQuery';
import { useFormat } from '../../../lib/useFormat';
import { Fact, Facts, Loaded, Section } from '../../../parts/Section';

/** The credit limit, what open loans use of it, and what is left. */
export const Limits = ({ msisdn }: { msisdn: string }) => {
    const format = useFormat();
    const query = useCustomerQuery(msisdn, ['limits'], customerLimits, { body: { msisdn } });
    return (
        <Section title="customers.limits.title">
            <Loaded query={query}>
                {limits => (
                    <Facts min={120}>
                        <Fact label="customers.limits.credit_limit">{format.money(limits.credit_limit, limits.currency)}</Fact>
                        <Fact label="customers.limits.used">{format.money(limits.used, limits.currency)}</Fact>
                        <Fact label="customers.limits.available">{format.money(limits.available, limits.currency)}</Fact>
                        <Fact label="customers.limits.open_loans">{String(limits.open_loans)}</Fact>
                        <Fact label="customers.fields.kyc_status">{format.words('customers.kyc', limits.kyc_status)}</Fact>
                    </Facts>
                )}
            </Loaded>
        </Section>
    );
};
