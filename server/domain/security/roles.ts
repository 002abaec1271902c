/** Role codes: the catalog the seed writes on every start, listed for choosing a group's roles. */
import { and, count, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listAdminRoles } from '../../../contract/security';
import { adminRoles } from '../../db/schema';
import { mount } from '../../http';
import { containing, orderBy, pageOf, totalCount } from '../../lists';

export const registerRoleRoutes = (app: FastifyInstance): void => {
    mount(app, listAdminRoles, async ({ query }, { db }) => {
        const filters: SQL[] = [];
        if (query.ids) filters.push(inArray(adminRoles.id, query.ids));
        if (query.q) {
            const pattern = containing(query.q);
            const matches = or(ilike(adminRoles.code, pattern), ilike(adminRoles.name, pattern));
            if (matches) filters.push(matches);
        }
        const where = and(...filters);
        const order = orderBy(query.$sort, { id: adminRoles.id, code: adminRoles.code, name: adminRoles.name }, adminRoles.id);
        return pageOf(
            query,
            (limit, offset) =>
                db
                    .select({
                        id: adminRoles.id,
                        code: adminRoles.code,
                        name: adminRoles.name,
                        description: adminRoles.description,
                        total_count: totalCount,
                    })
                    .from(adminRoles)
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            () => db.select({ value: count() }).from(adminRoles).where(where),
        );
    });
};
