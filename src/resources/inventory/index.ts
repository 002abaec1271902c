import { lazyPage } from '../../lib/lazyPage';

/**
 * The inventory screens (spec §2): `inventory`, `inventory/add` (one device or a CSV file) and
 * `inventory/update` (phone prices). Loaded on first visit.
 */
export const InventoryList = lazyPage(() => import('./InventoryList').then(m => m.InventoryList));
export const InventoryAdd = lazyPage(() => import('./InventoryAdd').then(m => m.InventoryAdd));
export const PriceUpdate = lazyPage(() => import('./PriceUpdate').then(m => m.PriceUpdate));
