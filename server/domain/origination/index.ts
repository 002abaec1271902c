/**
 * Loan origination (issue 11; contract/origination.ts): the add-loan wizard's calls from "who is
 * the customer" to a sale awaiting its lock. access.ts (who may sell to whom, from where, and act
 * on which sale), quote.ts (the terms offered, which a sale accepts), terms.ts (their figures),
 * sale.ts (the customer and device checks, the draft loan on an accepted quote, where a sale stands),
 * codes.ts (the customer's and the agent's codes), deposit.ts (the payment prompt and the
 * deposit). The lock's activation, which makes the loan active, is server/domain/customers/devices.ts
 * (`confirm_lock_activation`); cancelling a sale is server/domain/customers/loans.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerCodeRoutes } from './codes';
import { registerDepositRoutes } from './deposit';
import { registerQuoteRoutes } from './quote';
import { registerSaleRoutes } from './sale';

export const registerOriginationRoutes = (app: FastifyInstance): void => {
    registerQuoteRoutes(app);
    registerSaleRoutes(app);
    registerCodeRoutes(app);
    registerDepositRoutes(app);
};
