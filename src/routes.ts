/**
 * Every page of the signed-in shell and where it lives, gathered from the folders: each folder with
 * pages declares its own in `routes.ts` (`src/resources/<d>/routes.ts`, `src/pages/<d>/routes.ts`;
 * what a route is made of: routeTable.ts), found here by its place and typed by declaration
 * merging, as the data layer finds each folder's calls and writes, so a new folder's pages need no
 * edit here. The side menu (spec §2, layout/menu.ts) takes its entries, labels, gates, groups,
 * badges and order from them, App.tsx its routes (each folder's `screens.tsx` maps its shell
 * routes to their screens), and the screens that link to a page (the customer lookups, the
 * add-loan entries) its path. A route `under` a resource is one of that `<Resource>`'s own routes
 * (its list, its `create`, or a child route such as `stores/:id`); the others are custom routes.
 *
 * Names, paths and role gates only, no icon and no screen: the add-loan gates read it on the
 * sign-in page too. Nothing here imports a folder, and a folder's `routes.ts` imports only below it.
 */
import { mergeFolderTables, type Merged } from './folderTables';
import type { MenuKeysOf, RouteDef, RouteTable, ShellKeysOf } from './routeTable';

export { MENU_GROUPS, type MenuGroupKey, type MenuPlace, type RouteDef } from './routeTable';

/**
 * Each folder's table of routes by the folder's name, filled in by the folders themselves:
 * `declare module '../../routes' { interface PortalRouteFolders { stores: typeof routes } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each folder
export interface PortalRouteFolders {}

type Routes = Merged<PortalRouteFolders[keyof PortalRouteFolders]>;

const folders = import.meta.glob<RouteTable>(['./resources/*/routes.ts', './pages/*/routes.ts'], {
    eager: true,
    import: 'routes',
});

/** Every folder's routes by key. */
export const ROUTES = mergeFolderTables('Route', folders) as Routes;

export type RouteKey = keyof Routes;

/**
 * The routes App.tsx renders: all but the home (react-admin's dashboard) and the pages outside the
 * shell (an absolute path: the BI page).
 */
export type ShellRouteKey = ShellKeysOf<Routes>;

/** The routes in the side menu. */
export type MenuRouteKey = MenuKeysOf<Routes>;

export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/** Where a route of the shell leads, as an absolute path. */
export const hrefTo = (key: ShellRouteKey) => `/dashboard/${ROUTES[key].path}`;

/** Is this key a route App.tsx renders? (the runtime twin of `ShellRouteKey`) */
export const isShellRoute = (key: RouteKey): key is ShellRouteKey => {
    const { path }: RouteDef = ROUTES[key];
    return path !== '' && !path.startsWith('/');
};
