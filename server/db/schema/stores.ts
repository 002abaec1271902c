/** Phone stores (shops): one table that `shop/all` and `get_phone_stores` both list. */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    table => [
        // One store of a name, whatever its case: two people adding the same shop at once make one.
        // The shop list sorts by it too, and by town and region whatever their case, each then by
        // id (server/domain/shops `shopOrder`).
        uniqueIndex('stores_name_key').on(sql`lower(${table.name})`),
        index('stores_town_idx').on(sql`lower(${table.town})`, table.id),
        index('stores_region_idx').on(sql`lower(${table.region})`, table.id),
    ],
);
