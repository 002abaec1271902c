/** The agents' list. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    agents: { path: 'agents', under: 'agents', menu: list('agents', { order: 30 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        agents: typeof routes;
    }
}
