/** The audit trail listed, newest first unless sorted, filtered by actor, action, entity and time. */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { listAuditEvents, type AuditEventRecord } from '../../../contract/audit';
import type { HandlerInput } from '../../../contract/define';
import type { Queryable } from '../../db';
import { admins, auditEvents } from '../../db/schema';
import { mount } from '../../http';
import { afterKey, cursorOf, keyOf, readCursor, type Keyset, type KeyPart, type KeyValue } from '../../keyset';
import { idsOfPage, largePageOf, orderBy } from '../../lists';
import { iso } from '../../wire';
import { auditSubject } from './subject';

/** The trail's sorts (`$sort`, `-` to reverse). */
const SORTS = { id: auditEvents.id, at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity };

/**
 * The trail's order as an exact key (server/keyset.ts): newest first by default (time, then id,
 * both descending, along audit_events_at_idx), else the sorted column either way and then the id
 * the same way, the id alone when it is the sort.
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
    // Ties by id the same way: a descending sort walks audit_events_action_idx or _entity_id_idx
    // (the column, then the id) backward, where an ascending id under it sorted each action's rows.
    const id: KeyPart = { expression: auditEvents.id, descending, kind: 'int' };
    const first: KeyPart = {
        expression: SORTS[field],
        descending,
        kind: field === 'id' ? 'int' : field === 'at' ? 'moment' : 'text',
    };
    return { order: `audit:${sort}`, parts: field === 'id' ? [first] : [first, id] };
};

type AuditQuery = Omit<HandlerInput<typeof listAuditEvents>['query'], 'ids'> & { ids?: number[] | undefined };

const actor = alias(admins, 'actor');

/**
 * The trail's events a query selects, in its order, `limit` of them from `offset` or after the
 * query's `after` key, each with its key: the list's page (below) and the export's batches
 * (server/exports.ts `auditBatch`) read them so.
 */
const auditSelection = (db: Queryable, query: AuditQuery, upTo?: number) => {
    const filters: (SQL | undefined)[] = [];
    if (upTo !== undefined) filters.push(lte(auditEvents.id, upTo));
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
    const order = keyset.parts.map(part => (part.descending ? desc(part.expression) : asc(part.expression)));
    const rows = (limit: number, offset: number) => {
        const selected = db
            .select({
                event: auditEvents,
                actorUsername: actor.username,
                actorName: sql<string>`${actor.firstName} || ' ' || ${actor.lastName}`,
                subject: auditSubject,
                key: keyOf(keyset),
            })
            .from(auditEvents)
            .leftJoin(actor, eq(actor.id, auditEvents.actorAdminId));
        if (after || offset === 0)
            return selected
                .where(after ? and(where, afterKey(keyset, after)) : where)
                .orderBy(...order)
                .limit(limit);
        // A page after others skipped is chosen on the trail alone, and only its rows are joined and
        // described: each skipped row's subject was looked up too (930 ms for $skip=10000 on
        // PostgreSQL at 100,000 customers).
        return selected.where(idsOfPage(db, auditEvents.id, auditEvents, { where, order, limit, offset })).orderBy(...order);
    };
    return { where, keyset, rows };
};

type SelectedRow = Awaited<ReturnType<ReturnType<typeof auditSelection>['rows']>>[number];

/** An event as the call answers it. */
const eventOf = ({ event, actorUsername, actorName, subject }: SelectedRow): AuditEventRecord => ({
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
});

/** The key after a full page's last row (`next`), none after a short one. */
const nextAfter = (keyset: Keyset, rows: readonly { key: KeyValue[] }[], limit: number): string | undefined => {
    const last = rows.length === limit && limit > 0 ? rows[rows.length - 1] : undefined;
    return last ? cursorOf(keyset, last.key) : undefined;
};

/**
 * `limit` events the query selects after its `after` key, for the export: no total (the list's
 * page counts up to 10,000 matches each time, which a batch would repeat for nothing).
 */
/** The newest event's id (0 when there is none): where an export of the trail ends (server/exports.ts). */
export const newestAuditId = async (db: Queryable): Promise<number> => {
    const [row] = await db.select({ id: sql<number>`coalesce(max(${auditEvents.id}), 0)`.mapWith(Number) }).from(auditEvents);
    return row?.id ?? 0;
};

/** A batch of the trail for an export: the list's rows in its order, none newer than `upTo`. */
export const auditBatch = async (db: Queryable, query: AuditQuery, limit: number, upTo?: number) => {
    const { keyset, rows } = auditSelection(db, query, upTo);
    const found = await rows(limit, 0);
    return { events: found.map(eventOf), next: nextAfter(keyset, found, limit) };
};

export const registerAuditRoutes = (app: FastifyInstance): void => {
    mount(app, listAuditEvents, async ({ query }, { db }) => {
        const { where, keyset, rows } = auditSelection(db, query);
        const page = await largePageOf(db, query, rows, { table: auditEvents, where });
        const next = nextAfter(keyset, page.data, query.$limit);
        return { ...page, ...(next ? { next } : {}), data: page.data.map(eventOf) };
    });
};
