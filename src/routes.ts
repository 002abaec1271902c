/**
 * Every page of the signed-in shell and where it lives, written once: the side menu (spec §2,
 * layout/menu.ts) takes its entries, labels, gates, icons and badges from here, and App.tsx its
 * routes, mapping each key to its screen (`Record<ShellRouteKey, ReactElement>`, so a route
 * without a screen does not type-check). A route `under` a resource is one of that
 * `<Resource>`'s own routes (its list, its `create`, or a child route such as `stores/:id`); the
 * others are custom routes.
 *
 * The table's order is the menu's: a group stands where its first entry does, its entries in
 * their order. Light enough for the menu: names, role gates and icons, no screen.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import BadgeIcon from '@mui/icons-material/Badge';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupIcon from '@mui/icons-material/Group';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScienceIcon from '@mui/icons-material/Science';
import SecurityIcon from '@mui/icons-material/Security';
import StoreIcon from '@mui/icons-material/Store';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { LOAN_APPROVAL_KINDS, SERVICE_APPROVAL_KINDS, type ApprovalKind } from '../contract/approvals';

/** The menu's groups (spec §2), each shown where its first entry stands in `ROUTES`. */
export const MENU_GROUPS = {
    field_agent: DirectionsWalkIcon,
    approvals: FactCheckIcon,
    kyc: BadgeIcon,
    suspense: AccountBalanceWalletIcon,
    tpi: HealthAndSafetyIcon,
} as const satisfies Record<string, SvgIconComponent>;

export type MenuGroupKey = keyof typeof MENU_GROUPS;

/** A route's place in the side menu, labelled `menu.<key>`. */
export interface MenuPlace {
    icon: SvgIconComponent;
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

const list = (icon: SvgIconComponent, resource: string, more: Partial<MenuPlace> = {}): MenuPlace => ({
    icon,
    resource,
    action: 'list',
    ...more,
});
const find = (icon: SvgIconComponent, resource: string, more: Partial<MenuPlace> = {}): MenuPlace => ({
    ...list(icon, resource, more),
    action: 'find',
});
/** An approvals queue: its route and resource share its name; its badge counts these kinds. */
const queue = (name: string, icon: SvgIconComponent, badge: readonly ApprovalKind[], group?: MenuGroupKey): RouteDef => ({
    path: name,
    under: name,
    menu: list(icon, name, { badge, group }),
});

export const ROUTES = {
    dashboard: { path: '', menu: list(DashboardIcon, 'dashboard') },
    users: { path: 'users', under: 'users', menu: list(GroupIcon, 'users') },
    agents: { path: 'agents', under: 'agents', menu: list(SupportAgentIcon, 'agents') },
    find_customer: { path: 'customers/find', menu: find(PersonSearchIcon, 'customers') },
    find_assisted_customer: { path: 'customers/findassisted', menu: find(PersonSearchIcon, 'customers-assisted') },
    find_transaction: { path: 'transactions/find', under: 'transactions', menu: find(ReceiptLongIcon, 'transactions') },
    stores: { path: 'stores', under: 'stores', menu: list(StoreIcon, 'stores') },
    store_create: { path: 'stores/create', under: 'stores' },
    store: { path: 'stores/:id', under: 'stores' },
    shop: { path: 'shop', under: 'shop', menu: list(StorefrontIcon, 'shop') },
    // Not in the specification's menu: a shop's agents, where they are transferred, else reached
    // only from a row of the shop list.
    shop_agents: { path: 'shop/agent', under: 'shop', menu: { icon: SwapHorizIcon, resource: 'shop', action: 'agents' } },
    inventory: { path: 'inventory', under: 'inventory', menu: list(Inventory2Icon, 'inventory') },
    inventory_add: { path: 'inventory/add', under: 'inventory' },
    inventory_update: { path: 'inventory/update', under: 'inventory' },
    deregistrations: queue('deregistrations', PhonelinkEraseIcon, ['deregistration']),
    find_customer_fieldagent: {
        path: 'find/fieldagent/customer',
        menu: find(PersonSearchIcon, 'fieldagent-customers', { group: 'field_agent' }),
    },
    find_customer_by_shop: {
        path: 'find/shop/fieldagent/customer',
        menu: find(StorefrontIcon, 'fieldagent-shop-customers', { group: 'field_agent' }),
    },
    analytics: { path: '/bi', menu: list(AnalyticsIcon, 'bi') },
    mc_requests_v2: queue('mc_requests_v2', FactCheckIcon, SERVICE_APPROVAL_KINDS, 'approvals'),
    mc_requests: queue('mc_requests', FactCheckIcon, LOAN_APPROVAL_KINDS, 'approvals'),
    imei_changes: queue('imei_changes', PhonelinkEraseIcon, ['imei_change'], 'approvals'),
    transfer_loan_requests: queue('transfer_loan_requests', AppRegistrationIcon, ['loan_transfer'], 'approvals'),
    kyc_verification: { path: 'customers/ocr', menu: list(BadgeIcon, 'kyc-submissions', { group: 'kyc' }) },
    kyc_validation: { path: 'customers/kyc-validation' },
    suspense_transactions: {
        path: 'suspense-transactions',
        under: 'suspense-transactions',
        menu: list(AccountBalanceWalletIcon, 'suspense-transactions', { group: 'suspense' }),
    },
    reconciliation: {
        path: 'reconciliation',
        menu: { icon: AppRegistrationIcon, resource: 'reconciliation', action: 'create', group: 'suspense' },
    },
    tpi: { path: 'tpi', under: 'tpi' },
    tpi_successful: {
        path: 'tpi/successful',
        under: 'tpi',
        menu: list(HealthAndSafetyIcon, 'tpi-successful', { group: 'tpi' }),
    },
    tpi_failed: { path: 'tpi/failed', under: 'tpi', menu: list(HealthAndSafetyIcon, 'tpi-failed', { group: 'tpi' }) },
    tpi_reversal: { path: 'tpi/reversal', under: 'tpi', menu: list(HealthAndSafetyIcon, 'tpi-reversal', { group: 'tpi' }) },
    security: { path: 'security', under: 'security', menu: list(SecurityIcon, 'security') },
    audit: { path: 'audit', menu: list(HistoryIcon, 'audit-events') },
    // Not in the specification's menu: the system check support staff run at a shop, and the same
    // with the beta switches (pages/system/).
    system_check: { path: 'test', menu: list(MonitorHeartIcon, 'system-check') },
    system_check_beta: { path: 'test-beta', menu: list(ScienceIcon, 'system-check-beta') },
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

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/** Is this key a route App.tsx renders? (the runtime twin of `ShellRouteKey`) */
export const isShellRoute = (key: RouteKey): key is ShellRouteKey => {
    const { path } = ROUTES[key];
    return path !== '' && !path.startsWith('/');
};
