/** Portal users listed (searched, filtered by group, shop and status) and read one at a time. */
import { and, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getAdmin, listAdmins } from '../../../contract/users';
import { adminGroups, admins, stores } from '../../db/schema';
import type { HandlerInput } from '../../../contract/define';
import type { Queryable } from '../../db';
import { mount } from '../../http';
import { containing, orderBy, pageOf, totalCount } from '../../lists';
import { iso } from '../../wire';
import { selectAdmins } from './admins';
import { visibleAdmin } from './target';

/** A page of portal users as the call answers it; the export (server/exports.ts) reads the list page by page through it. */
export const adminsPage = async (query: HandlerInput<typeof listAdmins>['query'], db: Queryable) => {
    {
        const filters: SQL[] = [];
        if (query.ids) filters.push(inArray(admins.id, query.ids));
        if (query.q) {
            const pattern = containing(query.q);
            const matches = or(
                ilike(admins.username, pattern),
                ilike(admins.firstName, pattern),
                ilike(admins.lastName, pattern),
                ilike(admins.msisdn, pattern),
            );
            if (matches) filters.push(matches);
        }
        if (query.group_id !== undefined) filters.push(eq(admins.groupId, query.group_id));
        if (query.store_id !== undefined) filters.push(eq(admins.storeId, query.store_id));
        if (query.status !== undefined) filters.push(eq(admins.status, query.status));
        const where = and(...filters);
        const order = orderBy(
            query.$sort,
            {
                id: admins.id,
                username: admins.username,
                first_name: admins.firstName,
                last_name: admins.lastName,
                msisdn: admins.msisdn,
                status: admins.status,
                created_at: admins.createdAt,
                group_name: adminGroups.name,
                store_name: stores.name,
            },
            admins.id,
        );
        const page = await pageOf(
            query,
            (limit, offset) =>
                selectAdmins(db, { total_count: totalCount })
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(admins).where(where),
        );
        return { ...page, data: page.data.map(row => ({ ...row, created_at: iso(row.created_at) })) };
    }
};

export const registerListAdminRoutes = (app: FastifyInstance): void => {
    mount(app, listAdmins, ({ query }, { db }) => adminsPage(query, db));

    mount(app, getAdmin, async ({ params }, context) => visibleAdmin(context, params.id));
};
