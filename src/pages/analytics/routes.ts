/** The BI page, outside the signed-in shell (Portal.tsx routes it): in the menu only. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    analytics: { path: '/bi', menu: list('bi', { order: 160 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        analytics: typeof routes;
    }
}
