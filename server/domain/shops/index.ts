/**
 * Shops (contract/shops.ts): the stores page by page, a shop's agents, and moving an agent from
 * one shop to another. A shop is a store (server/domain/stores); its agents are
 * server/domain/agents. The agent a transfer moves is locked (FOR UPDATE) before it is checked.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listShopAgents, listShops, transferAgent, type ShopSort } from '../../../contract/shops';
import { admins, stores } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { pageRows, pageWindow, totalCount } from '../../lists';
import { agentPage, findAgent, findWorkingAgent, isAgent, lockAgent } from '../agents';
import {
    agentCounts,
    findStore,
    inReach,
    owner,
    reachOf,
    regionLead,
    selectStores,
    storeFields,
    storeOf,
    within,
} from '../stores';

/**
 * The shop list's orders (contract SHOP_SORTS). Name, town and region go case-insensitively along
 * stores_name_key (unique, so the name alone is a whole order) and stores_town_idx /
 * stores_region_idx, each then by id. The agent count is no column: every shop's is counted in the
 * page's one pass over the agents (agentCounts) whatever the order, so sorting by it sorts the
 * shops already read; no index could hold an aggregate. Every order ends in something unique, so
 * pages never share or skip a shop.
 */
const shopOrder = (sort: ShopSort, order: 'asc' | 'desc'): SQL[] => {
    const way = order === 'asc' ? asc : desc;
    switch (sort) {
        case 'name':
            return [way(sql`lower(${stores.name})`)];
        case 'town':
            return [way(sql`lower(${stores.town})`), way(stores.id)];
        case 'region':
            return [way(sql`lower(${stores.region})`), way(stores.id)];
        case 'agent_count':
            return [way(storeFields.agent_count), way(stores.id)];
    }
};

export const registerShopRoutes = (app: FastifyInstance): void => {
    mount(app, listShops, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const where = within(reach, stores.id);
        const { limit, offset } = pageWindow(body);
        const query = selectStores(context.db)
            .where(where)
            .orderBy(...shopOrder(body.sort, body.order))
            .$dynamic();
        // Every shop ('all') is one query; a page carries the total beside its rows.
        if (limit === null) {
            const rows = await query;
            return { data: rows.map(storeOf), total_items: rows.length };
        }
        const paged = await context.db
            .select({ ...storeFields, total_items: totalCount })
            .from(stores)
            .leftJoin(owner, eq(owner.id, stores.ownerAdminId))
            .leftJoin(regionLead, eq(regionLead.id, stores.regionLeadAdminId))
            .leftJoin(agentCounts, eq(agentCounts.storeId, stores.id))
            .where(where)
            .orderBy(...shopOrder(body.sort, body.order))
            .limit(limit)
            .offset(offset);
        const { rows, total } = await pageRows(
            paged,
            () => context.db.select({ value: count() }).from(stores).where(where),
            offset,
        );
        return { data: rows.map(storeOf), total_items: total };
    });

    mount(app, listShopAgents, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        await findStore(context.db, body.shop_id, reach);
        return agentPage(context.db, and(eq(admins.storeId, body.shop_id), isAgent), body);
    });

    mount(app, transferAgent, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            await lockAgent(tx, body.agent_id);
            const before = await findWorkingAgent(tx, body.agent_id, reach);
            if (before.first_name.localeCompare(body.agent_firstname, undefined, { sensitivity: 'accent' }) !== 0) {
                throw new HttpError(409, 'errors.agent_name_mismatch', "That is not this agent's first name", 'agent_firstname');
            }
            const [target] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, body.agent_store_id));
            if (!target) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'agent_store_id');
            if (!inReach(reach, target.id)) {
                throw new HttpError(
                    403,
                    'errors.store_not_allowed',
                    'You can only move agents between your own stores',
                    'agent_store_id',
                );
            }
            if (before.store_id === target.id) {
                throw new HttpError(409, 'errors.same_store', 'The agent is in this store already', 'agent_store_id');
            }
            await tx.update(admins).set({ storeId: target.id }).where(eq(admins.id, body.agent_id));
            const after = await findAgent(tx, body.agent_id, null);
            return { result: after, audit: { action: 'agents.transfer', entity: 'admins', entityId: after.id, before, after } };
        }),
    );
};
