/** People and access: security groups, role codes, the roles of a group, and portal users (admins). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns';
import { stores } from './stores';

export const adminStatus = pgEnum('admin_status', ['pending_approval', 'active', 'disabled']);

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
        /** An administrator reset the password: sessions may only change it until it is changed. */
        mustChangePassword: boolean('must_change_password').notNull().default(false),
        createdAt: createdAt(),
    },
    table => [
        index('admins_group_id_idx').on(table.groupId),
        index('admins_store_id_idx').on(table.storeId),
        // The agent lists' default order, by first name then id (server/domain/agents/rows.ts
        // `agentOrder`); username and msisdn sort along their unique indexes.
        index('admins_first_name_idx').on(table.firstName, table.id),
    ],
);
