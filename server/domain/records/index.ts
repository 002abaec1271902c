/**
 * The records the domains acting on a customer share, one level below them: which customers and
 * loans a caller may see and how they are answered (customers.ts, loans.ts), the lifecycles a
 * loan's status and its phone's lock follow (lifecycles.ts), how a loan's one-time codes are filed
 * and read (loanCodes.ts), and what a queue's search finds among the customers, loans and staff
 * (search.ts). Customers, devices, approvals, origination, KYC, money and lending all stand on it;
 * it imports none of them, so none of them need import another for these.
 */
export * from './customers';
export * from './lifecycles';
export * from './loanCodes';
export * from './loans';
export * from './search';
