/** The shops and a shop's agents. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    shop: { path: 'shop', under: 'shop', menu: list('shop', { order: 100 }) },
    // Not in the specification's menu: a shop's agents, where they are transferred, else reached
    // only from a row of the shop list.
    shop_agents: { path: 'shop/agent', under: 'shop', menu: { resource: 'shop', action: 'agents', order: 110 } },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        shops: typeof routes;
    }
}
