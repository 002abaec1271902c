/** The add-loan wizard at each of its five entries (lib/saleEntries.ts), reached from a customer's page. */
import type { RouteTable } from '../../routeTable';

export const routes = {
    add_loan: { path: 'customers/add-loan' },
    add_loan_v2: { path: 'customers/add-loan-v2' },
    add_loan_fieldagent: { path: 'fieldagent/customers/add-loan' },
    add_loan_shop: { path: 'fieldagent/shop/customers/add-loan' },
    add_loan_assisted: { path: 'customers/digital-assisted-add-loan' },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        origination: typeof routes;
    }
}
