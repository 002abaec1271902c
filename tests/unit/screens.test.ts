/**
 * The runtime twin of each folder's `satisfies ScreensOf<typeof routes>`: App.tsx renders every
 * route of the shell with the screen its folder gives, so each such route has exactly one screen,
 * in the folder that declares the route, and no screen stands without a route.
 */
import { describe, expect, it } from 'vitest';
import type { RouteTable } from '../../src/routeTable';
import type { ScreenFolder } from '../../src/lib/screenTable';
import { ROUTE_KEYS, isShellRoute } from '../../src/routes';
import { SCREENS } from '../../src/screens';

const routeFiles = import.meta.glob<RouteTable>(['../../src/resources/*/routes.ts', '../../src/pages/*/routes.ts'], {
    eager: true,
    import: 'routes',
});
const screenFiles = import.meta.glob<ScreenFolder>(['../../src/resources/*/screens.tsx', '../../src/pages/*/screens.tsx'], {
    eager: true,
});

const folderOf = (file: string) => file.replace(/\/[^/]+$/, '');
const isShellPath = (path: string) => path !== '' && !path.startsWith('/');

describe('the screens of the shell', () => {
    it('gives every route of the shell exactly one screen, and every screen a route', () => {
        const shell = ROUTE_KEYS.filter(isShellRoute);
        expect(shell.length).toBeGreaterThan(40);
        expect(Object.keys(SCREENS).sort()).toEqual([...shell].sort());
    });

    it("keeps each route's screen in the folder that declares the route", () => {
        const declared = Object.entries(routeFiles).map(([file, routes]) => ({
            folder: folderOf(file),
            shell: Object.entries(routes)
                .filter(([, route]) => isShellPath(route.path))
                .map(([key]) => key)
                .sort(),
        }));
        const given = Object.fromEntries(
            Object.entries(screenFiles).map(([file, folder]) => [folderOf(file), Object.keys(folder.screens).sort()]),
        );
        for (const { folder, shell } of declared) expect(given[folder] ?? [], folder).toEqual(shell);
        const withRoutes = new Set(declared.map(({ folder }) => folder));
        expect(Object.keys(given).filter(folder => !withRoutes.has(folder))).toEqual([]);
    });

    it('declares each route key in one folder only', () => {
        const keys = Object.values(routeFiles).flatMap(routes => Object.keys(routes));
        expect(keys.length).toBe(ROUTE_KEYS.length);
        expect(new Set(keys).size).toBe(keys.length);
    });
});
