import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/**
 * The inventory screens (spec §2): `inventory`, `inventory/add` (one device or a CSV file) and
 * `inventory/update` (phone prices). Loaded on first visit.
 */
const InventoryList = lazyPage(() => import('./InventoryList').then(m => m.InventoryList));
const InventoryAdd = lazyPage(() => import('./InventoryAdd').then(m => m.InventoryAdd));
const PriceUpdate = lazyPage(() => import('./PriceUpdate').then(m => m.PriceUpdate));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    inventory: <InventoryList />,
    inventory_add: <InventoryAdd />,
    inventory_update: <PriceUpdate />,
} satisfies ScreensOf<typeof routes>;
