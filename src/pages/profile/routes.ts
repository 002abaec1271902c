/** The signed-in user's own profile and password, reached from the user menu. */
import type { RouteTable } from '../../routeTable';

export const routes = {
    profile: { path: 'profile' },
    password: { path: 'password' },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        profile: typeof routes;
    }
}
