/**
 * Agents (contract/agents.ts): a store's agents, where an agent works, and agent tiers. An agent is
 * a portal user in an agent group (stores/rows.ts `AGENT_GROUPS`); rows.ts reads them. A shop's
 * agents page by page and transfers are server/domain/shops.
 */
import { and, asc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assignAgentTier, listAgents, storeAgents, updateAgentLocation } from '../../../contract/agents';
import { admins, agentProfiles } from '../../db/schema';
import { mount } from '../../http';
import { containing } from '../../lists';
import { findStore, reachOf, within } from '../stores';
import { agentOf, agentPage, findAgent, findWorkingAgent, isAgent, lockAgent, saveProfile, selectAgents } from './rows';

export { agentOf, agentPage, findAgent, findWorkingAgent, isAgent, lockAgent, saveProfile, selectAgents } from './rows';

export const registerAgentRoutes = (app: FastifyInstance): void => {
    mount(app, storeAgents, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const store = await findStore(context.db, body.store_id, reach);
        const rows = await selectAgents(context.db)
            .where(and(eq(admins.storeId, store.id), isAgent))
            .orderBy(asc(admins.firstName), asc(admins.id));
        return { store, agents: rows.map(agentOf) };
    });

    mount(app, updateAgentLocation, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            await lockAgent(tx, body.agent_id);
            const before = await findWorkingAgent(tx, body.agent_id, reach);
            await saveProfile(tx, body.agent_id, {
                latitude: body.latitude,
                longitude: body.longitude,
                locationUpdatedAt: context.now(),
            });
            const after = await findAgent(tx, body.agent_id, reach);
            return {
                result: after,
                audit: { action: 'agents.update_location', entity: 'admins', entityId: after.id, before, after },
            };
        }),
    );

    mount(app, listAgents, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const filters: (SQL | undefined)[] = [isAgent, within(reach, admins.storeId)];
        if (body.q) {
            const pattern = containing(body.q);
            filters.push(
                or(
                    ilike(admins.firstName, pattern),
                    ilike(admins.lastName, pattern),
                    ilike(admins.username, pattern),
                    ilike(admins.msisdn, pattern),
                ),
            );
        }
        if (body.tier === 'none') filters.push(isNull(agentProfiles.tier));
        else if (body.tier) filters.push(eq(agentProfiles.tier, body.tier));
        if (body.store_id !== undefined) filters.push(eq(admins.storeId, body.store_id));
        return { data: await agentPage(context.db, and(...filters), body) };
    });

    mount(app, assignAgentTier, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            await lockAgent(tx, body.agent_id);
            const before = await findWorkingAgent(tx, body.agent_id, reach);
            await saveProfile(tx, body.agent_id, { tier: body.tier });
            const after = await findAgent(tx, body.agent_id, reach);
            return {
                result: after,
                audit: { action: 'agents.assign_tier', entity: 'admins', entityId: after.id, before, after },
            };
        }),
    );
};
