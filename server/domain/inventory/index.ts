/**
 * Inventory (contract/inventory.ts): the devices in stock in the stores within the caller's reach
 * (list.ts, add.ts), the phone catalogue (models.ts) and its prices (prices.ts the rules,
 * priceUpdate.ts the calls). A price cut beyond the threshold is decided as an approval request
 * (server/domain/approvals), which applies it by the same rules.
 */
import type { FastifyInstance } from 'fastify';
import { registerInventoryAddRoutes } from './add';
import { registerInventoryListRoutes } from './list';
import { registerModelRoutes } from './models';
import { registerPriceRoutes } from './priceUpdate';

export { PRICE_UPDATE_ACTION, priceChangeOf, pricesChanged, pricesOfModel, samePrices } from './prices';

export const registerInventoryRoutes = (app: FastifyInstance): void => {
    registerInventoryListRoutes(app);
    registerModelRoutes(app);
    registerInventoryAddRoutes(app);
    registerPriceRoutes(app);
};
