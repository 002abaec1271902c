/**
 * The side menu of spec §2, built from the routes the folders declare (src/routes.ts). Each entry
 * names the permission (resource + action in the permissions map) that gates it; the same routes
 * drive the side menu, App.tsx's routes and the dashboard's shortcuts. Each entry's icon comes from
 * its folder's `icons.ts`, found by its place as the data layer finds each folder's calls: the
 * layout imports no folder, and the icons stay out of the sign-in page, which reads the routes.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BadgeIcon from '@mui/icons-material/Badge';
import DirectionsWalkIcon from '@mui/icons-material/DirectionsWalk';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import type { ApprovalKind } from '../../contract/approvals';
import { canAccessWith } from '../authProvider/permissions';
import { ROUTE_KEYS, ROUTES, type MenuGroupKey, type MenuPlace, type RouteDef, type RouteKey } from '../routes';

const iconFiles = import.meta.glob<Readonly<Record<string, SvgIconComponent>>>(
    ['../resources/*/icons.ts', '../pages/*/icons.ts'],
    { eager: true, import: 'icons' },
);

/** Each menu entry's icon; each folder's `icons.ts` names one for each of its entries (`IconsOf`). */
const ICONS: Readonly<Record<string, SvgIconComponent>> = Object.fromEntries(
    Object.values(iconFiles).flatMap(icons => Object.entries(icons)),
);

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

/** The menu's entries in their order, lowest first; two at one place would leave it to chance. */
const ordered = (): { key: RouteKey; path: string; menu: MenuPlace }[] => {
    const entries = ROUTE_KEYS.flatMap(key => {
        const { path, menu }: RouteDef = ROUTES[key];
        return menu ? [{ key, path, menu }] : [];
    });
    entries.sort((a, b) => a.menu.order - b.menu.order);
    entries.forEach(({ key, menu }, at) => {
        const next = entries[at + 1];
        if (next?.menu.order === menu.order)
            throw new Error(`Menu entries "${key}" and "${next.key}" stand at one place (${menu.order})`);
    });
    return entries;
};

/** The routes in the menu, in the menu's order; a group where its first entry stands. */
const buildMenu = (): MenuNode[] => {
    const nodes: MenuNode[] = [];
    const groups = new Map<MenuGroupKey, MenuGroup>();
    for (const { key, path, menu } of ordered()) {
        const { resource, action, badge, group } = menu;
        const icon = ICONS[key];
        if (!icon) throw new Error(`Menu entry "${key}" has no icon in its folder's icons.ts`);
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
