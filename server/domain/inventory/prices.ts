/**
 * Catalogue prices (contract/inventory.ts `previewPhonePrices`, `updatePhonePrices`): the rules shared
 * by the price update (priceUpdate.ts) and the `price_change` request that a cut beyond
 * the threshold becomes (server/domain/approvals/kinds.ts).
 *
 * The catalogue is global: one price per model for every shop, branded ones included, and new
 * loans take their price from it. So only staff without a shop change it; anyone attached to a
 * shop is refused whatever their roles, before anything is read.
 *
 * A price change needs a checker when any price falls more than 20% below its reference: the
 * highest that price stood at in the last 24 hours, i.e. the current price and every price it
 * replaced in that time (the `before` of the model's `phone_models.update_prices` audit events,
 * whether changed at once or on approval), so small cuts one after another cannot walk a price down.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { cutNeedsApproval, PRICE_FIELDS, PRICE_REFERENCE_HOURS, type PriceField } from '../../../contract/inventory';
import type { Queryable } from '../../db';
import { auditEvents, type phoneModels } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';

export type Prices = Record<PriceField, number>;

export const catalogueStaffOnly = () =>
    new HttpError(
        403,
        'errors.catalogue_staff_only',
        'Catalogue prices hold in every shop: only staff without a shop may change them',
    );

/** Refuses a caller attached to a shop (`admins.store_id`): the catalogue is every shop's. */
export const assertCatalogueStaff = (context: Pick<CallContext, 'session'>): void => {
    if ((context.session?.admin.storeId ?? null) !== null) throw catalogueStaffOnly();
};

export const pricesChanged = () =>
    new HttpError(
        409,
        'errors.prices_changed',
        "The model's prices changed since this request was made: ask again from the prices as they now stand",
        'request_id',
    );

export const pricesOfModel = (
    model: Pick<typeof phoneModels.$inferSelect, 'cashPrice' | 'deposit' | 'instalmentAmount'>,
): Prices => ({
    cash_price: model.cashPrice,
    deposit: model.deposit,
    instalment_amount: model.instalmentAmount,
});

const cents = (value: number) => Math.round(value * 100);

export const samePrices = (a: Prices, b: Prices): boolean => PRICE_FIELDS.every(field => cents(a[field]) === cents(b[field]));

/**
 * Whether a change to these prices needs a second person: any of them cut beyond the threshold
 * below `reference` (referencePrices, not the current prices).
 */
export const needsApproval = (reference: Prices, after: Prices): boolean =>
    PRICE_FIELDS.some(field => cutNeedsApproval(reference[field], after[field]));

/** The action of every applied change of a model's prices, at once or on approval (audit trail). */
export const PRICE_UPDATE_ACTION = 'phone_models.update_prices';

const REFERENCE_WINDOW_MS = PRICE_REFERENCE_HOURS * 60 * 60 * 1000;

/**
 * Each model's reference prices at `now` (the caller's `context.now()`): per price, the highest of
 * the current one and every `before` of its price updates applied after now - 24 hours. Read
 * under the model's row lock when deciding an update, so no change of the model can slip between.
 */
export const referencePrices = async (
    db: Queryable,
    models: readonly { id: number; prices: Prices }[],
    now: Date,
): Promise<Map<number, Prices>> => {
    const reference = new Map(models.map(model => [model.id, { ...model.prices }]));
    if (models.length === 0) return reference;
    const events = await db
        .select({ entityId: auditEvents.entityId, before: auditEvents.before })
        .from(auditEvents)
        .where(
            and(
                eq(auditEvents.entity, 'phone_models'),
                inArray(
                    auditEvents.entityId,
                    models.map(model => String(model.id)),
                ),
                eq(auditEvents.action, PRICE_UPDATE_ACTION),
                gt(auditEvents.at, new Date(now.getTime() - REFERENCE_WINDOW_MS)),
            ),
        );
    for (const event of events) {
        const prices = reference.get(Number(event.entityId));
        if (!prices || typeof event.before !== 'object' || event.before === null) continue;
        const before = event.before as Partial<Record<PriceField, unknown>>;
        for (const field of PRICE_FIELDS) {
            const value = Number(before[field]);
            if (Number.isFinite(value) && value > prices[field]) prices[field] = value;
        }
    }
    return reference;
};

/** Each price's change in percent, to one decimal. */
export const changePercent = (before: Prices, after: Prices): Prices =>
    Object.fromEntries(
        PRICE_FIELDS.map(field => [
            field,
            Math.round(((cents(after[field]) - cents(before[field])) * 1000) / cents(before[field])) / 10,
        ]),
    ) as Prices;

/** A price change request's `change` (contract/approvals/request.ts): amounts written to the cent. */
export const priceChangeRecord = (sku: string, model: string, before: Prices, after: Prices): Record<string, string> => ({
    sku,
    model,
    ...Object.fromEntries(
        PRICE_FIELDS.flatMap(field => [
            [`${field}_before`, before[field].toFixed(2)],
            [`${field}_after`, after[field].toFixed(2)],
        ]),
    ),
});

/** The before and after a price change request holds. */
export const priceChangeOf = (change: Record<string, string>): { before: Prices; after: Prices } => {
    const read = (key: string) => {
        const value = Number(change[key]);
        if (!Number.isFinite(value)) throw new Error(`A price change request has no ${key}`);
        return value;
    };
    const side = (suffix: 'before' | 'after') =>
        Object.fromEntries(PRICE_FIELDS.map(field => [field, read(`${field}_${suffix}`)])) as Prices;
    return { before: side('before'), after: side('after') };
};
