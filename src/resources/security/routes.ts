/** The security groups and their roles, with their own create, show and edit screens. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    security: { path: 'security', under: 'security', menu: list('security', { order: 270 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        security: typeof routes;
    }
}
