/**
 * The phone catalogue (contract/inventory.ts `phoneModel`): each model with its prices and how many
 * are in stock within the caller's reach.
 */
import { asc, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listPhoneModels, type PhoneModel } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { inventoryItems, phoneModels } from '../../db/schema';
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

export const inStockWithin = (reach: number[] | null) => sql<number>`(
    SELECT count(*)::int FROM ${inventoryItems} i
    WHERE i.sku = ${phoneModels.sku} AND i.status = 'in_stock'
    ${
        reach === null
            ? sql``
            : reach.length === 0
              ? sql`AND false`
              : sql`AND i.store_id IN (${sql.join(
                    reach.map(storeId => sql`${storeId}`),
                    sql`, `,
                )})`
    }
)`;

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
    const rows = await db
        .select({ ...modelFields, in_stock: inStockWithin(reach) })
        .from(phoneModels)
        .where(inArray(phoneModels.sku, skus));
    return new Map(rows.map(row => [row.sku, { ...row, image: shippedPicture(row.image) }]));
};

export const unknownSku = (field: string) =>
    new HttpError(400, 'errors.unknown_sku', 'There is no phone model with this SKU', field);

export const registerModelRoutes = (app: FastifyInstance): void => {
    mount(app, listPhoneModels, async ({ body }, context) => {
        const reach = await reachOf(context.db, context);
        const pattern = body.q ? containing(body.q) : null;
        const models = await context.db
            .select({ ...modelFields, in_stock: inStockWithin(reach) })
            .from(phoneModels)
            .where(
                pattern
                    ? or(ilike(phoneModels.sku, pattern), ilike(phoneModels.brand, pattern), ilike(phoneModels.model, pattern))
                    : undefined,
            )
            .orderBy(asc(phoneModels.brand), asc(phoneModels.model), asc(phoneModels.sku));
        return { models: models.map(model => ({ ...model, image: shippedPicture(model.image) })) };
    });
};
