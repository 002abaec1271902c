/** The home of the signed-in shell, react-admin's dashboard (spec §2), first in the menu. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    dashboard: { path: '', menu: list('dashboard', { order: 10 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        dashboard: typeof routes;
    }
}
