/**
 * The phone catalogue (contract/inventory.ts `phoneModel`): each model with its prices and how many
 * are in stock within the caller's reach.
 */
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listPhoneModels, type PhoneModel } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { inventoryCounts, phoneModels } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { containing } from '../../lists';
import { shippedPicture } from '../phonePictures';
import { reachOf } from '../stores';

export const modelFields = {
    id: phoneModels.id,
    sku: phoneModels.sku,
    brand: phoneModels.brand,
    model: phoneModels.model,
    image: phoneModels.image,
    cash_price: phoneModels.cashPrice,
    deposit: phoneModels.deposit,
    instalment_amount: phoneModels.instalmentAmount,
    instalment_period: phoneModels.instalmentPeriod,
    term: phoneModels.term,
    lock_solution: phoneModels.lockSolution,
};

/**
 * The catalogue's models, each with how many are in stock within `reach` (null: every store), from
 * the stores' counts (inventory_counts, kept by migration 0017's triggers in the writing
 * transaction) added up once per SKU: a few rows per store and model, where counting the devices
 * read every device in stock (105 ms at a business's 500,000 devices).
 */
export const selectModels = (db: Queryable, reach: number[] | null) => {
    const stock = db
        .select({ sku: inventoryCounts.sku, devices: sql<number>`sum(${inventoryCounts.devices})::int`.as('devices') })
        .from(inventoryCounts)
        .where(
            and(
                eq(inventoryCounts.status, 'in_stock'),
                reach === null ? undefined : reach.length === 0 ? sql`false` : inArray(inventoryCounts.storeId, reach),
            ),
        )
        .groupBy(inventoryCounts.sku)
        .as('stock');
    return db
        .select({ ...modelFields, in_stock: sql<number>`coalesce(${stock.devices}, 0)::int` })
        .from(phoneModels)
        .leftJoin(stock, eq(stock.sku, phoneModels.sku));
};

/** Which of these SKUs are in the catalogue (no prices, no stock counts: adding stock needs only that). */
export const knownSkus = async (db: Queryable, skus: string[]): Promise<Set<string>> =>
    skus.length === 0
        ? new Set()
        : new Set(
              (await db.select({ sku: phoneModels.sku }).from(phoneModels).where(inArray(phoneModels.sku, skus))).map(
                  row => row.sku,
              ),
          );

export const findModels = async (db: Queryable, skus: string[], reach: number[] | null): Promise<Map<string, PhoneModel>> => {
    if (skus.length === 0) return new Map();
    const rows = await selectModels(db, reach).where(inArray(phoneModels.sku, skus));
    return new Map(rows.map(row => [row.sku, { ...row, image: shippedPicture(row.image) }]));
};

export const unknownSku = (field: string) =>
    new HttpError(400, 'errors.unknown_sku', 'There is no phone model with this SKU', field);

export const registerModelRoutes = (app: FastifyInstance): void => {
    mount(app, listPhoneModels, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const pattern = body.q ? containing(body.q) : null;
        const models = await selectModels(context.db, reach)
            .where(
                pattern
                    ? or(ilike(phoneModels.sku, pattern), ilike(phoneModels.brand, pattern), ilike(phoneModels.model, pattern))
                    : undefined,
            )
            .orderBy(asc(phoneModels.brand), asc(phoneModels.model), asc(phoneModels.sku));
        return { models: models.map(model => ({ ...model, image: shippedPicture(model.image) })) };
    });
};
