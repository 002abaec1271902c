/**
 * The signed-in shell, loaded for `/dashboard/*` only (Portal.tsx): react-admin with one
 * `<Resource>` per domain and the custom routes. The signed-out pages and the providers every
 * page needs are in Portal.tsx.
 */
import { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Resource, localStorageStore, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider, CHANGE_PASSWORD_PATH } from './authProvider';
import { settings } from './config';
import { dataProvider } from './dataProvider';
import type { PortalI18n } from './i18n';
import { AccessCheckFailed } from './layout/AccessCheckFailed';
import { AccessDenied } from './layout/AccessDenied';
import { ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { NotificationBridge } from './layout/NotificationBridge';
import { PageLoading } from './layout/PageLoading';
import { SessionGuard } from './layout/SessionGuard';
import { SignInFirst } from './layout/SignInFirst';
import { darkTheme, lightTheme } from './layout/theme';
import { lazyPage } from './lib/lazyPage';
import { session } from './lib/session';
import { CustomerFind, CustomerView } from './resources/customers';
import { AgentList } from './resources/agents';
import { ApprovalQueue } from './resources/approvals';
import { AuditTrail } from './resources/audit';
import { InventoryAdd, InventoryList, PriceUpdate } from './resources/inventory';
import { KycQueue, KycValidation } from './resources/kyc';
import { AddLoan } from './resources/loans';
import { SuspenseList, TpiClaims, TpiReversals, TransactionFind } from './resources/money';
import { Reconciliation } from './resources/money/reconciliationPage';
import security from './resources/security';
import { ShopAgents, ShopList } from './resources/shops';
import { StoreCreate, StoreList, StoreShow } from './resources/stores';
import users from './resources/users';

const DashboardHome = lazyPage(() => import('./pages/dashboard/DashboardHome').then(m => m.DashboardHome));
const ProfilePage = lazyPage(() => import('./pages/profile/ProfilePage').then(m => m.ProfilePage));
const ChangePasswordScreen = lazyPage(() => import('./pages/profile/ChangePasswordScreen').then(m => m.ChangePasswordScreen));

/** Unknown signed-in paths go to the dashboard home. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

/**
 * Queries and saves are tried whatever the browser thinks of the network (react-query would
 * otherwise hold them, paused, until it is back: a spinner with nothing said), and a failure is
 * shown at once with its Retry rather than after three silent retries.
 */
const createQueryClient = () =>
    new QueryClient({
        defaultOptions: {
            queries: { retry: false, networkMode: 'always' },
            mutations: { retry: false, networkMode: 'always' },
        },
    });

let browserStore: Store | undefined;

export const App = (props: { i18n: PortalI18n; store?: Store }) => {
    // Decided once, as the shell opens: later, react-admin's checks and the session guard take over.
    const [user] = useState(session.user);
    if (!user || session.isExpired(user)) return <SignInFirst expired={user !== null} clear={session.clear} />;
    // A password an administrator reset is changed before anything of the shell opens.
    if (user.must_change_password) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
    return <SignedInShell {...props} />;
};

const SignedInShell = ({ i18n, store }: { i18n: PortalI18n; store?: Store }) => {
    const [adminStore] = useState(() => {
        const chosen = store ?? (browserStore ??= localStorageStore(settings.version, 'pfp'));
        // The language chosen on the signed-out pages wins over what react-admin's store remembered.
        chosen.setItem('locale', i18n.getLocale());
        return chosen;
    });
    // A new cache for each signed-in visit: nothing of the previous user's is shown to the next.
    const [queryClient] = useState(createQueryClient);
    return (
        <AdminContext
            basename="/dashboard"
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18n}
            store={adminStore}
            queryClient={queryClient}
            lightTheme={lightTheme}
            darkTheme={darkTheme}
        >
            <SessionGuard />
            <NotificationBridge />
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
                <Resource name="users" {...users} />
                <Resource name="security" {...security} />
                <Resource name="group-roles" />
                <Resource name="roles" />
                <Resource name="groups" recordRepresentation="name" />
                <Resource name="store-options" recordRepresentation="name" />
                <Resource name="reachable-stores" recordRepresentation="name" />
                <Resource name="audit-events" />
                <Resource name="deregistrations" list={<ApprovalQueue queue="deregistrations" />} />
                <Resource name="imei_changes" list={<ApprovalQueue queue="imei_changes" />} />
                <Resource name="transfer_loan_requests" list={<ApprovalQueue queue="transfer_loan_requests" />} />
                <Resource name="mc_requests" list={<ApprovalQueue queue="mc_requests" />} />
                <Resource name="mc_requests_v2" list={<ApprovalQueue queue="mc_requests_v2" />} />
                <Resource name="suspense-transactions" list={<SuspenseList />} />
                <CustomRoutes>
                    <Route path="/profile" element={<ProfilePage />} />
                    <Route path="/password" element={<ChangePasswordScreen />} />
                    <Route path="/audit" element={<AuditTrail />} />
                    <Route path="/stores" element={<StoreList />} />
                    <Route path="/stores/create" element={<StoreCreate />} />
                    <Route path="/stores/:id" element={<StoreShow />} />
                    <Route path="/shop" element={<ShopList />} />
                    <Route path="/shop/agent" element={<ShopAgents />} />
                    <Route path="/agents" element={<AgentList />} />
                    <Route path="/inventory" element={<InventoryList />} />
                    <Route path="/inventory/add" element={<InventoryAdd />} />
                    <Route path="/inventory/update" element={<PriceUpdate />} />
                    <Route path="/customers/find" element={<CustomerFind variant="staff" />} />
                    <Route path="/customers/view" element={<CustomerView variant="staff" />} />
                    <Route path="/customers/findassisted" element={<CustomerFind variant="assisted" />} />
                    <Route path="/customers/digital-assisted-view" element={<CustomerView variant="assisted" />} />
                    <Route path="/customers/ocr" element={<KycQueue />} />
                    <Route path="/customers/kyc-validation" element={<KycValidation />} />
                    <Route path="/transactions/find" element={<TransactionFind />} />
                    <Route path="/tpi/successful" element={<TpiClaims key="successful" kind="successful" />} />
                    <Route path="/tpi/failed" element={<TpiClaims key="failed" kind="failed" />} />
                    <Route path="/tpi/reversal" element={<TpiReversals />} />
                    <Route path="/reconciliation" element={<Reconciliation />} />
                    <Route path="/find/fieldagent/customer" element={<CustomerFind variant="fieldagent" />} />
                    <Route path="/fieldagent/customers/view" element={<CustomerView variant="fieldagent" />} />
                    <Route path="/find/shop/fieldagent/customer" element={<CustomerFind variant="shop" />} />
                    <Route path="/shop/fieldagent/customers/view" element={<CustomerView variant="shop" />} />
                    <Route path="/customers/add-loan" element={<AddLoan entry="v1" />} />
                    <Route path="/customers/add-loan-v2" element={<AddLoan entry="v2" />} />
                    <Route path="/fieldagent/customers/add-loan" element={<AddLoan entry="fieldagent" />} />
                    <Route path="/fieldagent/shop/customers/add-loan" element={<AddLoan entry="shop" />} />
                    <Route path="/customers/digital-assisted-add-loan" element={<AddLoan entry="assisted" />} />
                </CustomRoutes>
            </AdminUI>
        </AdminContext>
    );
};
