/**
 * What a folder's table of routes is made of (`src/resources/<d>/routes.ts`, `src/pages/<d>/routes.ts`):
 * each route's path, the `<Resource>` it belongs to and its place in the side menu. Names, paths,
 * gates and menu places only, no icon and no screen: the add-loan gates read the routes on the
 * sign-in page too. src/routes.ts gathers the folders' tables into one.
 */
import type { ApprovalKind } from '../contract/approvals';

/** The menu's groups (spec §2), each shown where its first entry stands in the menu's order. */
export const MENU_GROUPS = ['field_agent', 'approvals', 'kyc', 'suspense', 'tpi'] as const;

export type MenuGroupKey = (typeof MENU_GROUPS)[number];

/** A route's place in the side menu, labelled `menu.<key>`. */
export interface MenuPlace {
    /** The permission that shows the entry: `canAccess({ resource, action })`. */
    resource: string;
    action: string;
    /**
     * Where the entry stands in the menu, lowest first, whichever folder declares it: each a
     * multiple of 10, so an entry can be put between two without renumbering the others.
     */
    order: number;
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

/** A folder's routes by key; each key is unique across the folders. */
export type RouteTable = Readonly<Record<string, RouteDef>>;

/**
 * The routes of a table App.tsx renders: all but the home (react-admin's dashboard) and the pages
 * outside the shell (an absolute path: the BI page).
 */
export type ShellKeysOf<T extends RouteTable> = {
    [K in keyof T]: T[K]['path'] extends '' | `/${string}` ? never : K;
}[keyof T];

/** The routes of a table that have a place in the side menu. */
export type MenuKeysOf<T extends RouteTable> = {
    [K in keyof T]: T[K] extends { menu: MenuPlace } ? K : never;
}[keyof T];

/** What a menu place says besides its permission: its order, and its group or badge if any. */
type PlaceMore = Omit<MenuPlace, 'resource' | 'action'>;

/** A menu place opened by the right to list `resource`. */
export const list = (resource: string, more: PlaceMore): MenuPlace => ({ resource, action: 'list', ...more });

/** A menu place opened by the right to search `resource` (the lookups). */
export const find = (resource: string, more: PlaceMore): MenuPlace => ({ resource, action: 'find', ...more });

/** An approvals queue: its route and resource share its name; its badge counts these kinds. */
export const queue = (
    name: string,
    badge: readonly ApprovalKind[],
    more: Omit<PlaceMore, 'badge'>,
): RouteDef & { path: string; menu: MenuPlace } => ({
    path: name,
    under: name,
    menu: list(name, { badge, ...more }),
});
