/** The phone catalogue (contract/inventory.ts) as the inventory calls answer it. */
import type { PhoneModel } from '../../contract/inventory';
import { nextId } from './ids';

/** A catalogue model: the Samsung Galaxy A15 128 GB, paid monthly over a year, three in stock, under a new id. */
export const buildPhoneModel = (overrides: Partial<PhoneModel> = {}): PhoneModel => ({
    id: nextId(),
    sku: 'SAM-A15-128',
    brand: 'Samsung',
    model: 'Galaxy A15',
    image: null,
    cash_price: 2999,
    deposit: 499,
    instalment_amount: 250,
    instalment_period: 'monthly',
    term: 12,
    lock_solution: 'samsung',
    in_stock: 3,
    ...overrides,
});
