/**
 * What a folder's `screens.tsx` and `icons.ts` hold, typed by the folder's own routes (routes.ts):
 * App.tsx finds every folder's screens by their place, layout/menu.ts every folder's icons.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactElement } from 'react';
import type { DashboardComponent, ResourceProps } from 'react-admin';
import type { MenuKeysOf, RouteTable, ShellKeysOf } from '../routeTable';

/** A folder's screens: one for each of its shell routes, so a route without one does not type-check. */
export type ScreensOf<T extends RouteTable> = Record<ShellKeysOf<T>, ReactElement>;

/** A folder's menu icons: one for each of its menu entries, so an entry without one does not type-check. */
export type IconsOf<T extends RouteTable> = Record<MenuKeysOf<T>, SvgIconComponent>;

/**
 * What a `<Resource>` holds besides the routes of the table, by resource name: its own create,
 * edit or show screens, how a picker names its records (`recordRepresentation`).
 */
export type ResourcePropsByName = Readonly<Record<string, Partial<ResourceProps>>>;

/** What a folder's `screens.tsx` exports; `home` is the shell's home page, which one folder gives. */
export interface ScreenFolder {
    screens: Readonly<Record<string, ReactElement>>;
    resourceProps?: ResourcePropsByName;
    home?: DashboardComponent;
}
