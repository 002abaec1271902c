/**
 * The security groups the portal knows by name (registration, the agents, the seed): they keep
 * their names. Alone in this file, so a reader of a name does not load the routes.
 */

/** The group agents join when they register themselves. */
export const SALES_AGENT_GROUP = 'Sales Agent';
export const FIELD_AGENT_GROUP = 'Field Agent';
export const SUPER_ADMIN_GROUP = 'Super Admin';
export const NAMED_GROUPS: readonly string[] = [SUPER_ADMIN_GROUP, SALES_AGENT_GROUP, FIELD_AGENT_GROUP];
