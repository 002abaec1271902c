/**
 * Inventory (spec §7 "Inventory"): the devices in stock in each store, added one by one or from a
 * file, and the phone catalogue with its prices. A device outside the caller's reach
 * (contract/stores.ts) answers 404, as one that does not exist.
 */
import { z } from 'zod';
import { defineCall, id, INT4_MAX } from './define';
import { imei } from './fields';
import { numberText, PAGE_SIZE_MAX } from './numberText';
import { afterCursor, nextCursor } from './cursor';

/** Rows one bulk inventory request may carry; the portal sends a large file in requests of this size. */
export const INVENTORY_BATCH_ROWS = 500;

export const INVENTORY_STATUSES = ['in_stock', 'reserved', 'sold', 'returned'] as const;

const amount = z.number().positive().max(10_000_000).multipleOf(0.01);

export const phoneModel = z.object({
    id: z.number().int(),
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    image: z.string().nullable(),
    cash_price: z.number(),
    deposit: z.number(),
    instalment_amount: z.number(),
    instalment_period: z.string(),
    term: z.number().int(),
    lock_solution: z.string(),
    in_stock: z.number().int(),
});
export type PhoneModel = z.infer<typeof phoneModel>;

export const inventoryItem = z.object({
    id: z.number().int(),
    imei: z.string(),
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    store_id: z.number().int(),
    store_name: z.string(),
    status: z.enum(INVENTORY_STATUSES),
    cash_price: z.number(),
    created_at: z.string(),
    /** The customer (public id) of a sold device's loan: the list's row leads to them. */
    sold_to: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

/** The columns the inventory list sorts by, each along an index (server/db/schema/catalogue.ts). */
export const INVENTORY_SORTS = ['created_at', 'imei', 'model', 'store', 'status', 'cash_price'] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

export const listInventory = defineCall({
    summary:
        'Devices in the stores the caller may see, newest first unless `sort`/`order` say otherwise (`model` is brand then model, `store` its name); `q` matches IMEI, SKU, brand or model.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/get_phone_inventory',
    access: 'VIEW_INVENTORY',
    body: z.object({
        q: z.string().trim().max(80).optional(),
        store_id: id.optional(),
        status: z.enum(INVENTORY_STATUSES).optional(),
        sort: z.enum(INVENTORY_SORTS).default('created_at'),
        order: z.enum(['asc', 'desc']).default('desc'),
        page_number: numberText(INT4_MAX).default(1),
        page_size: numberText(PAGE_SIZE_MAX).default(50),
        /** The previous page's `next`: this page is read from its key on (page_number then only names it). */
        ...afterCursor,
    }),
    response: z.object({ phones: z.array(inventoryItem), total_items: z.number().int(), ...nextCursor }),
});

export const listPhoneModels = defineCall({
    summary: 'The phone catalogue with prices and how many of each are in stock where the caller may see.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/get_phone_models',
    access: ['VIEW_INVENTORY', 'ADD_INVENTORY', 'UPDATE_PHONE_PRICES'],
    body: z.object({ q: z.string().trim().max(80).optional() }),
    response: z.object({ models: z.array(phoneModel) }),
});

export const addInventoryItem = defineCall({
    summary: "Add one device by IMEI (15 digits, Luhn-valid, not yet in stock anywhere); the caller's shop by default.",
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/add_inventory_item',
    access: 'ADD_INVENTORY',
    body: z.object({ sku: z.string().trim().min(1).max(64), imei, store_id: id.optional() }),
    response: inventoryItem,
});

export const BULK_ROW_RESULTS = ['accepted', 'duplicate', 'invalid'] as const;

export const addInventoryItems = defineCall({
    summary:
        'Add devices in bulk (rows of a CSV file). Each row is judged on its own: accepted, duplicate (the IMEI is in stock already, so a re-upload adds nothing twice) or invalid, with the reason.',
    method: 'POST',
    idempotency: 'retry',
    path: '/api/v1/add_inventory_items',
    access: 'ADD_INVENTORY',
    body: z.object({
        /** The file's row numbers are echoed back, so a batch of a larger file keeps them. */
        items: z
            .array(
                z.object({
                    row: z.number().int().min(1).max(INT4_MAX),
                    sku: z.string().max(200),
                    imei: z.string().max(200),
                    store_id: z.number().int().min(1).max(INT4_MAX).optional(),
                }),
            )
            .min(1)
            .max(INVENTORY_BATCH_ROWS),
    }),
    response: z.object({
        results: z.array(
            z.object({
                row: z.number().int(),
                imei: z.string(),
                result: z.enum(BULK_ROW_RESULTS),
                /** An error key (errors.*) saying why, for duplicates and invalid rows. */
                reason: z.string().nullable(),
                id: z.number().int().nullable(),
            }),
        ),
        accepted: z.number().int(),
        duplicates: z.number().int(),
        invalid: z.number().int(),
    }),
});

// ---------------------------------------------------------------------------------------------
// Catalogue prices

/**
 * The catalogue is global: one price per model for every shop, branded or not. So only staff
 * without a shop change it; a caller attached to a shop is refused (403
 * `errors.catalogue_staff_only`) whatever their roles, and never changes what another shop sells at.
 */
export const PRICE_FIELDS = ['cash_price', 'deposit', 'instalment_amount'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * A cut deeper than this share of a price's reference (any of the three) needs a second person: it
 * becomes a `price_change` request (contract/approvals/) instead of applying at once.
 */
export const PRICE_CUT_NEEDING_APPROVAL = 0.2;

/**
 * The reference a cut is judged against: each price's highest value in this many hours before now
 * (the current price and every price it replaced in that time), so small cuts one after another
 * cannot walk a price down without a checker.
 */
export const PRICE_REFERENCE_HOURS = 24;

/** Whether going from `before` to `after` is a cut beyond the threshold (in whole cents, no rounding drift). */
export const cutNeedsApproval = (before: number, after: number): boolean =>
    Math.round(after * 100) * 100 < Math.round(before * 100) * (100 - PRICE_CUT_NEEDING_APPROVAL * 100);

const proposedPrices = z.object({
    prices: z
        .array(
            z
                .object({
                    sku: z.string().trim().min(1).max(64),
                    cash_price: amount,
                    deposit: amount,
                    instalment_amount: amount,
                })
                .refine(price => price.deposit <= price.cash_price, {
                    message: 'the deposit must not exceed the cash price',
                    path: ['deposit'],
                }),
        )
        .min(1)
        .max(200),
});

const prices = z.object({ cash_price: z.number(), deposit: z.number(), instalment_amount: z.number() });

export const previewPhonePrices = defineCall({
    summary:
        'What a price update would do, changing nothing: each model before and after, the change of each price in percent from the current one (one decimal), the reference a cut is judged against (each price at its highest in the last 24 hours), and whether the update needs a second person (a price more than 20% below its reference).',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/preview_phone_prices',
    access: 'UPDATE_PHONE_PRICES',
    body: proposedPrices,
    response: z.object({
        models: z.array(
            z.object({
                sku: z.string(),
                brand: z.string(),
                model: z.string(),
                before: prices,
                after: prices,
                /** Each price's change from the current one (`before`), in percent to one decimal. */
                change_percent: prices,
                /** Each price at its highest in the last PRICE_REFERENCE_HOURS, the current one included. */
                reference: prices,
                /** Whether any price falls more than PRICE_CUT_NEEDING_APPROVAL below its reference. */
                needs_approval: z.boolean(),
            }),
        ),
    }),
});

export const updatePhonePrices = defineCall({
    summary:
        'Change the prices of phone models in one write: the deposit at most the cash price. A model with a price more than 20% below its highest in the last 24 hours becomes a price-change request for a checker (one pending per model); the others change at once. Answers each model changed, before and after, and the requests made.',
    method: 'POST',
    path: '/api/v1/update_phone_prices',
    access: 'UPDATE_PHONE_PRICES',
    body: proposedPrices,
    response: z.object({
        updated: z.array(z.object({ sku: z.string(), before: phoneModel, after: phoneModel })),
        requested: z.array(z.object({ sku: z.string(), request_id: z.number().int() })),
    }),
});

export const inventoryCalls = {
    listInventory,
    listPhoneModels,
    addInventoryItem,
    addInventoryItems,
    previewPhonePrices,
    updatePhonePrices,
};
