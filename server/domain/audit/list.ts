/** The audit trail listed, newest first unless sorted, filtered by actor, action, entity and time. */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { listAuditEvents } from '../../../contract/audit';
import { admins, auditEvents } from '../../db/schema';
import { mount } from '../../http';
import { afterKey, cursorOf, keyOf, readCursor, type Keyset, type KeyPart } from '../../keyset';
import { largePageOf, orderBy } from '../../lists';
import { iso } from '../../wire';
import { auditSubject } from './subject';

/** The trail's sorts (`$sort`, `-` to reverse). */
const SORTS = { id: auditEvents.id, at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity };

/**
 * The trail's order as an exact key (server/keyset.ts): newest first by default (time, then id,
 * both descending, along audit_events_at_idx), else the sorted column either way and then the id
 * ascending (server/lists.ts `orderBy`'s tie-breaker), the id alone when it is the sort.
 */
const auditKeyset = (sort: string | undefined): Keyset => {
    if (!sort) {
        return {
            order: 'audit:',
            parts: [
                { expression: auditEvents.at, descending: true, kind: 'moment' },
                { expression: auditEvents.id, descending: true, kind: 'int' },
            ],
        };
    }
    const descending = sort.startsWith('-');
    const field = (descending ? sort.slice(1) : sort) as keyof typeof SORTS;
    const id: KeyPart = { expression: auditEvents.id, descending: false, kind: 'int' };
    const first: KeyPart = {
        expression: SORTS[field],
        descending,
        kind: field === 'id' ? 'int' : field === 'at' ? 'moment' : 'text',
    };
    return { order: `audit:${sort}`, parts: field === 'id' ? [first] : [first, id] };
};

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
        // `$sort` checked against its allow-list (400 naming it), then as the trail's exact key.
        if (query.$sort) orderBy(query.$sort, SORTS, auditEvents.id);
        const keyset = auditKeyset(query.$sort);
        // A page after a key (the previous page's `next`) reads from the key on, skipping nothing.
        const after = query.after === undefined ? undefined : readCursor(keyset, query.after);
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
                        key: keyOf(keyset),
                    })
                    .from(auditEvents)
                    .leftJoin(actor, eq(actor.id, auditEvents.actorAdminId))
                    .where(after ? and(where, afterKey(keyset, after)) : where)
                    .orderBy(...keyset.parts.map(part => (part.descending ? desc(part.expression) : asc(part.expression))))
                    .limit(limit)
                    .offset(after ? 0 : offset),
            { table: auditEvents, where },
        );
        const last = page.data.length === query.$limit && query.$limit > 0 ? page.data[page.data.length - 1] : undefined;
        return {
            ...page,
            ...(last ? { next: cursorOf(keyset, last.key) } : {}),
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
