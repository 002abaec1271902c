/**
 * A device in stock as the calls answer it (contract/inventory.ts `inventoryItem`), and the
 * inventory list's orders.
 */
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { INVENTORY_STATUSES, type InventoryItem, type InventorySort } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { customers, inventoryItems, loans, phoneModels, stores } from '../../db/schema';
import type { Keyset, KeyPart } from '../../keyset';
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
 * The inventory list's orders (contract INVENTORY_SORTS) as exact, unique keys (server/keyset.ts),
 * each along an index so that a page stops at its last row: the catalogue's (brand, model, sku) and
 * (cash_price, sku) indexes, then a model's devices by inventory_items_sku_created_at_idx; a store's
 * name (stores_name_key), then its devices by inventory_items_store_created_at_idx; status and time
 * by their own. Every key ends in the device's id (an IMEI is unique by itself), so pages never
 * share or skip a row, and a page may start after a key instead of an offset.
 */
export const inventoryKeyset = (sort: InventorySort, order: 'asc' | 'desc'): Keyset => {
    const descending = order === 'desc';
    const part = (expression: KeyPart['expression'], kind: KeyPart['kind']): KeyPart => ({ expression, descending, kind });
    const newest = [part(inventoryItems.createdAt, 'moment'), part(inventoryItems.id, 'int')];
    const parts = ((): KeyPart[] => {
        switch (sort) {
            case 'imei':
                return [part(inventoryItems.imei, 'text')];
            case 'model':
                return [
                    part(phoneModels.brand, 'text'),
                    part(phoneModels.model, 'text'),
                    part(inventoryItems.sku, 'text'),
                    ...newest,
                ];
            case 'cash_price':
                return [part(phoneModels.cashPrice, 'numeric'), part(inventoryItems.sku, 'text'), ...newest];
            case 'store':
                return [part(sql`lower(${stores.name})`, 'text'), part(inventoryItems.storeId, 'int'), ...newest];
            case 'status':
                return [part(inventoryItems.status, { enum: INVENTORY_STATUSES, type: 'inventory_status' }), ...newest];
            case 'created_at':
                return newest;
        }
    })();
    return { order: `inventory:${sort}:${order}`, parts };
};

/** The inventory list's ORDER BY: its key's parts. */
export const inventoryOrder = (sort: InventorySort, order: 'asc' | 'desc'): SQL[] =>
    inventoryKeyset(sort, order).parts.map(part => (part.descending ? desc(part.expression) : asc(part.expression)));

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
