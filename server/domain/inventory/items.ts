/**
 * A device in stock as the calls answer it (contract/inventory.ts `inventoryItem`), and the
 * inventory list's orders.
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { InventoryItem, InventorySort } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { customers, inventoryItems, loans, phoneModels, stores } from '../../db/schema';
import { iso } from '../../wire';

export const itemFields = {
    id: inventoryItems.id,
    imei: inventoryItems.imei,
    sku: inventoryItems.sku,
    brand: phoneModels.brand,
    model: phoneModels.model,
    store_id: inventoryItems.storeId,
    store_name: stores.name,
    status: inventoryItems.status,
    cash_price: phoneModels.cashPrice,
    created_at: inventoryItems.createdAt,
    // A sold device's customer, from its latest loan (loans_imei_idx: an IMEI is in stock once).
    sold_to: sql<
        string | null
    >`case when ${inventoryItems.status} = 'sold' then (select ${customers.publicId}::text from ${loans} join ${customers} on ${customers.id} = ${loans.customerId} where ${loans.imei} = ${inventoryItems.imei} order by ${loans.id} desc limit 1) end`,
};

/**
 * The inventory list's orders (contract INVENTORY_SORTS), each along an index so that a page
 * stops at its last row: the catalogue's (brand, model, sku) and (cash_price, sku) indexes, then
 * a model's devices by inventory_items_sku_created_at_idx; a store's name (stores_name_key), then
 * its devices by inventory_items_store_created_at_idx; status and time by their own. Every order
 * ends in the device's id, so pages never share or skip a row.
 */
export const inventoryOrder = (sort: InventorySort, order: 'asc' | 'desc'): SQL[] => {
    const way = order === 'asc' ? asc : desc;
    const newest = [way(inventoryItems.createdAt), way(inventoryItems.id)];
    switch (sort) {
        case 'imei':
            return [way(inventoryItems.imei)];
        case 'model':
            return [way(phoneModels.brand), way(phoneModels.model), way(inventoryItems.sku), ...newest];
        case 'cash_price':
            return [way(phoneModels.cashPrice), way(inventoryItems.sku), ...newest];
        case 'store':
            return [way(sql`lower(${stores.name})`), way(inventoryItems.storeId), ...newest];
        case 'status':
            return [way(inventoryItems.status), ...newest];
        case 'created_at':
            return newest;
    }
};

export const selectItems = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...itemFields, ...(extra as Extra) })
        .from(inventoryItems)
        .innerJoin(phoneModels, eq(phoneModels.sku, inventoryItems.sku))
        .innerJoin(stores, eq(stores.id, inventoryItems.storeId));

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

export const itemOf = ({ created_at, ...row }: ItemRow): InventoryItem => ({ ...row, created_at: iso(created_at) });

export const findItem = async (db: Queryable, itemId: number): Promise<InventoryItem> => {
    const [row] = await selectItems(db).where(eq(inventoryItems.id, itemId));
    if (!row) throw new Error('The new device could not be read back');
    return itemOf(row);
};
