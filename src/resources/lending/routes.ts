/** The loans in arrears and the policy that locks their phones. */
import { list, type RouteTable } from '../../routeTable';

export const routes = {
    // Not in the specification's menu: the loans in arrears.
    collections: { path: 'collections', under: 'collections', menu: list('collections', { order: 70 }) },
    // Not in the specification's menu: the days overdue before a lock, and the reminders.
    lock_policy: { path: 'lock-policy', under: 'lock-policy', menu: list('lock-policy', { order: 80 }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        lending: typeof routes;
    }
}
