/**
 * Every folder's screens, found by their place: each folder with pages has `screens.tsx`
 * (`src/resources/<d>/`, `src/pages/<d>/`) mapping each of its shell routes (its `routes.ts`) to
 * its screen, and saying what else its resources hold (`resourceProps`). App.tsx renders them, so
 * a new folder's screens need no edit there. Each folder's file type-checks its own routes
 * against its screens (`ScreensOf`); gathered here, a key twice is an error at once.
 */
import type { ReactElement } from 'react';
import type { DashboardComponent } from 'react-admin';
import { mergeFolderTables } from './folderTables';
import type { ResourcePropsByName, ScreenFolder } from './lib/screenTable';
import type { ShellRouteKey } from './routes';

const folders = import.meta.glob<ScreenFolder>(['./resources/*/screens.tsx', './pages/*/screens.tsx'], { eager: true });

/** One table of each folder's file, by the file's path. */
const each = <T>(tableOf: (folder: ScreenFolder) => T) =>
    Object.fromEntries(Object.entries(folders).map(([file, folder]) => [file, tableOf(folder)]));

/**
 * The screen of every route App.tsx renders, by route key; tests/unit/screens.test.ts checks that
 * each such route has one and each screen a route.
 */
export const SCREENS = mergeFolderTables(
    'Screen',
    each(folder => folder.screens),
) as Readonly<Record<ShellRouteKey, ReactElement>>;

/** What else a resource holds, by its name: its own create, edit and show screens, how a picker names its records. */
export const RESOURCE_PROPS: ResourcePropsByName = mergeFolderTables(
    'Resource',
    each(folder => folder.resourceProps),
);

const [home, ...more] = Object.values(folders).flatMap(folder => (folder.home ? [folder.home] : []));
if (!home || more.length) throw new Error("Exactly one folder's screens.tsx gives the shell its home page");

/** The shell's home, react-admin's dashboard. */
export const HOME: DashboardComponent = home;
