/** The devices in stock, adding them, and the catalogue's prices. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    inventory: { path: 'inventory', under: 'inventory', menu: list('inventory', { order: 120 }) },
    inventory_add: { path: 'inventory/add', under: 'inventory' },
    inventory_update: { path: 'inventory/update', under: 'inventory' },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        inventory: typeof routes;
    }
}
