/**
 * Portal users (contract/users.ts): staff accounts listed, added, changed, disabled, their sessions
 * ended, throttle released and password reset. Nobody acts on an account more powerful than their
 * own: the standing rules of server/domain/security, under its group-roles lock.
 */
import type { FastifyInstance } from 'fastify';
import { registerCreateAdminRoute } from './create';
import { registerListAdminRoutes } from './list';
import { registerPasswordResetRoute } from './password';
import { registerSessionRoutes } from './sessions';
import { registerStatusRoute } from './status';
import { registerUpdateAdminRoute } from './update';

export const registerUsersRoutes = (app: FastifyInstance): void => {
    registerListAdminRoutes(app);
    registerCreateAdminRoute(app);
    registerUpdateAdminRoute(app);
    registerStatusRoute(app);
    registerSessionRoutes(app);
    registerPasswordResetRoute(app);
};
