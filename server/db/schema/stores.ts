/** Phone stores (shops): one table that `shop/all` and `get_phone_stores` both list. */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns';

export const stores = pgTable(
    'stores',
    {
        id: identity(),
        name: text('name').notNull(),
        region: text('region').notNull(),
        town: text('town').notNull(),
        latitude: doublePrecision('latitude').notNull(),
        longitude: doublePrecision('longitude').notNull(),
        // No foreign keys: admins point at stores too, and an owner or lead may be added after the store.
        ownerAdminId: integer('owner_admin_id'),
        regionLeadAdminId: integer('region_lead_admin_id'),
        /** The operator's own (branded) shop, or a dealer's (unbranded): analytics compares the two. */
        branded: boolean('branded').notNull().default(false),
        createdAt: createdAt(),
    },
    // One store of a name, whatever its case: two people adding the same shop at once make one.
    table => [uniqueIndex('stores_name_key').on(sql`lower(${table.name})`)],
);
