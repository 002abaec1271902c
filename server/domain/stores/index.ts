/**
 * Stores (contract/stores.ts): adding a store, the stores a caller may see, naming a region lead,
 * and the place search of the location picker (places.ts). reach.ts is which stores a caller acts
 * on, rows.ts a store as the calls answer it; shops, agents, inventory and analytics build on both.
 *
 * Two writers meeting leave one effect: store names are unique in the database (case aside).
 */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { assignRegionLead, createStore, listStores } from '../../../contract/stores';
import type { Queryable } from '../../db';
import { admins, stores } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { containing } from '../../lists';
import { registerPlacesRoutes } from './places';
import { reachOf, within } from './reach';
import { findStore, selectStores, storeOf } from './rows';

export { inReach, notFound, reachOf, within } from './reach';
export { AGENT_GROUPS, agentCounts, findStore, owner, regionLead, selectStores, storeFields, storeOf } from './rows';

const storeNameTaken = () => new HttpError(409, 'errors.store_name_taken', 'A store with this name already exists', 'name');

/** An active portal user who may lead a region. */
const checkRegionLead = async (db: Queryable, adminId: number, field: string) => {
    const [lead] = await db
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.id, adminId), eq(admins.status, 'active')));
    if (!lead) throw new HttpError(400, 'errors.unknown_admin', 'There is no such active user', field);
};

export const registerStoreRoutes = (app: FastifyInstance): void => {
    mount(app, createStore, async ({ body }, context) => {
        if (body.region_lead_id !== undefined) {
            if (!context.roles.has('ADD_REGION_LEAD')) {
                throw new HttpError(
                    403,
                    'errors.role_not_held',
                    'Naming a region lead needs the ADD_REGION_LEAD role',
                    'region_lead_id',
                );
            }
            await checkRegionLead(context.db, body.region_lead_id, 'region_lead_id');
        }
        // A dealer does not get to file their shop as the operator's own.
        if (body.branded && context.session?.admin.storeId !== null) {
            throw new HttpError(403, 'errors.forbidden', 'Only staff without a shop mark a store branded', 'branded');
        }
        return context.write(
            async tx => {
                const [taken] = await tx
                    .select({ id: stores.id })
                    .from(stores)
                    .where(sql`lower(${stores.name}) = lower(${body.name})`);
                if (taken) throw storeNameTaken();
                const [created] = await tx
                    .insert(stores)
                    .values({
                        name: body.name,
                        region: body.region,
                        town: body.town,
                        latitude: body.latitude,
                        longitude: body.longitude,
                        ownerAdminId: context.session?.admin.id ?? null,
                        regionLeadAdminId: body.region_lead_id ?? null,
                        branded: body.branded,
                        createdAt: context.now(),
                    })
                    .returning({ id: stores.id });
                if (!created) throw new Error('The new store could not be read back');
                const store = await findStore(tx, created.id, null);
                return {
                    result: store,
                    audit: { action: 'stores.create', entity: 'stores', entityId: store.id, after: store },
                };
            },
            { conflicts: { stores_name_key: storeNameTaken } },
        );
    });

    mount(app, listStores, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const filters: (SQL | undefined)[] = [within(reach, stores.id)];
        if (body.q) {
            const pattern = containing(body.q);
            filters.push(or(ilike(stores.name, pattern), ilike(stores.region, pattern), ilike(stores.town, pattern)));
        }
        // The region is matched whole, whatever its case: never as a LIKE pattern (a `%` or a trailing `\` in it).
        if (body.region) filters.push(sql`lower(${stores.region}) = lower(${body.region})`);
        const rows = await selectStores(context.db)
            .where(and(...filters))
            .orderBy(asc(stores.name), asc(stores.id));
        return { stores: rows.map(storeOf) };
    });

    mount(app, assignRegionLead, async ({ body }, context) =>
        context.write(async tx => {
            const reach = await reachOf(tx, context);
            const before = await findStore(tx, body.store_id, reach);
            if (body.admin_id !== null) await checkRegionLead(tx, body.admin_id, 'admin_id');
            await tx.update(stores).set({ regionLeadAdminId: body.admin_id }).where(eq(stores.id, body.store_id));
            const after = await findStore(tx, body.store_id, reach);
            return {
                result: after,
                audit: { action: 'stores.assign_region_lead', entity: 'stores', entityId: after.id, before, after },
            };
        }),
    );

    registerPlacesRoutes(app);
};
