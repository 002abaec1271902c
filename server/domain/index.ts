/** Every domain's routes: one line per domain (docs/architecture.md, the growth pattern). */
import type { FastifyInstance } from 'fastify';
import { registerAgentRoutes } from './agents';
import { registerAnalyticsRoutes } from './analytics';
import { registerApprovalRoutes } from './approvals';
import { registerAuditRoutes } from './audit';
import { registerAuthRoutes } from './auth';
import { registerCustomersRoutes } from './customers';
import { registerInventoryRoutes } from './inventory';
import { registerKycRoutes } from './kyc';
import { registerLendingRoutes } from './lending';
import { registerMoneyRoutes } from './money';
import { registerOriginationRoutes } from './origination';
import { registerRegistrationRoutes } from './registration';
import { registerSecurityRoutes } from './security';
import { registerShopRoutes } from './shops';
import { registerStoreRoutes } from './stores';
import { registerSystemRoutes } from './system';
import { registerUsersRoutes } from './users';

export const registerDomainRoutes = (app: FastifyInstance): void => {
    registerAuthRoutes(app);
    registerSecurityRoutes(app);
    registerUsersRoutes(app);
    registerAuditRoutes(app);
    registerRegistrationRoutes(app);
    registerCustomersRoutes(app);
    registerKycRoutes(app);
    registerOriginationRoutes(app);
    registerStoreRoutes(app);
    registerShopRoutes(app);
    registerAgentRoutes(app);
    registerInventoryRoutes(app);
    registerApprovalRoutes(app);
    registerMoneyRoutes(app);
    registerLendingRoutes(app);
    registerAnalyticsRoutes(app);
    registerSystemRoutes(app);
};
