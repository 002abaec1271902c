/**
 * The inventory list (contract/inventory.ts `listInventory`): devices within the caller's reach,
 * each page read along an index and counted from inventory_counts.
 */
import { and, asc, count, desc, eq, ilike, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { listInventory } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { inventoryCounts, inventoryItems, phoneModels, stores } from '../../db/schema';
import type { HandlerInput } from '../../../contract/define';
import { mount, type CallContext } from '../../http';
import { containing, pageWindow } from '../../lists';
import { reachOf, within } from '../stores';
import { inventoryOrder, itemOf, selectItems } from './items';

/**
 * A page of the inventory sorted by a column of the device's store or model (`store`, `model`,
 * `cash_price`): sorting the joined rows would read every device for every page. The devices come
 * in groups instead (a store's, a SKU's), in the groups' order (stores_name_key, the catalogue's
 * indexes), each group's devices by time along its own index. The groups' counts, from
 * inventory_counts under the same filters, tell which few groups hold the page, where in the
 * first of them it starts and how many each gives: those rows are read, and nothing else.
 */
const groupedPage = async (
    db: Queryable,
    sort: 'store' | 'model' | 'cash_price',
    order: 'asc' | 'desc',
    countFilters: (SQL | undefined)[],
    limit: number,
    offset: number,
): Promise<{ column: AnyPgColumn; groups: { key: number | string; offset: number; take: number }[] }> => {
    const way = order === 'asc' ? asc : desc;
    const byStore = sort === 'store';
    const group = byStore ? inventoryCounts.storeId : inventoryCounts.sku;
    const [counts, ordered] = await Promise.all([
        db
            .select({ key: group, devices: sql<number>`sum(${inventoryCounts.devices})::int` })
            .from(inventoryCounts)
            .where(and(...countFilters))
            .groupBy(group),
        byStore
            ? db
                  .select({ key: stores.id })
                  .from(stores)
                  .orderBy(way(sql`lower(${stores.name})`), way(stores.id))
            : db
                  .select({ key: phoneModels.sku })
                  .from(phoneModels)
                  .orderBy(
                      ...(sort === 'model' ? [way(phoneModels.brand), way(phoneModels.model)] : [way(phoneModels.cashPrice)]),
                      way(phoneModels.sku),
                  ),
    ]);
    const sizes = new Map<number | string, number>(counts.map(row => [row.key, row.devices]));
    const groups: { key: number | string; offset: number; take: number }[] = [];
    let skip = offset;
    let wanted = limit;
    for (const { key } of ordered) {
        const size = sizes.get(key) ?? 0;
        if (skip >= size) {
            skip -= size;
            continue;
        }
        const take = Math.min(size - skip, wanted);
        groups.push({ key, offset: skip, take });
        skip = 0;
        wanted -= take;
        if (wanted === 0) break;
    }
    return { column: byStore ? inventoryItems.storeId : inventoryItems.sku, groups };
};

/** A page of the inventory list as the call answers it; the export (server/exports.ts) reads the list page by page through it. */
export const inventoryPage = async (body: HandlerInput<typeof listInventory>['body'], context: CallContext) => {
    {
        const reach = await reachOf(context.db, context);
        // The same conditions on the devices and on their counts (inventory_counts, migration 0017).
        const kept = (columns: { storeId: AnyPgColumn; status: AnyPgColumn }) => [
            within(reach, columns.storeId),
            body.store_id === undefined ? undefined : eq(columns.storeId, body.store_id),
            body.status ? eq(columns.status, body.status) : undefined,
        ];
        const itemFilters = kept(inventoryItems);
        const countFilters = kept(inventoryCounts);
        let byImei: SQL | undefined;
        let skus: string[] | null = null;
        if (body.q) {
            const pattern = containing(body.q);
            // The catalogue's matches first (a few hundred models at most): devices then match by
            // SKU in their own row, and are counted from inventory_counts.
            skus = (
                await context.db
                    .select({ sku: phoneModels.sku })
                    .from(phoneModels)
                    .where(
                        or(ilike(phoneModels.sku, pattern), ilike(phoneModels.brand, pattern), ilike(phoneModels.model, pattern)),
                    )
            ).map(row => row.sku);
            // An IMEI is 15 digits (contract/fields.ts `imei`, the only way one is stored): a search
            // with anything else in it matches none, and costs no look at the IMEIs. Digits have no
            // case, so LIKE finds what ILIKE would, at a fraction of the cost (5x on PGlite) where
            // every IMEI is read (fewer than three digits, below what trigrams find).
            if (/^\d+$/.test(body.q)) byImei = like(inventoryItems.imei, pattern);
            const bySku = skus.length > 0 ? inArray(inventoryItems.sku, skus) : undefined;
            itemFilters.push(byImei && bySku ? or(byImei, bySku) : (byImei ?? bySku ?? sql`false`));
        }
        const { limit, offset } = pageWindow(body);
        const skuFilter = skus === null ? undefined : inArray(inventoryCounts.sku, skus);
        // Sorted by store or model, the page is read group by group (groupedPage); the counts do
        // not hold devices found by IMEI alone, so such a search is sorted whole (it finds few).
        const grouped =
            (body.sort === 'store' || body.sort === 'model' || body.sort === 'cash_price') && !byImei
                ? await groupedPage(context.db, body.sort, body.order, [...countFilters, skuFilter], limit ?? 1000, offset)
                : null;
        // Each group's part of the page along the group's own index by time, the parts in the groups' order.
        const page = grouped
            ? Promise.all(
                  grouped.groups.map(part =>
                      selectItems(context.db)
                          .where(and(...itemFilters, eq(grouped.column, part.key)))
                          .orderBy(...inventoryOrder('created_at', body.order))
                          .limit(part.take)
                          .offset(part.offset),
                  ),
              ).then(parts => parts.flat())
            : selectItems(context.db)
                  .where(and(...itemFilters))
                  .orderBy(...inventoryOrder(body.sort, body.order))
                  .limit(limit ?? 1000)
                  .offset(offset);
        // The page is read in the order of an index (migration 0017: by time, status, store or
        // SKU and time; IMEI parts by trigram) and stops at its last row. The total adds the
        // counts of the matching SKUs (all of them without a search) to the devices found by IMEI
        // alone; nothing reads every match for every page, as a window count beside each row did.
        const [rows, [counted], [byImeiOnly]] = await Promise.all([
            page,
            skus !== null && skus.length === 0
                ? [{ value: 0 }]
                : context.db
                      .select({ value: sql<number>`coalesce(sum(${inventoryCounts.devices}), 0)::int` })
                      .from(inventoryCounts)
                      .where(and(...countFilters, skuFilter)),
            byImei
                ? context.db
                      .select({ value: count() })
                      .from(inventoryItems)
                      .where(
                          and(
                              ...kept(inventoryItems),
                              byImei,
                              skus && skus.length > 0 ? notInArray(inventoryItems.sku, skus) : undefined,
                          ),
                      )
                : [{ value: 0 }],
        ]);
        return { phones: rows.map(itemOf), total_items: (counted?.value ?? 0) + (byImeiOnly?.value ?? 0) };
    }
};

export const registerInventoryListRoutes = (app: FastifyInstance): void => {
    mount(app, listInventory, ({ body }, context) => inventoryPage(body, context));
};
