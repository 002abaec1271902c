/**
 * The side menu of spec §2, built from the one table of routes (src/routes.ts). Each entry names
 * the permission (resource + action in the permissions map) that gates it; the same table drives
 * the side menu, App.tsx's routes and the dashboard's shortcuts.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import type { ApprovalKind } from '../../contract/approvals';
import { canAccessWith } from '../authProvider/permissions';
import { MENU_GROUPS, ROUTE_KEYS, ROUTES, type MenuGroupKey, type RouteDef, type RouteKey } from '../routes';

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
        const { icon, resource, action, badge, group } = menu;
        const item: MenuEntry = { kind: 'entry', key, label: `menu.${key}`, path, icon, resource, action, badge };
        if (!group) {
            nodes.push(item);
            continue;
        }
        let node = groups.get(group);
        if (!node) {
            node = { kind: 'group', key: group, label: `menu.${group}`, icon: MENU_GROUPS[group], children: [] };
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
