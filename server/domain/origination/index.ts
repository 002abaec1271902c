/**
 * Loan origination (contract/origination/): the add-loan wizard's calls from "who is the customer"
 * to a sale awaiting its lock, and cancelling a sale that has not gone through. access.ts (who may
 * sell to whom, from where, and act on which sale), quote.ts (the terms offered, which a sale
 * accepts), terms.ts (their figures), sale.ts (the customer and device checks, the draft loan on
 * an accepted quote, where a sale stands), codes.ts (the customer's and the agent's codes, sent;
 * verified in codeVerification.ts, with what both share in saleCodes.ts), deposit.ts (the payment
 * prompt and the deposit), cancel.ts (a sale given up, with its sales-exit reason). The lock's
 * activation, which makes the loan active, is server/domain/devices/locks.ts
 * (`confirm_lock_activation`).
 */
import type { FastifyInstance } from 'fastify';
import { registerCancellationRoutes } from './cancel';
import { registerCodeRoutes } from './codes';
import { registerDepositRoutes } from './deposit';
import { registerQuoteRoutes } from './quote';
import { registerSaleRoutes } from './sale';

export const registerOriginationRoutes = (app: FastifyInstance): void => {
    registerQuoteRoutes(app);
    registerSaleRoutes(app);
    registerCodeRoutes(app);
    registerDepositRoutes(app);
    registerCancellationRoutes(app);
};
