/** The payment search, the suspense queue and its reconciliation, and the insurance claims. */
import { find, list, type RouteTable } from '../../routeTable';

export const routes = {
    find_transaction: { path: 'transactions/find', under: 'transactions', menu: find('transactions', { order: 60 }) },
    suspense_transactions: {
        path: 'suspense-transactions',
        under: 'suspense-transactions',
        menu: list('suspense-transactions', { order: 220, group: 'suspense' }),
    },
    reconciliation: {
        path: 'reconciliation',
        menu: { resource: 'reconciliation', action: 'create', order: 230, group: 'suspense' },
    },
    tpi: { path: 'tpi', under: 'tpi' },
    tpi_successful: {
        path: 'tpi/successful',
        under: 'tpi',
        menu: list('tpi-successful', { order: 240, group: 'tpi' }),
    },
    tpi_failed: { path: 'tpi/failed', under: 'tpi', menu: list('tpi-failed', { order: 250, group: 'tpi' }) },
    tpi_reversal: { path: 'tpi/reversal', under: 'tpi', menu: list('tpi-reversals', { order: 260, group: 'tpi' }) },
} as const satisfies RouteTable;

declare module '../../routes' {
    interface PortalRouteFolders {
        money: typeof routes;
    }
}
