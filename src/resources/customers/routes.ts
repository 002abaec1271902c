/**
 * The customer lookups and views, one of each per variant (lib/customerVariants.ts): staff,
 * digitally assisted, field agent and field agent by shop. Only the lookups are in the menu.
 */
import { find, type RouteTable } from '../../routeTable';

export const routes = {
    find_customer: { path: 'customers/find', menu: find('customers', { order: 40 }) },
    find_assisted_customer: { path: 'customers/findassisted', menu: find('customers-assisted', { order: 50 }) },
    find_customer_fieldagent: {
        path: 'find/fieldagent/customer',
        menu: find('fieldagent-customers', { order: 140, group: 'field_agent' }),
    },
    find_customer_by_shop: {
        path: 'find/shop/fieldagent/customer',
        menu: find('fieldagent-shop-customers', { order: 150, group: 'field_agent' }),
    },
    customer_view: { path: 'customers/view' },
    assisted_customer_view: { path: 'customers/digital-assisted-view' },
    fieldagent_customer_view: { path: 'fieldagent/customers/view' },
    shop_customer_view: { path: 'shop/fieldagent/customers/view' },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        customers: typeof routes;
    }
}
