/**
 * Money (contract/money.ts): payments found, suspense worked, statements reconciled, insurance
 * claims and their reversals. One file per concern, registered here.
 */
import type { FastifyInstance } from 'fastify';
import { registerReconciliationRoutes } from './reconciliation';
import { registerSuspenseRoutes } from './suspense';
import { registerTpiRoutes } from './tpi';
import { registerTransactionRoutes } from './transactions';

export const registerMoneyRoutes = (app: FastifyInstance): void => {
    registerTransactionRoutes(app);
    registerSuspenseRoutes(app);
    registerReconciliationRoutes(app);
    registerTpiRoutes(app);
};
