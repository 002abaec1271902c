/**
 * A store as the calls answer it (contract/stores.ts `store`): its owner, its region lead and how
 * many agents it has, read in one query.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias, QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Store } from '../../../contract/stores';
import type { Queryable } from '../../db';
import { adminGroups, admins, stores } from '../../db/schema';
import { FIELD_AGENT_GROUP, SALES_AGENT_GROUP } from '../security';
import { iso } from '../../wire';
import { notFound, within } from './reach';

/** The groups whose members are agents: they sell (in a shop) or find customers in the field. */
export const AGENT_GROUPS = [SALES_AGENT_GROUP, FIELD_AGENT_GROUP] as const;

export const owner = alias(admins, 'owner');
export const regionLead = alias(admins, 'region_lead');

export const fullName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
    sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/**
 * Agents attached to each store, counted in one pass over the agents rather than once a store. A
 * self-registered agent awaiting approval is not one of the store's agents yet: listed with their
 * status, never counted.
 */
export const agentCounts = new QueryBuilder()
    .select({ storeId: sql<number>`${admins.storeId}`.as('counted_store_id'), agents: sql<number>`count(*)::int`.as('agents') })
    .from(admins)
    .innerJoin(adminGroups, eq(adminGroups.id, admins.groupId))
    .where(and(inArray(adminGroups.name, [...AGENT_GROUPS]), ne(admins.status, 'pending_approval')))
    .groupBy(admins.storeId)
    .as('agent_counts');

export const storeFields = {
    id: stores.id,
    name: stores.name,
    region: stores.region,
    town: stores.town,
    latitude: stores.latitude,
    longitude: stores.longitude,
    ownerId: owner.id,
    ownerName: fullName(owner),
    leadId: regionLead.id,
    leadName: fullName(regionLead),
    branded: stores.branded,
    agent_count: sql<number>`coalesce(${agentCounts.agents}, 0)`,
    created_at: stores.createdAt,
};

export const selectStores = (db: Queryable) =>
    db
        .select(storeFields)
        .from(stores)
        .leftJoin(owner, eq(owner.id, stores.ownerAdminId))
        .leftJoin(regionLead, eq(regionLead.id, stores.regionLeadAdminId))
        .leftJoin(agentCounts, eq(agentCounts.storeId, stores.id));

export type StoreRow = Awaited<ReturnType<ReturnType<typeof selectStores>['execute']>>[number];

export const storeOf = ({ ownerId, ownerName, leadId, leadName, created_at, ...row }: StoreRow): Store => ({
    ...row,
    owner: ownerId === null ? null : { id: ownerId, name: ownerName },
    region_lead: leadId === null ? null : { id: leadId, name: leadName },
    created_at: iso(created_at),
});

export const findStore = async (db: Queryable, storeId: number, reach: number[] | null): Promise<Store> => {
    const [row] = await selectStores(db).where(and(eq(stores.id, storeId), within(reach, stores.id)));
    if (!row) throw notFound('store', 'store_id');
    return storeOf(row);
};
