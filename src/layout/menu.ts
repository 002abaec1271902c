/**
 * The side menu of spec §2, declared once. Each entry names the permission (resource + action in
 * the permissions map) that gates it; the same table drives the side menu, the guards of the
 * custom routes and the dashboard's shortcuts. An entry is shown once its screen has landed
 * (`landed`), so no entry ever leads to a placeholder; the gates of the others are declared (and
 * tested) already.
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
import { LOAN_APPROVAL_KINDS, SERVICE_APPROVAL_KINDS, type ApprovalKind } from '../../contract/approvals';
import { canAccessWith } from '../authProvider/permissions';

export interface MenuEntry {
    kind: 'entry';
    key: string;
    /** Translation key of the label. */
    label: string;
    /** Under /dashboard ('' is the home), or absolute when it starts with '/' (the BI page). */
    path: string;
    icon: SvgIconComponent;
    resource: string;
    action: string;
    landed: boolean;
    /** The requests waiting in this queue, counted on its badge (`approvalCounts`). */
    badge?: readonly ApprovalKind[];
}

export interface MenuGroup {
    kind: 'group';
    key: string;
    label: string;
    icon: SvgIconComponent;
    children: MenuEntry[];
}

export type MenuNode = MenuEntry | MenuGroup;

const entry = (
    key: string,
    path: string,
    icon: SvgIconComponent,
    resource: string,
    action = 'list',
    landed = false,
): MenuEntry => ({
    kind: 'entry',
    key,
    label: `menu.${key}`,
    path,
    icon,
    resource,
    action,
    landed,
});

/** An approvals queue (src/resources/approvals): its route and resource share its key; its badge counts these kinds. */
const queue = (key: string, icon: SvgIconComponent, badge: readonly ApprovalKind[]): MenuEntry => ({
    ...entry(key, key, icon, key, 'list', true),
    badge,
});

const group = (key: string, icon: SvgIconComponent, children: MenuEntry[]): MenuGroup => ({
    kind: 'group',
    key,
    label: `menu.${key}`,
    icon,
    children,
});

export const MENU: readonly MenuNode[] = [
    entry('dashboard', '', DashboardIcon, 'dashboard', 'list', true),
    entry('users', 'users', GroupIcon, 'users', 'list', true),
    entry('agents', 'agents', SupportAgentIcon, 'agents', 'list', true),
    entry('find_customer', 'customers/find', PersonSearchIcon, 'customers', 'find', true),
    entry('find_assisted_customer', 'customers/findassisted', PersonSearchIcon, 'customers-assisted', 'find', true),
    entry('find_transaction', 'transactions/find', ReceiptLongIcon, 'transactions', 'find', true),
    entry('stores', 'stores', StoreIcon, 'stores', 'list', true),
    entry('shop', 'shop', StorefrontIcon, 'shop', 'list', true),
    // Not in the specification's menu: a shop's agents, where they are transferred (`shop/agent`), else reached only
    // from a row of the shop list.
    entry('shop_agents', 'shop/agent', SwapHorizIcon, 'shop', 'agents', true),
    entry('inventory', 'inventory', Inventory2Icon, 'inventory', 'list', true),
    queue('deregistrations', PhonelinkEraseIcon, ['deregistration']),
    group('field_agent', DirectionsWalkIcon, [
        entry('find_customer_fieldagent', 'find/fieldagent/customer', PersonSearchIcon, 'fieldagent-customers', 'find', true),
        entry(
            'find_customer_by_shop',
            'find/shop/fieldagent/customer',
            StorefrontIcon,
            'fieldagent-shop-customers',
            'find',
            true,
        ),
    ]),
    entry('analytics', '/bi', AnalyticsIcon, 'bi', 'list', true),
    group('approvals', FactCheckIcon, [
        queue('mc_requests_v2', FactCheckIcon, SERVICE_APPROVAL_KINDS),
        queue('mc_requests', FactCheckIcon, LOAN_APPROVAL_KINDS),
        queue('imei_changes', PhonelinkEraseIcon, ['imei_change']),
        queue('transfer_loan_requests', AppRegistrationIcon, ['loan_transfer']),
    ]),
    group('kyc', BadgeIcon, [entry('kyc_verification', 'customers/ocr', BadgeIcon, 'kyc', 'list', true)]),
    group('suspense', AccountBalanceWalletIcon, [
        entry('suspense_transactions', 'suspense-transactions', AccountBalanceWalletIcon, 'suspense-transactions', 'list', true),
        entry('reconciliation', 'reconciliation', AppRegistrationIcon, 'reconciliation', 'create', true),
    ]),
    group('tpi', HealthAndSafetyIcon, [
        entry('tpi_successful', 'tpi/successful', HealthAndSafetyIcon, 'tpi-successful', 'list', true),
        entry('tpi_failed', 'tpi/failed', HealthAndSafetyIcon, 'tpi-failed', 'list', true),
        entry('tpi_reversal', 'tpi/reversal', HealthAndSafetyIcon, 'tpi-reversal', 'list', true),
    ]),
    entry('security', 'security', SecurityIcon, 'security', 'list', true),
    entry('audit', 'audit', HistoryIcon, 'audit-events', 'list', true),
    // Not in the specification's menu: the system check support staff run at a shop, and the same
    // with the beta switches (pages/system/).
    entry('system_check', 'test', MonitorHeartIcon, 'system-check', 'list', true),
    entry('system_check_beta', 'test-beta', ScienceIcon, 'system-check-beta', 'list', true),
];

/**
 * Where an entry leads, as an absolute path. The home is `/dashboard/`: react-admin marks its
 * link active on exactly that path, not on every page below it.
 */
export const hrefOf = (item: MenuEntry) => (item.path.startsWith('/') ? item.path : `/dashboard/${item.path}`);

const allowed = (roles: ReadonlySet<string>) => (item: MenuEntry) => canAccessWith(roles, item);

/**
 * The menu a holder of these roles sees: entries they may open; a group when they may open any
 * of its children, with only those children. `onlyLanded: false` gives the rules alone.
 */
export const visibleMenu = (roles: ReadonlySet<string>, { onlyLanded = true } = {}): MenuNode[] => {
    const shown = (item: MenuEntry) => (!onlyLanded || item.landed) && allowed(roles)(item);
    return MENU.flatMap<MenuNode>(node => {
        if (node.kind === 'entry') return shown(node) ? [node] : [];
        const children = node.children.filter(shown);
        return children.length ? [{ ...node, children }] : [];
    });
};

/** Every entry a holder of these roles may open, groups flattened (the dashboard's shortcuts). */
export const visibleEntries = (roles: ReadonlySet<string>): MenuEntry[] =>
    visibleMenu(roles).flatMap(node => (node.kind === 'entry' ? [node] : node.children));
