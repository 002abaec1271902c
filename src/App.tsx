/**
 * The signed-in shell, loaded for `/dashboard/*` only (Portal.tsx): react-admin with one
 * `<Resource>` per domain and the custom routes. The signed-out pages and the providers every
 * page needs are in Portal.tsx.
 */
import type { ReactElement } from 'react';
import { AdminUI, CanAccess, CustomRoutes, Resource, type ResourceProps, type Store } from 'react-admin';
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
import { lazyPage } from './lib/lazyPage';
import { CustomerFind, CustomerView } from './resources/customers';
import { AgentList } from './resources/agents';
import { APPROVAL_RESOURCE_PROPS, ApprovalQueue } from './resources/approvals';
import { AuditTrail } from './resources/audit';
import { InventoryAdd, InventoryList, PriceUpdate } from './resources/inventory';
import { KycQueue, KycValidation } from './resources/kyc';
import { CollectionsList, LockPolicy } from './resources/lending';
import { AddLoan } from './resources/origination';
import { SuspenseList, TpiClaims, TpiReversals, TransactionFind } from './resources/money';
import { Reconciliation } from './resources/money/reconciliationPage';
import security from './resources/security';
import { ShopAgents, ShopList } from './resources/shops';
import { StoreCreate, StoreList, StoreShow } from './resources/stores';
import users from './resources/users';
import { ROUTE_KEYS, ROUTES, hrefTo, isShellRoute, type RouteDef, type ShellRouteKey } from './routes';

const DashboardHome = lazyPage(() => import('./pages/dashboard/DashboardHome').then(m => m.DashboardHome));
const ProfilePage = lazyPage(() => import('./pages/profile/ProfilePage').then(m => m.ProfilePage));
const ChangePasswordScreen = lazyPage(() => import('./pages/profile/ChangePasswordScreen').then(m => m.ChangePasswordScreen));
const SystemCheckPage = lazyPage(() => import('./pages/system/SystemCheckPage').then(m => m.SystemCheckPage));

/** The system check (`test`) and the same with the beta switches (`test-beta`), each behind its gate in the menu table. */
const SystemCheck = ({ beta }: { beta: boolean }) => (
    <CanAccess
        resource={beta ? 'system-check-beta' : 'system-check'}
        action="list"
        accessDenied={<AccessDenied />}
        loading={<PageLoading />}
    >
        <SystemCheckPage key={beta ? 'beta' : 'test'} beta={beta} />
    </CanAccess>
);

/** `/dashboard/tpi` itself shows the claims paid, the first of its three pages. */
const ToTpiSuccessful = () => <Navigate to={hrefTo('tpi_successful')} replace />;

/** Unknown signed-in paths go to the dashboard home. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

const UserList = users.list;
const GroupList = security.list;

/** The screen of every route of the table (src/routes.ts): a route without one does not type-check. */
const SCREENS: Record<ShellRouteKey, ReactElement> = {
    users: <UserList />,
    agents: <AgentList />,
    find_customer: <CustomerFind variant="staff" />,
    find_assisted_customer: <CustomerFind variant="assisted" />,
    find_transaction: <TransactionFind />,
    collections: <CollectionsList />,
    lock_policy: <LockPolicy />,
    stores: <StoreList />,
    store_create: <StoreCreate />,
    store: <StoreShow />,
    shop: <ShopList />,
    shop_agents: <ShopAgents />,
    inventory: <InventoryList />,
    inventory_add: <InventoryAdd />,
    inventory_update: <PriceUpdate />,
    deregistrations: <ApprovalQueue queue="deregistrations" />,
    find_customer_fieldagent: <CustomerFind variant="fieldagent" />,
    find_customer_by_shop: <CustomerFind variant="shop" />,
    mc_requests_v2: <ApprovalQueue queue="mc_requests_v2" />,
    mc_requests: <ApprovalQueue queue="mc_requests" />,
    imei_changes: <ApprovalQueue queue="imei_changes" />,
    transfer_loan_requests: <ApprovalQueue queue="transfer_loan_requests" />,
    kyc_verification: <KycQueue />,
    kyc_validation: <KycValidation />,
    suspense_transactions: <SuspenseList />,
    reconciliation: <Reconciliation />,
    tpi: <ToTpiSuccessful />,
    tpi_successful: <TpiClaims key="successful" kind="successful" />,
    tpi_failed: <TpiClaims key="failed" kind="failed" />,
    tpi_reversal: <TpiReversals />,
    security: <GroupList />,
    audit: <AuditTrail />,
    system_check: <SystemCheck beta={false} />,
    system_check_beta: <SystemCheck beta />,
    profile: <ProfilePage />,
    password: <ChangePasswordScreen />,
    customer_view: <CustomerView variant="staff" />,
    assisted_customer_view: <CustomerView variant="assisted" />,
    fieldagent_customer_view: <CustomerView variant="fieldagent" />,
    shop_customer_view: <CustomerView variant="shop" />,
    add_loan: <AddLoan entry="v1" />,
    add_loan_v2: <AddLoan entry="v2" />,
    add_loan_fieldagent: <AddLoan entry="fieldagent" />,
    add_loan_shop: <AddLoan entry="shop" />,
    add_loan_assisted: <AddLoan entry="assisted" />,
};

const SHELL_ROUTES = ROUTE_KEYS.filter(isShellRoute).map(key => ({ key, ...(ROUTES[key] as RouteDef) }));

/** The resources whose routes the table holds, in its order. */
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

/** What else a resource with routes keeps: the create and edit screens of users and security, each approvals queue's request page. */
const RESOURCE_PROPS: Readonly<Record<string, Partial<ResourceProps>>> = { users, security, ...APPROVAL_RESOURCE_PROPS };

/** How the pickers name a record of these resources. */
const NAMED_BY: Readonly<Record<string, string>> = {
    groups: 'name',
    'store-options': 'name',
    'reachable-stores': 'name',
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
                dashboard={DashboardHome}
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
                    <Resource key={name} name={name} recordRepresentation={NAMED_BY[name]} />
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
