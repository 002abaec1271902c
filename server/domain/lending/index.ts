/**
 * The lending loop (docs/domain.md "Schedule and standing", "Collections"): each loan's
 * schedule and standing (./schedule.ts, ./standing.ts), and the calls on them.
 */
import type { FastifyInstance } from 'fastify';
import { registerCollectionRoutes } from './collections';
import { registerLockPolicyRoutes } from './policy';

export const registerLendingRoutes = (app: FastifyInstance): void => {
    registerCollectionRoutes(app);
    registerLockPolicyRoutes(app);
};
