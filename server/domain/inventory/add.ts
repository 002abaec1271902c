/**
 * Adding stock (contract/inventory.ts `addInventoryItem`, `addInventoryItems`): one device, or a
 * file's rows each judged on its own. IMEIs are unique in the database, so two uploads of one
 * device at once add it once.
 */
import type { FastifyInstance } from 'fastify';
import { addInventoryItem, addInventoryItems } from '../../../contract/inventory';
import { imei as imeiField } from '../../../contract/fields';
import type { Queryable } from '../../db';
import { inventoryItems, stores } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { eq } from 'drizzle-orm';
import { inReach, reachOf } from '../stores';
import { findItem } from './items';
import { knownSkus, unknownSku } from './models';

/** The store a device goes to: the one named, else the caller's shop; always one within reach. */
const targetStore = async (db: Queryable, context: CallContext, reach: number[] | null, storeId: number | undefined) => {
    const chosen = storeId ?? context.session?.admin.storeId ?? null;
    if (chosen === null) throw new HttpError(400, 'errors.store_required', 'Choose the store the device is in', 'store_id');
    if (!inReach(reach, chosen))
        throw new HttpError(403, 'errors.store_not_allowed', 'You can only add stock to your own stores', 'store_id');
    const [found] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, chosen));
    if (!found) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');
    return chosen;
};

const imeiInStock = () => new HttpError(409, 'errors.imei_in_stock', 'A device with this IMEI is already in stock', 'imei');
export const registerInventoryAddRoutes = (app: FastifyInstance): void => {
    mount(app, addInventoryItem, async ({ body }, context) =>
        context.write(
            async tx => {
                const reach = await reachOf(tx, context);
                const storeId = await targetStore(tx, context, reach, body.store_id);
                if ((await knownSkus(tx, [body.sku])).size === 0) throw unknownSku('sku');
                const [created] = await tx
                    .insert(inventoryItems)
                    .values({ sku: body.sku, imei: body.imei, storeId, createdAt: context.now() })
                    .onConflictDoNothing({ target: inventoryItems.imei })
                    .returning({ id: inventoryItems.id });
                if (!created) throw imeiInStock();
                const item = await findItem(tx, created.id);
                return {
                    result: item,
                    audit: { action: 'inventory_items.create', entity: 'inventory_items', entityId: item.id, after: item },
                };
            },
            { conflicts: { inventory_items_imei_unique: imeiInStock } },
        ),
    );

    mount(app, addInventoryItems, async ({ body }, context) => {
        type Result = {
            row: number;
            imei: string;
            result: 'accepted' | 'duplicate' | 'invalid';
            reason: string | null;
            id: number | null;
        };
        return context.write(async tx => {
            const reach = await reachOf(tx, context);
            const results: Result[] = [];
            const models = await knownSkus(tx, [...new Set(body.items.map(item => item.sku.trim()))]);
            const storeChecks = new Map<number | undefined, string | number>();
            const seen = new Set<string>();
            const candidates: { result: Result; sku: string; storeId: number }[] = [];
            for (const item of body.items) {
                const imei = item.imei.trim();
                const result: Result = { row: item.row, imei, result: 'invalid', reason: null, id: null };
                results.push(result);
                if (!imeiField.safeParse(imei).success) {
                    result.reason = 'errors.imei_invalid';
                    continue;
                }
                if (!models.has(item.sku.trim())) {
                    result.reason = 'errors.unknown_sku';
                    continue;
                }
                if (!storeChecks.has(item.store_id)) {
                    storeChecks.set(
                        item.store_id,
                        await targetStore(tx, context, reach, item.store_id).catch((error: unknown) => {
                            if (error instanceof HttpError) return error.key;
                            throw error;
                        }),
                    );
                }
                const store = storeChecks.get(item.store_id);
                if (typeof store !== 'number') {
                    result.reason = store ?? 'errors.store_required';
                    continue;
                }
                if (seen.has(imei)) {
                    result.result = 'duplicate';
                    result.reason = 'errors.duplicate_in_file';
                    continue;
                }
                seen.add(imei);
                candidates.push({ result, sku: item.sku.trim(), storeId: store });
            }
            // One statement for the batch; an IMEI in stock already (or added by a parallel upload) is a duplicate.
            const inserted =
                candidates.length === 0
                    ? []
                    : await tx
                          .insert(inventoryItems)
                          .values(
                              candidates.map(({ result, sku, storeId }) => ({
                                  sku,
                                  imei: result.imei,
                                  storeId,
                                  createdAt: context.now(),
                              })),
                          )
                          .onConflictDoNothing({ target: inventoryItems.imei })
                          .returning({ id: inventoryItems.id, imei: inventoryItems.imei });
            const idByImei = new Map(inserted.map(row => [row.imei, row.id]));
            for (const { result } of candidates) {
                const id = idByImei.get(result.imei);
                if (id === undefined) {
                    result.result = 'duplicate';
                    result.reason = 'errors.imei_in_stock';
                } else {
                    result.result = 'accepted';
                    result.id = id;
                }
            }
            const summary = {
                results,
                accepted: results.filter(result => result.result === 'accepted').length,
                duplicates: results.filter(result => result.result === 'duplicate').length,
                invalid: results.filter(result => result.result === 'invalid').length,
            };
            return {
                result: summary,
                audit: {
                    action: 'inventory_items.bulk_create',
                    entity: 'inventory_items',
                    after: {
                        accepted: inserted.map(row => ({ id: row.id, imei: row.imei })),
                        duplicates: summary.duplicates,
                        invalid: summary.invalid,
                    },
                },
            };
        });
    });
};
