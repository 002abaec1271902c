/**
 * Changing catalogue prices (contract/inventory.ts `previewPhonePrices`, `updatePhonePrices`) by
 * the rules of prices.ts: a cut beyond the threshold becomes a `price_change` request for a
 * checker; the rest changes at once, in one write.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { previewPhonePrices, updatePhonePrices } from '../../../contract/inventory';
import { approvalRequests, phoneModels } from '../../db/schema';
import { HttpError, mount } from '../../http';
import type { AuditEntry } from '../../write';
import { reachOf } from '../stores';
import { findModels, unknownSku } from './models';
import {
    assertCatalogueStaff,
    changePercent,
    needsApproval,
    PRICE_UPDATE_ACTION,
    priceChangeRecord,
    pricesOfModel,
    referencePrices,
} from './prices';

/** The SKUs of a price update, each at most once (400 on the repeat). */
const distinctSkus = (prices: readonly { sku: string }[]): string[] => {
    const skus = prices.map(price => price.sku);
    const duplicate = skus.findIndex((sku, index) => skus.indexOf(sku) !== index);
    if (duplicate >= 0) throw new HttpError(400, 'errors.field_invalid', 'Each SKU may appear once', `prices.${duplicate}.sku`);
    return skus;
};

/** The reason a price change request gives: the cut itself is its subject. */
const PRICE_CHANGE_REASON = 'Catalogue price cut of more than 20% below its highest in the last 24 hours';

export const registerPriceRoutes = (app: FastifyInstance): void => {
    mount(app, previewPhonePrices, async ({ body }, context) => {
        assertCatalogueStaff(context);
        const skus = distinctSkus(body.prices);
        const rows = await context.db
            .select({
                id: phoneModels.id,
                sku: phoneModels.sku,
                brand: phoneModels.brand,
                model: phoneModels.model,
                cashPrice: phoneModels.cashPrice,
                deposit: phoneModels.deposit,
                instalmentAmount: phoneModels.instalmentAmount,
            })
            .from(phoneModels)
            .where(inArray(phoneModels.sku, skus));
        const found = new Map(rows.map(row => [row.sku, row]));
        const missing = skus.findIndex(sku => !found.has(sku));
        if (missing >= 0) throw unknownSku(`prices.${missing}.sku`);
        const references = await referencePrices(
            context.db,
            rows.map(row => ({ id: row.id, prices: pricesOfModel(row) })),
            context.now(),
        );
        return {
            models: body.prices.map(({ sku, ...after }) => {
                const row = found.get(sku)!;
                const before = pricesOfModel(row);
                const reference = references.get(row.id) ?? before;
                return {
                    sku,
                    brand: row.brand,
                    model: row.model,
                    before,
                    after,
                    change_percent: changePercent(before, after),
                    reference,
                    needs_approval: needsApproval(reference, after),
                };
            }),
        };
    });

    mount(app, updatePhonePrices, async ({ body }, context) => {
        assertCatalogueStaff(context);
        const skus = distinctSkus(body.prices);
        return context.write(
            async tx => {
                const reach = await reachOf(tx, context);
                // Locked in SKU order: two price updates on overlapping models cannot deadlock.
                await tx
                    .select({ id: phoneModels.id })
                    .from(phoneModels)
                    .where(inArray(phoneModels.sku, skus))
                    .orderBy(asc(phoneModels.sku))
                    .for('update');
                const before = await findModels(tx, skus, reach);
                const missing = skus.findIndex(sku => !before.has(sku));
                if (missing >= 0) throw unknownSku(`prices.${missing}.sku`);
                const was = (sku: string) => before.get(sku)!;
                const now = context.now();
                // Judged against each price's highest in the last 24 hours (prices.ts), read under the lock.
                const references = await referencePrices(
                    tx,
                    [...before.values()].map(model => ({
                        id: model.id,
                        prices: {
                            cash_price: model.cash_price,
                            deposit: model.deposit,
                            instalment_amount: model.instalment_amount,
                        },
                    })),
                    now,
                );
                const audit: AuditEntry[] = [];
                const requested: { sku: string; request_id: number }[] = [];
                const direct: string[] = [];
                for (const { sku, ...after } of body.prices) {
                    const model = was(sku);
                    const current = {
                        cash_price: model.cash_price,
                        deposit: model.deposit,
                        instalment_amount: model.instalment_amount,
                    };
                    if (!needsApproval(references.get(model.id) ?? current, after)) {
                        await tx
                            .update(phoneModels)
                            .set({
                                cashPrice: after.cash_price,
                                deposit: after.deposit,
                                instalmentAmount: after.instalment_amount,
                            })
                            .where(eq(phoneModels.sku, sku));
                        direct.push(sku);
                        continue;
                    }
                    // A cut beyond the threshold waits for a checker (approvals/kinds.ts `price_change`),
                    // holding the current prices so a later change makes it stale.
                    const change = priceChangeRecord(sku, `${model.brand} ${model.model}`, current, after);
                    const [created] = await tx
                        .insert(approvalRequests)
                        .values({
                            kind: 'price_change',
                            phoneModelId: model.id,
                            change,
                            reason: PRICE_CHANGE_REASON,
                            makerAdminId: context.session?.admin.id ?? 0,
                            createdAt: now,
                        })
                        .returning({ id: approvalRequests.id });
                    if (!created) throw new Error('The price change request could not be read back');
                    requested.push({ sku, request_id: created.id });
                    audit.push({
                        action: 'approval_requests.price_change.request',
                        entity: 'approval_requests',
                        entityId: created.id,
                        after: { kind: 'price_change', change, reason: PRICE_CHANGE_REASON },
                    });
                }
                const after = await findModels(tx, direct, reach);
                const updated = direct.map(sku => ({ sku, before: was(sku), after: after.get(sku)! }));
                for (const { sku, before: then, after: now } of updated) {
                    audit.push({
                        action: PRICE_UPDATE_ACTION,
                        entity: 'phone_models',
                        entityId: now.id,
                        before: then,
                        after: { ...now, sku },
                    });
                }
                const [first, ...rest] = audit;
                if (!first) throw new Error('A price update changed nothing and asked for nothing');
                return { result: { updated, requested }, audit: [first, ...rest] };
            },
            // One price change waits per model: of two makers at once, one asks and the other hears so.
            {
                conflicts: {
                    approval_requests_one_pending_key: () =>
                        new HttpError(
                            409,
                            'errors.request_pending',
                            "A cut of one of these models' prices already waits for a checker",
                            'prices',
                        ),
                },
            },
        );
    });
};
