/**
 * Every page of the signed-in shell and where it lives, written once: the side menu (spec §2,
 * layout/menu.ts) takes its entries, labels, gates, groups and badges from here (and an icon for
 * each), App.tsx its routes, mapping each key to its screen (`Record<ShellRouteKey,
 * ReactElement>`, so a route without a screen does not type-check), and the screens that link to
 * a page (the customer lookups, the add-loan entries) its path. A route `under` a resource is one
 * of that `<Resource>`'s own routes (its list, its `create`, or a child route such as
 * `stores/:id`); the others are custom routes.
 *
 * The table's order is the menu's: a group stands where its first entry does, its entries in
 * their order. Names, paths and role gates only, no icon and no screen: the add-loan gates read
 * it on the sign-in page too.
 */
import { LOAN_APPROVAL_KINDS, SERVICE_APPROVAL_KINDS, type ApprovalKind } from '../contract/approvals';

/** The menu's groups (spec §2), each shown where its first entry stands in `ROUTES`. */
export const MENU_GROUPS = ['field_agent', 'approvals', 'kyc', 'suspense', 'tpi'] as const;

export type MenuGroupKey = (typeof MENU_GROUPS)[number];

/** A route's place in the side menu, labelled `menu.<key>`. */
export interface MenuPlace {
    /** The permission that shows the entry: `canAccess({ resource, action })`. */
    resource: string;
    action: string;
    group?: MenuGroupKey;
    /** The requests waiting in this queue, counted on its badge (`approval-counts`). */
    badge?: readonly ApprovalKind[];
}

export interface RouteDef {
    /** Under /dashboard ('' is the home), or absolute when it starts with '/' (the BI page). */
    path: string;
    /** The `<Resource>` (App.tsx) this path is a route of; its path starts with the resource's name. */
    under?: string;
    menu?: MenuPlace;
}

const list = (resource: string, more: Partial<MenuPlace> = {}): MenuPlace => ({
    resource,
    action: 'list',
    ...more,
});
const find = (resource: string, more: Partial<MenuPlace> = {}): MenuPlace => ({
    ...list(resource, more),
    action: 'find',
});
/** An approvals queue: its route and resource share its name; its badge counts these kinds. */
const queue = (name: string, badge: readonly ApprovalKind[], group?: MenuGroupKey): RouteDef & { menu: MenuPlace } => ({
    path: name,
    under: name,
    menu: list(name, { badge, group }),
});

export const ROUTES = {
    dashboard: { path: '', menu: list('dashboard') },
    users: { path: 'users', under: 'users', menu: list('users') },
    agents: { path: 'agents', under: 'agents', menu: list('agents') },
    find_customer: { path: 'customers/find', menu: find('customers') },
    find_assisted_customer: { path: 'customers/findassisted', menu: find('customers-assisted') },
    find_transaction: { path: 'transactions/find', under: 'transactions', menu: find('transactions') },
    // Not in the specification's menu: the loans in arrears.
    collections: { path: 'collections', under: 'collections', menu: list('collections') },
    // Not in the specification's menu: the days overdue before a lock, and the reminders.
    lock_policy: { path: 'lock-policy', under: 'lock-policy', menu: list('lock-policy') },
    stores: { path: 'stores', under: 'stores', menu: list('stores') },
    store_create: { path: 'stores/create', under: 'stores' },
    store: { path: 'stores/:id', under: 'stores' },
    shop: { path: 'shop', under: 'shop', menu: list('shop') },
    // Not in the specification's menu: a shop's agents, where they are transferred, else reached
    // only from a row of the shop list.
    shop_agents: { path: 'shop/agent', under: 'shop', menu: { resource: 'shop', action: 'agents' } },
    inventory: { path: 'inventory', under: 'inventory', menu: list('inventory') },
    inventory_add: { path: 'inventory/add', under: 'inventory' },
    inventory_update: { path: 'inventory/update', under: 'inventory' },
    deregistrations: queue('deregistrations', ['deregistration']),
    find_customer_fieldagent: {
        path: 'find/fieldagent/customer',
        menu: find('fieldagent-customers', { group: 'field_agent' }),
    },
    find_customer_by_shop: {
        path: 'find/shop/fieldagent/customer',
        menu: find('fieldagent-shop-customers', { group: 'field_agent' }),
    },
    analytics: { path: '/bi', menu: list('bi') },
    mc_requests_v2: queue('mc_requests_v2', SERVICE_APPROVAL_KINDS, 'approvals'),
    mc_requests: queue('mc_requests', LOAN_APPROVAL_KINDS, 'approvals'),
    imei_changes: queue('imei_changes', ['imei_change'], 'approvals'),
    transfer_loan_requests: queue('transfer_loan_requests', ['loan_transfer'], 'approvals'),
    kyc_verification: { path: 'customers/ocr', menu: list('kyc-submissions', { group: 'kyc' }) },
    kyc_validation: { path: 'customers/kyc-validation' },
    suspense_transactions: {
        path: 'suspense-transactions',
        under: 'suspense-transactions',
        menu: list('suspense-transactions', { group: 'suspense' }),
    },
    reconciliation: {
        path: 'reconciliation',
        menu: { resource: 'reconciliation', action: 'create', group: 'suspense' },
    },
    tpi: { path: 'tpi', under: 'tpi' },
    tpi_successful: {
        path: 'tpi/successful',
        under: 'tpi',
        menu: list('tpi-successful', { group: 'tpi' }),
    },
    tpi_failed: { path: 'tpi/failed', under: 'tpi', menu: list('tpi-failed', { group: 'tpi' }) },
    tpi_reversal: { path: 'tpi/reversal', under: 'tpi', menu: list('tpi-reversals', { group: 'tpi' }) },
    security: { path: 'security', under: 'security', menu: list('security') },
    audit: { path: 'audit', menu: list('audit-events') },
    // Not in the specification's menu: the system check support staff run at a shop, and the same
    // with the beta switches (pages/system/).
    system_check: { path: 'test', menu: list('system-check') },
    system_check_beta: { path: 'test-beta', menu: list('system-check-beta') },
    profile: { path: 'profile' },
    password: { path: 'password' },
    customer_view: { path: 'customers/view' },
    assisted_customer_view: { path: 'customers/digital-assisted-view' },
    fieldagent_customer_view: { path: 'fieldagent/customers/view' },
    shop_customer_view: { path: 'shop/fieldagent/customers/view' },
    add_loan: { path: 'customers/add-loan' },
    add_loan_v2: { path: 'customers/add-loan-v2' },
    add_loan_fieldagent: { path: 'fieldagent/customers/add-loan' },
    add_loan_shop: { path: 'fieldagent/shop/customers/add-loan' },
    add_loan_assisted: { path: 'customers/digital-assisted-add-loan' },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof ROUTES;

/**
 * The routes App.tsx renders: all but the home (react-admin's dashboard) and the pages outside the
 * shell (an absolute path: the BI page).
 */
export type ShellRouteKey = {
    [K in RouteKey]: (typeof ROUTES)[K]['path'] extends '' | `/${string}` ? never : K;
}[RouteKey];

/** The routes in the side menu. */
export type MenuRouteKey = {
    [K in RouteKey]: (typeof ROUTES)[K] extends { menu: MenuPlace } ? K : never;
}[RouteKey];

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/** Where a route of the shell leads, as an absolute path. */
export const hrefTo = (key: ShellRouteKey) => `/dashboard/${ROUTES[key].path}`;

/** Is this key a route App.tsx renders? (the runtime twin of `ShellRouteKey`) */
export const isShellRoute = (key: RouteKey): key is ShellRouteKey => {
    const { path } = ROUTES[key];
    return path !== '' && !path.startsWith('/');
};
