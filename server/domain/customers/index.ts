/**
 * Customers, their loans and their devices (issue 8): customers.ts (lookups and the customer
 * view), callRatings.ts (the ratings a customer's calls were given), dataAwards.ts (mobile-data bundles given to a customer), loans.ts (calls on an existing loan, requests for a checker), devices.ts (the lock, offline
 * PINs, the Vivo code), with the lifecycles (lifecycles.ts), the lock providers
 * (lockProviders.ts), who sees which customer (records.ts), and the phone's side as a development
 * stand-in (phoneStandIns.ts).
 */
import type { FastifyInstance } from 'fastify';
import { registerCallRatingRoutes } from './callRatings';
import { registerCustomerRoutes } from './customers';
import { registerDataAwardRoutes } from './dataAwards';
import { registerDeviceRoutes } from './devices';
import { registerLoanRoutes } from './loans';
import { registerPhoneStandIns } from './phoneStandIns';

export const registerCustomersRoutes = (app: FastifyInstance): void => {
    registerCustomerRoutes(app);
    registerCallRatingRoutes(app);
    registerDataAwardRoutes(app);
    registerLoanRoutes(app);
    registerDeviceRoutes(app);
    registerPhoneStandIns(app);
};
