/**
 * Security administration (contract/security.ts): security groups, role codes and the roles of a
 * group, under the standing rules (./standing.ts). Portal users are server/domain/users, the
 * audit trail server/domain/audit, agent self-registration server/domain/registration.
 */
import type { FastifyInstance } from 'fastify';
import { registerGroupRoleRoutes } from './groupRoles';
import { registerGroupRoutes } from './groups';
import { registerRoleRoutes } from './roles';

export { FIELD_AGENT_GROUP, NAMED_GROUPS, SALES_AGENT_GROUP, SUPER_ADMIN_GROUP } from './namedGroups';
export { rolesHeldNowShared } from './standing';

export const registerSecurityRoutes = (app: FastifyInstance): void => {
    registerGroupRoutes(app);
    registerRoleRoutes(app);
    registerGroupRoleRoutes(app);
};
