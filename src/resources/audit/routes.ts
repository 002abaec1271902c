/** The audit trail. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    audit: { path: 'audit', menu: list('audit-events', { order: 280 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        audit: typeof routes;
    }
}
