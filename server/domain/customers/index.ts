/**
 * Customers (contract/customers/), one file per purpose as the contract has them: finding a
 * customer (lookups.ts), what the customer view shows about them (view.ts) and their loans
 * (loans.ts), call ratings (callRatings.ts), data awards (dataAwards.ts), conversion between
 * normal and business (conversion.ts) and the field agents' requests (fieldAgents.ts). Who sees
 * which customer, and how customers and loans are read, is one level down
 * (server/domain/records/), shared with the domains that act on a customer's loans.
 */
import type { FastifyInstance } from 'fastify';
import { registerCallRatingRoutes } from './callRatings';
import { registerConversionRoutes } from './conversion';
import { registerDataAwardRoutes } from './dataAwards';
import { registerFieldAgentRoutes } from './fieldAgents';
import { registerLoanRoutes } from './loans';
import { registerLookupRoutes } from './lookups';
import { registerViewRoutes } from './view';

export const registerCustomersRoutes = (app: FastifyInstance): void => {
    registerLookupRoutes(app);
    registerViewRoutes(app);
    registerCallRatingRoutes(app);
    registerDataAwardRoutes(app);
    registerConversionRoutes(app);
    registerFieldAgentRoutes(app);
    registerLoanRoutes(app);
};
