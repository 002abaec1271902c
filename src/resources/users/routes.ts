/** The portal's users (admins): their list, with its own create and edit screens. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    users: { path: 'users', under: 'users', menu: list('users', { order: 20 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        users: typeof routes;
    }
}
