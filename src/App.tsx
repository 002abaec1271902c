/**
 * The signed-in shell, loaded for `/dashboard/*` only (Portal.tsx): react-admin with one
 * `<Resource>` per domain and the custom routes. The signed-out pages and the providers every
 * page needs are in Portal.tsx. It imports no folder: the routes are the folders' own
 * (src/routes.ts), and so are their screens (src/screens.ts), so a new folder needs no edit here.
 */
import { AdminUI, CustomRoutes, Resource, type ResourceProps, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { settings } from './config';
import { DECLARED_RESOURCES } from './dataProvider/declarations';
import type { PortalI18n } from './i18n';
import { AccessCheckFailed } from './layout/AccessCheckFailed';
import { AccessDenied } from './layout/AccessDenied';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { PageLoading } from './layout/PageLoading';
import { SignedInContext, SignedInGate } from './layout/SignedIn';
import { ROUTE_KEYS, ROUTES, isShellRoute, type RouteDef } from './routes';
import { HOME, RESOURCE_PROPS, SCREENS } from './screens';

/** Unknown signed-in paths go to the dashboard home. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

const SHELL_ROUTES = ROUTE_KEYS.filter(isShellRoute).map(key => ({ key, ...(ROUTES[key] as RouteDef) }));

/** The resources the routes are under. */
const ROUTED = [...new Set(SHELL_ROUTES.flatMap(route => (route.under ? [route.under] : [])))];

/**
 * A resource's routes from the table: its list (the path that is its name), its `create`, and the
 * others as child routes below its name (`stores/:id`, `shop/agent`, `tpi/failed`).
 */
const routesOf = (name: string): Pick<ResourceProps, 'list' | 'create' | 'children'> => {
    const own = SHELL_ROUTES.filter(route => route.under === name).map(route => ({
        ...route,
        below: route.path.slice(name.length + 1),
    }));
    const at = (below: string) => own.find(route => route.below === below);
    const list = at('');
    const create = at('create');
    // Only what the table holds: an undefined `create` would hide the users' and security's own.
    return {
        ...(list && { list: SCREENS[list.key] }),
        ...(create && { create: SCREENS[create.key] }),
        children: own
            .filter(route => route !== list && route !== create)
            .map(route => <Route key={route.key} path={route.below} element={SCREENS[route.key]} />),
    };
};

/**
 * Every declared resource of records (a list or a whole one) without routes of its own: a
 * `<Resource>` too, so react-admin knows each name its hooks and lists use.
 */
const DATA_ONLY = Object.entries(DECLARED_RESOURCES)
    .filter(([name, declaration]) => (declaration.list || declaration.whole) && !ROUTED.includes(name))
    .map(([name]) => name);

/** The routes of no resource: custom routes of the shell. */
const CUSTOM = SHELL_ROUTES.filter(route => !route.under);

/** The session's checks and react-admin's context are shared with the BI page (layout/SignedIn.tsx). */
export const App = (props: { i18n: PortalI18n; store?: Store }) => (
    <SignedInGate>
        <SignedInShell {...props} />
    </SignedInGate>
);

const SignedInShell = ({ i18n, store }: { i18n: PortalI18n; store?: Store }) => {
    return (
        <SignedInContext i18n={i18n} store={store}>
            <AdminUI
                title={settings.companyName}
                layout={Layout}
                dashboard={HOME}
                loginPage={false}
                catchAll={ToDashboard}
                accessDenied={AccessDenied}
                authenticationError={AccessCheckFailed}
                error={ErrorPage}
                loading={PageLoading}
                notification={() => null}
                requireAuth
                disableTelemetry
            >
                {ROUTED.map(name => (
                    <Resource key={name} name={name} {...RESOURCE_PROPS[name]} {...routesOf(name)} />
                ))}
                {DATA_ONLY.map(name => (
                    <Resource key={name} name={name} {...RESOURCE_PROPS[name]} />
                ))}
                <CustomRoutes>
                    {CUSTOM.map(route => (
                        <Route key={route.key} path={`/${route.path}`} element={SCREENS[route.key]} />
                    ))}
                </CustomRoutes>
            </AdminUI>
        </SignedInContext>
    );
};
