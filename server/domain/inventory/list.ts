/**
 * The inventory list (contract/inventory.ts `listInventory`): devices within the caller's reach,
 * each page read along an index and counted from inventory_counts.
 */
import { and, asc, count, desc, eq, ilike, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { listInventory, type InventorySort } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { inventoryCounts, inventoryItems, phoneModels, stores } from '../../db/schema';
import type { HandlerInput } from '../../../contract/define';
import { mount, type CallContext } from '../../http';
import { containing, idsOfPage, pageWindow } from '../../lists';
import { afterKey, cursorOf, keyOf, readCursor, type KeyPart } from '../../keyset';
import { reachOf, within } from '../stores';
import { inventoryKeyset, inventoryOrder, itemOf, selectItems } from './items';

/**
 * Where a grouped page starts when it follows a key (server/keyset.ts): the groups from the key's
 * own on (`groups`, a condition on stores or the catalogue in their order), the key's group, and
 * how many of its devices after the key were read already (`taken`).
 */
interface GroupStart {
    groups: SQL;
    group: number | string;
    taken: number;
}

/** The key's part that names its group (a store's id, a SKU) and the group's own order before it. */
const groupOfKey = (sort: 'store' | 'model' | 'cash_price', order: 'asc' | 'desc') => {
    const descending = order === 'desc';
    const part = (expression: KeyPart['expression'], kind: KeyPart['kind']): KeyPart => ({ expression, descending, kind });
    const parts =
        sort === 'store'
            ? [part(sql`lower(${stores.name})`, 'text'), part(stores.id, 'int')]
            : sort === 'model'
              ? [part(phoneModels.brand, 'text'), part(phoneModels.model, 'text'), part(phoneModels.sku, 'text')]
              : [part(phoneModels.cashPrice, 'numeric'), part(phoneModels.sku, 'text')];
    return { keyset: { order: '', parts }, column: sort === 'store' ? stores.id : phoneModels.sku };
};

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
    from?: GroupStart,
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
                  .where(from?.groups)
                  .orderBy(way(sql`lower(${stores.name})`), way(stores.id))
            : db
                  .select({ key: phoneModels.sku })
                  .from(phoneModels)
                  .where(from?.groups)
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
        // The key's own group gave its rows after the key already (`from.taken`).
        if (from && key === from.group) {
            wanted -= from.taken;
            if (wanted <= 0) break;
            continue;
        }
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

/** The sorts by the device's model or shop (inventoryKeyset): read group by group; the others are the device's own columns. */
const byGroup = (sort: InventorySort): sort is 'store' | 'model' | 'cash_price' =>
    sort === 'store' || sort === 'model' || sort === 'cash_price';

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
        const window = pageWindow(body);
        const limit = window.limit ?? 1000;
        // A page after a key (the previous page's `next`) reads from the key on, skipping nothing.
        const keyset = inventoryKeyset(body.sort, body.order);
        const order = inventoryOrder(body.sort, body.order);
        const after = body.after === undefined ? undefined : readCursor(keyset, body.after);
        const offset = after ? 0 : window.offset;
        const withKey = () => selectItems(context.db, { key: keyOf(keyset) });
        const skuFilter = skus === null ? undefined : inArray(inventoryCounts.sku, skus);
        // Sorted by store or model, the page is read group by group (groupedPage); the counts do
        // not hold devices found by IMEI alone, so such a search is sorted whole (it finds few).
        const groupSort = byGroup(body.sort) && !byImei ? body.sort : null;
        // After a key, its own group's devices after it come first (along the group's index by time).
        let start: GroupStart | undefined;
        let first: Awaited<ReturnType<ReturnType<typeof withKey>['execute']>> = [];
        if (groupSort && after) {
            const { keyset: groups, column } = groupOfKey(groupSort, body.order);
            const known = groups.parts.length - 1;
            const group = after[known] as number | string;
            const within = inventoryKeyset('created_at', body.order);
            first = await withKey()
                .where(
                    and(
                        ...itemFilters,
                        eq(groupSort === 'store' ? inventoryItems.storeId : inventoryItems.sku, group),
                        afterKey(within, after.slice(known + 1)),
                    ),
                )
                .orderBy(...inventoryOrder('created_at', body.order))
                .limit(limit);
            start = {
                groups: or(afterKey(groups, after.slice(0, known + 1)), eq(column, group)) ?? sql`true`,
                group,
                taken: first.length,
            };
        }
        const grouped = groupSort
            ? await groupedPage(context.db, groupSort, body.order, [...countFilters, skuFilter], limit, offset, start)
            : null;
        // Each group's part of the page along the group's own index by time, the parts in the groups' order.
        const page = grouped
            ? Promise.all(
                  grouped.groups.map(part =>
                      withKey()
                          .where(and(...itemFilters, eq(grouped.column, part.key)))
                          .orderBy(...inventoryOrder('created_at', body.order))
                          .limit(part.take)
                          .offset(part.offset),
                  ),
              ).then(parts => [...first, ...parts.flat()])
            : offset > 0 && !byGroup(body.sort)
              ? // A page after skipped devices is chosen on the devices alone (lists.ts idsOfPage), so
                // the skipped ones are not joined to their model and shop on the way.
                withKey()
                    .where(
                        idsOfPage(context.db, inventoryItems.id, inventoryItems, {
                            where: and(...itemFilters),
                            order,
                            limit,
                            offset,
                        }),
                    )
                    .orderBy(...order)
              : withKey()
                    .where(and(...itemFilters, after ? afterKey(keyset, after) : undefined))
                    .orderBy(...order)
                    .limit(limit)
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
        const last = rows.length === limit && limit > 0 ? rows[rows.length - 1] : undefined;
        return {
            phones: rows.map(({ key: _key, ...row }) => itemOf(row)),
            total_items: (counted?.value ?? 0) + (byImeiOnly?.value ?? 0),
            ...(last ? { next: cursorOf(keyset, last.key) } : {}),
        };
    }
};

export const registerInventoryListRoutes = (app: FastifyInstance): void => {
    mount(app, listInventory, ({ body }, context) => inventoryPage(body, context));
};
