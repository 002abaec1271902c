/** The stores: their list, a new one, and one store's page. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    stores: { path: 'stores', under: 'stores', menu: list('stores', { order: 90 }) },
    store_create: { path: 'stores/create', under: 'stores' },
    store: { path: 'stores/:id', under: 'stores' },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        stores: typeof routes;
    }
}
