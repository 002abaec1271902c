/**
 * The phone catalogue and the physical devices in stock: phone models (by SKU) and inventory
 * items (one per IMEI). The customers domain reads them (qualified phones, a loan's device); the
 * stores and inventory domains manage them.
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { INSTALMENT_PERIODS, LOCK_SOLUTIONS } from '../../../contract/customers';
import { DEVICE_STATES } from '../../../contract/devices';
import { createdAt, identity } from './columns';
import { stores } from './stores';

export const lockSolution = pgEnum('lock_solution', LOCK_SOLUTIONS);
export const instalmentPeriod = pgEnum('instalment_period', INSTALMENT_PERIODS);
export const inventoryStatus = pgEnum('inventory_status', ['in_stock', 'reserved', 'sold', 'returned']);
/** A financed phone's lock state (./devices.ts `device_locks.state`, and its loan's copy, ./loans.ts `lock_state`). */
export const deviceState = pgEnum('device_state', DEVICE_STATES);

/** An amount of money in the portal's currency (contract/fields.ts CURRENCY), to the cent. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const phoneModels = pgTable(
    'phone_models',
    {
        id: identity(),
        sku: text('sku').notNull().unique(),
        brand: text('brand').notNull(),
        model: text('model').notNull(),
        image: text('image'),
        cashPrice: money('cash_price').notNull(),
        deposit: money('deposit').notNull(),
        instalmentAmount: money('instalment_amount').notNull(),
        instalmentPeriod: instalmentPeriod('instalment_period').notNull(),
        /** Number of instalments. */
        term: integer('term').notNull(),
        lockSolution: lockSolution('lock_solution').notNull(),
        createdAt: createdAt(),
    },
    // The inventory list sorted by model or by price (server/domain/inventory/list.ts): the catalogue is
    // walked in this order and each model's devices read along inventory_items_sku_created_at_idx.
    table => [
        index('phone_models_brand_model_idx').on(table.brand, table.model, table.sku),
        index('phone_models_cash_price_idx').on(table.cashPrice, table.sku),
    ],
);

export const inventoryItems = pgTable(
    'inventory_items',
    {
        id: identity(),
        sku: text('sku')
            .notNull()
            .references(() => phoneModels.sku),
        /** 15 digits, Luhn-valid (contract/fields.ts `imei`). */
        imei: text('imei').notNull().unique(),
        storeId: integer('store_id')
            .notNull()
            .references(() => stores.id),
        status: inventoryStatus('status').notNull().default('in_stock'),
        createdAt: createdAt(),
    },
    table => [
        index('inventory_items_store_sku_status_idx').on(table.storeId, table.sku, table.status),
        // The inventory list, newest first (server/domain/inventory/list.ts): a page is read along one of
        // these in order and stops at its last row, unfiltered, by status, by store or by SKU
        // (a search matching the catalogue); part of an IMEI is found through its trigrams.
        index('inventory_items_created_at_idx').on(table.createdAt, table.id),
        index('inventory_items_status_created_at_idx').on(table.status, table.createdAt, table.id),
        index('inventory_items_store_created_at_idx').on(table.storeId, table.createdAt, table.id),
        index('inventory_items_sku_created_at_idx').on(table.sku, table.createdAt, table.id),
        index('inventory_items_imei_trgm_idx').using('gin', sql`${table.imei} gin_trgm_ops`),
    ],
);

/**
 * How many devices each store holds of each SKU in each status, kept by statement triggers on
 * inventory_items in the writing transaction (migration 0017): the inventory list counts its
 * matches from these few rows instead of reading every matching device for every page.
 */
export const inventoryCounts = pgTable(
    'inventory_counts',
    {
        storeId: integer('store_id').notNull(),
        sku: text('sku').notNull(),
        status: inventoryStatus('status').notNull(),
        devices: integer('devices').notNull(),
    },
    table => [primaryKey({ columns: [table.storeId, table.sku, table.status] })],
);
