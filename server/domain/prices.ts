/**
 * Catalogue prices (contract/stores.ts `previewPhonePrices`, `updatePhonePrices`): the rules shared
 * by the price update (server/domain/stores.ts) and the `price_change` request that a cut beyond
 * the threshold becomes (server/domain/approvals/kinds.ts).
 *
 * The catalogue is global: one price per model for every shop, branded ones included, and new
 * loans take their price from it. So only staff without a shop change it; anyone attached to a
 * shop is refused whatever their roles, before anything is read.
 */
import { cutNeedsApproval, PRICE_FIELDS, type PriceField } from '../../contract/stores';
import type { phoneModels } from '../db/schema';
import { HttpError, type CallContext } from '../http';

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

/** Whether a change of these prices needs a second person: any of them cut beyond the threshold. */
export const needsApproval = (before: Prices, after: Prices): boolean =>
    PRICE_FIELDS.some(field => cutNeedsApproval(before[field], after[field]));

/** Each price's change in percent, to one decimal. */
export const changePercent = (before: Prices, after: Prices): Prices =>
    Object.fromEntries(
        PRICE_FIELDS.map(field => [
            field,
            Math.round(((cents(after[field]) - cents(before[field])) * 1000) / cents(before[field])) / 10,
        ]),
    ) as Prices;

/** A price change request's `change` (contract/approvals.ts): amounts written to the cent. */
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
