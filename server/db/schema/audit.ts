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
        index('audit_events_entity_idx').on(table.entity, table.entityId),
        // The trail's order, newest first, and its When column sorted either way.
        index('audit_events_at_idx').on(table.at),
    ],
);
