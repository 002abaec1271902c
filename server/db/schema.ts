/**
 * The reference server's tables (see /design/domain.md, "People and access"). Migrations are
 * generated from this file with `npm run db:generate` and committed; the same SQL runs on the
 * embedded PGlite and on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import {
    boolean,
    doublePrecision,
    index,
    integer,
    jsonb,
    pgEnum,
    pgTable,
    text,
    timestamp,
    unique,
    uniqueIndex,
    uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const identity = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const adminStatus = pgEnum('admin_status', ['pending_approval', 'active', 'disabled']);
export const messagePurpose = pgEnum('message_purpose', ['otp', 'notice']);

export const adminGroups = pgTable(
    'admin_groups',
    {
        id: identity(),
        name: text('name').notNull(),
        description: text('description').notNull().default(''),
        createdAt: createdAt(),
    },
    table => [
        // Group names are unique regardless of case ("Approvers" and "approvers" are one group).
        uniqueIndex('admin_groups_name_lower_key').on(sql`lower(${table.name})`),
    ],
);

export const adminRoles = pgTable('admin_roles', {
    id: identity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
});

export const groupRoles = pgTable(
    'group_roles',
    {
        id: identity(),
        groupId: integer('group_id')
            .notNull()
            .references(() => adminGroups.id, { onDelete: 'cascade' }),
        roleId: integer('role_id')
            .notNull()
            .references(() => adminRoles.id, { onDelete: 'cascade' }),
    },
    table => [unique('group_roles_group_role_key').on(table.groupId, table.roleId)],
);

export const stores = pgTable('stores', {
    id: identity(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    town: text('town').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // No foreign key: admins point at stores too, and an owner may be added after the store.
    ownerAdminId: integer('owner_admin_id'),
    createdAt: createdAt(),
});

export const admins = pgTable(
    'admins',
    {
        id: identity(),
        username: text('username').notNull().unique(),
        firstName: text('first_name').notNull(),
        lastName: text('last_name').notNull(),
        msisdn: text('msisdn').notNull().unique(),
        email: text('email'),
        groupId: integer('group_id')
            .notNull()
            .references(() => adminGroups.id),
        storeId: integer('store_id').references(() => stores.id),
        status: adminStatus('status').notNull().default('pending_approval'),
        otpEnabled: boolean('otp_enabled').notNull().default(false),
        passwordHash: text('password_hash').notNull(),
        createdAt: createdAt(),
    },
    table => [index('admins_group_id_idx').on(table.groupId), index('admins_store_id_idx').on(table.storeId)],
);

export const sessions = pgTable(
    'sessions',
    {
        id: identity(),
        tokenHash: text('token_hash').notNull().unique(),
        adminId: integer('admin_id')
            .notNull()
            .references(() => admins.id, { onDelete: 'cascade' }),
        createdAt: createdAt(),
        expiresAt: at('expires_at').notNull(),
        revokedAt: at('revoked_at'),
    },
    table => [index('sessions_admin_id_idx').on(table.adminId)],
);

export const signInAttempts = pgTable(
    'sign_in_attempts',
    {
        id: identity(),
        username: text('username').notNull(),
        succeeded: boolean('succeeded').notNull(),
        /**
         * ok, otp_sent, bad_credentials, not_active or throttled. Only bad_credentials counts
         * towards throttling, so refused attempts while throttled do not extend the wait.
         */
        outcome: text('outcome').notNull(),
        at: at('at').notNull(),
    },
    table => [index('sign_in_attempts_username_at_idx').on(table.username, table.at)],
);

export const otps = pgTable('otps', {
    /** The `auth_id` the client holds while the sign-in waits for its code. */
    id: uuid('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** What the code proves: for a sign-in, the admin's id. */
    subject: text('subject').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Guesses at the current code. */
    attempts: integer('attempts').notNull().default(0),
    /** Codes sent for this sign-in (the first plus resends), capped so guesses stay bounded. */
    sends: integer('sends').notNull().default(1),
    usedAt: at('used_at'),
    createdAt: createdAt(),
});

export const operatorSignIns = pgTable('operator_sign_ins', {
    /** The `auth_id` carried through the operator's page and back to the portal's callback. */
    id: uuid('id').primaryKey(),
    provider: text('provider').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
});

export const smsOutbox = pgTable(
    'sms_outbox',
    {
        id: identity(),
        msisdn: text('msisdn').notNull(),
        text: text('text').notNull(),
        purpose: messagePurpose('purpose').notNull(),
        createdAt: createdAt(),
    },
    table => [index('sms_outbox_msisdn_idx').on(table.msisdn, table.id)],
);

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
    table => [index('audit_events_entity_idx').on(table.entity, table.entityId)],
);
