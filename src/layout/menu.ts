/**
 * The side menu of spec §2, built from the one table of routes (src/routes.ts). Each entry names
 * the permission (resource + action in the permissions map) that gates it; the same table drives
 * the side menu, App.tsx's routes and the dashboard's shortcuts.
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
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RunningWithErrorsIcon from '@mui/icons-material/RunningWithErrors';
import ScienceIcon from '@mui/icons-material/Science';
import SecurityIcon from '@mui/icons-material/Security';
import StoreIcon from '@mui/icons-material/Store';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { ApprovalKind } from '../../contract/approvals';
import { canAccessWith } from '../authProvider/permissions';
import { ROUTE_KEYS, ROUTES, type MenuGroupKey, type MenuRouteKey, type RouteDef, type RouteKey } from '../routes';

/** Each menu entry's icon: an entry of the table of routes without one does not type-check. */
const ICONS: Record<MenuRouteKey, SvgIconComponent> = {
    dashboard: DashboardIcon,
    users: GroupIcon,
    agents: SupportAgentIcon,
    find_customer: PersonSearchIcon,
    find_assisted_customer: PersonSearchIcon,
    find_transaction: ReceiptLongIcon,
    collections: RunningWithErrorsIcon,
    lock_policy: PhonelinkLockIcon,
    stores: StoreIcon,
    shop: StorefrontIcon,
    shop_agents: SwapHorizIcon,
    inventory: Inventory2Icon,
    deregistrations: PhonelinkEraseIcon,
    find_customer_fieldagent: PersonSearchIcon,
    find_customer_by_shop: StorefrontIcon,
    analytics: AnalyticsIcon,
    mc_requests_v2: FactCheckIcon,
    mc_requests: FactCheckIcon,
    imei_changes: PhonelinkEraseIcon,
    transfer_loan_requests: AppRegistrationIcon,
    kyc_verification: BadgeIcon,
    suspense_transactions: AccountBalanceWalletIcon,
    reconciliation: AppRegistrationIcon,
    tpi_successful: HealthAndSafetyIcon,
    tpi_failed: HealthAndSafetyIcon,
    tpi_reversal: HealthAndSafetyIcon,
    security: SecurityIcon,
    audit: HistoryIcon,
    system_check: MonitorHeartIcon,
    system_check_beta: ScienceIcon,
};

const GROUP_ICONS: Record<MenuGroupKey, SvgIconComponent> = {
    field_agent: DirectionsWalkIcon,
    approvals: FactCheckIcon,
    kyc: BadgeIcon,
    suspense: AccountBalanceWalletIcon,
    tpi: HealthAndSafetyIcon,
};

export interface MenuEntry {
    kind: 'entry';
    key: RouteKey;
    /** Translation key of the label. */
    label: string;
    /** Under /dashboard ('' is the home), or absolute when it starts with '/' (the BI page). */
    path: string;
    icon: SvgIconComponent;
    resource: string;
    action: string;
    /** The requests waiting in this queue, counted on its badge (`approval-counts`). */
    badge?: readonly ApprovalKind[];
}

export interface MenuGroup {
    kind: 'group';
    key: MenuGroupKey;
    label: string;
    icon: SvgIconComponent;
    children: MenuEntry[];
}

export type MenuNode = MenuEntry | MenuGroup;

/** The routes in the menu, in the table's order; a group where its first entry stands. */
const buildMenu = (): MenuNode[] => {
    const nodes: MenuNode[] = [];
    const groups = new Map<MenuGroupKey, MenuGroup>();
    for (const key of ROUTE_KEYS) {
        const { path, menu }: RouteDef = ROUTES[key];
        if (!menu) continue;
        const { resource, action, badge, group } = menu;
        const icon = ICONS[key as MenuRouteKey];
        const item: MenuEntry = { kind: 'entry', key, label: `menu.${key}`, path, icon, resource, action, badge };
        if (!group) {
            nodes.push(item);
            continue;
        }
        let node = groups.get(group);
        if (!node) {
            node = { kind: 'group', key: group, label: `menu.${group}`, icon: GROUP_ICONS[group], children: [] };
            groups.set(group, node);
            nodes.push(node);
        }
        node.children.push(item);
    }
    return nodes;
};

export const MENU: readonly MenuNode[] = buildMenu();

/**
 * Where an entry leads, as an absolute path. The home is `/dashboard/`: react-admin marks its
 * link active on exactly that path, not on every page below it.
 */
export const hrefOf = (item: MenuEntry) => (item.path.startsWith('/') ? item.path : `/dashboard/${item.path}`);

const allowed = (roles: ReadonlySet<string>) => (item: MenuEntry) => canAccessWith(roles, item);

/**
 * The menu a holder of these roles sees: entries they may open; a group when they may open any
 * of its children, with only those children.
 */
export const visibleMenu = (roles: ReadonlySet<string>): MenuNode[] => {
    const shown = allowed(roles);
    return MENU.flatMap<MenuNode>(node => {
        if (node.kind === 'entry') return shown(node) ? [node] : [];
        const children = node.children.filter(shown);
        return children.length ? [{ ...node, children }] : [];
    });
};

/** Every entry a holder of these roles may open, groups flattened (the dashboard's shortcuts). */
export const visibleEntries = (roles: ReadonlySet<string>): MenuEntry[] =>
    visibleMenu(roles).flatMap(node => (node.kind === 'entry' ? [node] : node.children));
