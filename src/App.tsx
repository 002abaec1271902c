/**
 * The signed-in shell, loaded for `/dashboard/*` only (Portal.tsx): react-admin with one
 * `<Resource>` per domain and the custom routes. The signed-out pages and the providers every
 * page needs are in Portal.tsx.
 */
import { AdminUI, CanAccess, CustomRoutes, Resource, type Store } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { settings } from './config';
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
const ToTpiSuccessful = () => <Navigate to="/dashboard/tpi/successful" replace />;

/** Unknown signed-in paths go to the dashboard home. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

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
                {/* The specification's paths below a domain are its resource's own routes (a
                    `<Resource>`'s children route under its name): `stores/:id` rather than
                    react-admin's `stores/:id/show`. */}
                <Resource name="agents" list={<AgentList />} />
                <Resource name="stores" list={<StoreList />} create={<StoreCreate />}>
                    <Route path=":id" element={<StoreShow />} />
                </Resource>
                <Resource name="shop" list={<ShopList />}>
                    <Route path="agent" element={<ShopAgents />} />
                </Resource>
                <Resource name="inventory" list={<InventoryList />}>
                    <Route path="add" element={<InventoryAdd />} />
                    <Route path="update" element={<PriceUpdate />} />
                </Resource>
                <Resource name="tpi" list={<ToTpiSuccessful />}>
                    <Route path="successful" element={<TpiClaims key="successful" kind="successful" />} />
                    <Route path="failed" element={<TpiClaims key="failed" kind="failed" />} />
                    <Route path="reversal" element={<TpiReversals />} />
                </Resource>
                <CustomRoutes>
                    <Route path="/profile" element={<ProfilePage />} />
                    <Route path="/password" element={<ChangePasswordScreen />} />
                    <Route path="/test" element={<SystemCheck beta={false} />} />
                    <Route path="/test-beta" element={<SystemCheck beta />} />
                    <Route path="/audit" element={<AuditTrail />} />
                    <Route path="/customers/find" element={<CustomerFind variant="staff" />} />
                    <Route path="/customers/view" element={<CustomerView variant="staff" />} />
                    <Route path="/customers/findassisted" element={<CustomerFind variant="assisted" />} />
                    <Route path="/customers/digital-assisted-view" element={<CustomerView variant="assisted" />} />
                    <Route path="/customers/ocr" element={<KycQueue />} />
                    <Route path="/customers/kyc-validation" element={<KycValidation />} />
                    <Route path="/transactions/find" element={<TransactionFind />} />
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
        </SignedInContext>
    );
};
