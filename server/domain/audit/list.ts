/** The audit trail listed, newest first unless sorted, filtered by actor, action, entity and time. */
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { listAuditEvents } from '../../../contract/audit';
import { admins, auditEvents } from '../../db/schema';
import { mount } from '../../http';
import { largePageOf, orderBy } from '../../lists';
import { iso } from '../../wire';
import { auditSubject } from './subject';

export const registerAuditRoutes = (app: FastifyInstance): void => {
    const actor = alias(admins, 'actor');
    mount(app, listAuditEvents, async ({ query }, { db }) => {
        const filters: (SQL | undefined)[] = [];
        if (query.ids) filters.push(inArray(auditEvents.id, query.ids));
        if (query.actor_id !== undefined) filters.push(eq(auditEvents.actorAdminId, query.actor_id));
        if (query.action) filters.push(eq(auditEvents.action, query.action));
        if (query.entity) filters.push(eq(auditEvents.entity, query.entity));
        if (query.entity_id) filters.push(eq(auditEvents.entityId, query.entity_id));
        if (query.from) filters.push(gte(auditEvents.at, new Date(query.from)));
        if (query.to) filters.push(lte(auditEvents.at, new Date(query.to)));
        const where = and(...filters);
        const order = query.$sort
            ? orderBy(
                  query.$sort,
                  { id: auditEvents.id, at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity },
                  auditEvents.id,
              )
            : [desc(auditEvents.at), desc(auditEvents.id)];
        const page = await largePageOf(
            db,
            query,
            (limit, offset) =>
                db
                    .select({
                        event: auditEvents,
                        actorUsername: actor.username,
                        actorName: sql<string>`${actor.firstName} || ' ' || ${actor.lastName}`,
                        subject: auditSubject,
                    })
                    .from(auditEvents)
                    .leftJoin(actor, eq(actor.id, auditEvents.actorAdminId))
                    .where(where)
                    .orderBy(...order)
                    .limit(limit)
                    .offset(offset),
            { table: auditEvents, where },
        );
        return {
            ...page,
            data: page.data.map(({ event, actorUsername, actorName, subject }) => ({
                id: event.id,
                actor:
                    event.actorAdminId === null || actorUsername === null
                        ? null
                        : { id: event.actorAdminId, username: actorUsername, name: actorName },
                role_used: event.roleUsed,
                action: event.action,
                entity: event.entity,
                entity_id: event.entityId,
                subject,
                before: event.before,
                after: event.after,
                coords: event.coords,
                at: iso(event.at),
            })),
        };
    });
};
