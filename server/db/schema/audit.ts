/** The audit trail: one row per write, with who, which role, what changed and where. */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, identity } from './columns';

export const auditEvents = pgTable(
    'audit_events',
    {
        id: identity(),
        actorAdminId: integer('actor_admin_id'),
        roleUsed: text('role_used'),
        action: text('action').notNull(),
        entity: text('entity').notNull(),
        entityId: text('entity_id'),
        before: jsonb('before'),
        after: jsonb('after'),
        coords: text('coords'),
        at: at('at').notNull(),
    },
    table => [
        // A record's events (its id, with or without its kind: the trail's entity_id filter, the
        // prices' reference), newest first along it.
        index('audit_events_entity_idx').on(table.entityId, table.entity, table.at),
        // The trail's order, newest first, and its When column sorted either way.
        index('audit_events_at_idx').on(table.at),
        // The trail's other sorts (by action, by entity; ties by id) and its filter by actor in
        // its order, each along an index (tests/server/listPlans.test.ts).
        index('audit_events_action_idx').on(table.action, table.id),
        index('audit_events_entity_id_idx').on(table.entity, table.id),
        index('audit_events_actor_idx').on(table.actorAdminId, table.at),
    ],
);
