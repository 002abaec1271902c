/**
 * An agent as the calls answer it (contract/agents.ts `agent`): a portal user in an agent group
 * with their store, tier and location, found within the caller's reach, and the agent lists' pages.
 * The agent rows a write changes are locked (FOR UPDATE) before they are checked.
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Agent, AgentSort } from '../../../contract/agents';
import type { Queryable, Transaction } from '../../db';
import { adminGroups, admins, agentProfiles, stores } from '../../db/schema';
import { HttpError } from '../../http';
import { pageRows, pageWindow, totalCount } from '../../lists';
import { iso } from '../../wire';
import { AGENT_GROUPS, notFound, within } from '../stores';

export const agentGroup = alias(adminGroups, 'agent_group');

export const agentFields = {
    id: admins.id,
    username: admins.username,
    first_name: admins.firstName,
    last_name: admins.lastName,
    msisdn: admins.msisdn,
    group_name: agentGroup.name,
    store_id: admins.storeId,
    store_name: stores.name,
    tier: agentProfiles.tier,
    latitude: agentProfiles.latitude,
    longitude: agentProfiles.longitude,
    location_updated_at: agentProfiles.locationUpdatedAt,
    status: admins.status,
};

export const isAgent = inArray(agentGroup.name, [...AGENT_GROUPS]);

export const selectAgents = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...agentFields, ...(extra as Extra) })
        .from(admins)
        .innerJoin(agentGroup, eq(agentGroup.id, admins.groupId))
        .leftJoin(stores, eq(stores.id, admins.storeId))
        .leftJoin(agentProfiles, eq(agentProfiles.adminId, admins.id));

export type AgentRow = Awaited<ReturnType<ReturnType<typeof selectAgents>['execute']>>[number];

export const agentOf = ({ location_updated_at, ...row }: AgentRow): Agent => ({
    ...row,
    location_updated_at: location_updated_at ? iso(location_updated_at) : null,
});

export const findAgent = async (db: Queryable, agentId: number, reach: number[] | null, field = 'agent_id'): Promise<Agent> => {
    const [row] = await selectAgents(db).where(and(eq(admins.id, agentId), isAgent, within(reach, admins.storeId)));
    if (!row) throw notFound('agent', field);
    return agentOf(row);
};

/**
 * The agent a tier, a transfer or a move acts on: found in reach (404 otherwise) and approved. A
 * self-registration awaiting its checker is no working agent yet (409 `errors.awaiting_approval`):
 * a tier, a shop or a place given now would be decided before anyone checked who they are.
 */
export const findWorkingAgent = async (db: Queryable, agentId: number, reach: number[] | null, field = 'agent_id') => {
    const agent = await findAgent(db, agentId, reach, field);
    if (agent.status === 'pending_approval') {
        throw new HttpError(409, 'errors.awaiting_approval', 'This agent awaits approval of their registration first', field);
    }
    return agent;
};

/** Takes the agent's row for this transaction: two writers on one agent go one after the other. */
export const lockAgent = (tx: Transaction, agentId: number) =>
    tx.select({ id: admins.id }).from(admins).where(eq(admins.id, agentId)).for('update');

export const saveProfile = (tx: Transaction, adminId: number, change: Partial<typeof agentProfiles.$inferInsert>) =>
    tx
        .insert(agentProfiles)
        .values({ adminId, ...change })
        .onConflictDoUpdate({ target: agentProfiles.adminId, set: change });

/**
 * The agent lists' orders (contract AGENT_SORTS): first name then id along admins_first_name_idx,
 * username and msisdn along their unique indexes (each a whole order by itself), so pages never
 * share or skip an agent.
 */
export const agentOrder = (sort: AgentSort, order: 'asc' | 'desc'): SQL[] => {
    const way = order === 'asc' ? asc : desc;
    switch (sort) {
        case 'first_name':
            return [way(admins.firstName), way(admins.id)];
        case 'username':
            return [way(admins.username)];
        case 'msisdn':
            return [way(admins.msisdn)];
    }
};

/** One page of agents in the order asked (`page_size` 'all' for every one) and the count of every match. */
export const agentPage = async (
    db: Queryable,
    where: SQL | undefined,
    page: { page_number: number; page_size: number | 'all'; sort: AgentSort; order: 'asc' | 'desc' },
) => {
    const { limit, offset } = pageWindow(page);
    const query = selectAgents(db, { total_items: totalCount })
        .where(where)
        .orderBy(...agentOrder(page.sort, page.order))
        .$dynamic();
    const found = limit === null ? await query : await query.limit(limit).offset(offset);
    const { rows, total } = await pageRows(
        found,
        () =>
            db
                .select({ value: count() })
                .from(admins)
                .innerJoin(agentGroup, eq(agentGroup.id, admins.groupId))
                .leftJoin(agentProfiles, eq(agentProfiles.adminId, admins.id))
                .where(where),
        offset,
    );
    return { data: rows.map(agentOf), total_items: total };
};
