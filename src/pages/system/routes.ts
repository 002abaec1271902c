/**
 * Not in the specification's menu: the system check support staff run at a shop, and the same
 * with the beta switches.
 */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    system_check: { path: 'test', menu: list('system-check', { order: 290 }) },
    system_check_beta: { path: 'test-beta', menu: list('system-check-beta', { order: 300 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        system: typeof routes;
    }
}
