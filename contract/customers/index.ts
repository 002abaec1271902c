/**
 * Customers (spec §3, §7 "Customers", "Loan", "Field agents", "Call rating", "Conversion"), one
 * file per purpose: the customer record (customer.ts); finding a customer in its three variants
 * (lookups.ts); what the customer view shows about them (view.ts: limits, messages, phones they
 * qualify for) and their loans (loans.ts); rating a call (callRatings.ts); data awards
 * (dataAwards.ts); converting a customer between normal and business (conversion.ts); and the
 * field agents' requests (fieldAgents.ts).
 *
 * Which customers a caller sees (the server answers 404 `errors.customer_not_found` for any other,
 * so a number cannot be probed):
 * - staff without a shop holding FIND_CUSTOMER or FIND_DIGITAL_ASSISTED_CUSTOMER: every customer;
 * - anyone attached to a shop: the customers of that shop (registered there, or with a loan sold there);
 * - FIND_CUSTOMER_FIELDAGENT: the customers the field agent registered;
 * - FIND_CUSTOMER_FIELDAGENT_STORE without a shop: the customers of any shop, looked up by shop.
 * Every call here that takes a `msisdn` or `loan_reference` applies the same rule.
 */
import { callRatingCalls } from './callRatings';
import { conversionCalls } from './conversion';
import { dataAwardCalls } from './dataAwards';
import { fieldAgentCalls } from './fieldAgents';
import { customerLoanCalls } from './loans';
import { lookupCalls } from './lookups';
import { viewCalls } from './view';

export { CURRENCY } from '../fields';
export { LOCK_SOLUTIONS, type LockSolution } from '../devices';
export * from './callRatings';
export * from './conversion';
export * from './customer';
export * from './dataAwards';
export * from './fieldAgents';
export * from './loans';
export * from './lookups';
export * from './view';

export const customerCalls = {
    ...lookupCalls,
    ...viewCalls,
    ...callRatingCalls,
    ...conversionCalls,
    ...fieldAgentCalls,
    ...dataAwardCalls,
    ...customerLoanCalls,
};
