/** What the stores domain keeps about an agent beyond their portal account: tier and location. */
import { doublePrecision, integer, pgEnum, pgTable } from 'drizzle-orm/pg-core';
import { AGENT_TIERS } from '../../../contract/agents';
import { at } from './columns';
import { admins } from './security';

export const agentTier = pgEnum('agent_tier', AGENT_TIERS);

/** One row per agent that has a tier or a location; none until either is set. */
export const agentProfiles = pgTable('agent_profiles', {
    adminId: integer('admin_id')
        .primaryKey()
        .references(() => admins.id),
    tier: agentTier('tier'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationUpdatedAt: at('location_updated_at'),
});
