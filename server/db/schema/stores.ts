/** Phone stores (shops): one table that `shop/all` and `get_phone_stores` both list. */
import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns';

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
