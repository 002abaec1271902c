/**
 * Money (contract/money/): payments found, suspense worked, statements reconciled, insurance
 * claims and their reversals. One file per concern, registered here; a concern of several steps
 * is a folder (./reconciliation/, ./statement/, ./tpi/) whose index.ts says what each file does.
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
