/** The portal's table of contents: providers, the signed-out pages, and the signed-in shell. */
import { CssBaseline } from '@mui/material';
import { Suspense, useState } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Loading, Resource, localStorageStore, type I18nProvider, type Store } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { authProvider } from './authProvider';
import { settings } from './config';
import { dataProvider } from './dataProvider';
import { createI18nProvider } from './i18n';
import { detectLocale } from './i18n/locale';
import { AccessDenied } from './layout/AccessDenied';
import { AppErrorBoundary, ErrorPage } from './layout/ErrorPage';
import { Layout } from './layout/Layout';
import { NotificationStack } from './layout/NotificationStack';
import { SessionGuard } from './layout/SessionGuard';
import { TabLockGate } from './layout/TabLockGate';
import { darkTheme, lightTheme } from './layout/theme';
import { lazyPage } from './lib/lazyPage';
import { LoginPage } from './pages/auth/LoginPage';
import security from './resources/security';
import users from './resources/users';

const OtpPage = lazyPage(() => import('./pages/auth/OtpPage').then(m => m.OtpPage));
const CallbackPage = lazyPage(() => import('./pages/auth/CallbackPage').then(m => m.CallbackPage));
const RegisterPage = lazyPage(() => import('./pages/auth/RegisterPage').then(m => m.RegisterPage));
const VerifyLivenessPage = lazyPage(() => import('./pages/auth/VerifyLivenessPage').then(m => m.VerifyLivenessPage));
const DashboardHome = lazyPage(() => import('./pages/dashboard/DashboardHome').then(m => m.DashboardHome));
const ProfilePage = lazyPage(() => import('./pages/profile/ProfilePage').then(m => m.ProfilePage));

/** Unknown signed-in paths go to the dashboard home. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;

/** The whole portal inside whatever router the caller gives (the browser's, or a test's memory router). */
export const Portal = ({ store, i18nProvider }: { store: Store; i18nProvider: I18nProvider }) => (
    <AdminContext
        basename="/dashboard"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
    >
        <AppErrorBoundary fallback={error => <ErrorPage error={error} />}>
            {/* Outside the signed-in shell too (react-admin applies it only there): no stray body margin. */}
            <CssBaseline />
            <TabLockGate>
                <SessionGuard />
                <Suspense fallback={<Loading />}>
                    <Routes>
                        <Route
                            path="/dashboard/*"
                            element={
                                <AdminUI
                                    title={settings.companyName}
                                    layout={Layout}
                                    dashboard={DashboardHome}
                                    loginPage={false}
                                    catchAll={ToDashboard}
                                    accessDenied={AccessDenied}
                                    error={ErrorPage}
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
                                    <CustomRoutes>
                                        <Route path="/profile" element={<ProfilePage />} />
                                    </CustomRoutes>
                                </AdminUI>
                            }
                        />
                        <Route path="/" element={<LoginPage />} />
                        <Route path="/otp" element={<OtpPage />} />
                        <Route path="/callback/:authId/:provider" element={<CallbackPage />} />
                        <Route path="/register" element={<RegisterPage />} />
                        <Route path="/verify_liveness" element={<VerifyLivenessPage />} />
                        <Route path="*" element={<Navigate to="/" replace />} />
                    </Routes>
                </Suspense>
                <NotificationStack />
            </TabLockGate>
        </AppErrorBoundary>
    </AdminContext>
);

const browserStore = () => {
    const locale = detectLocale();
    const store = localStorageStore(settings.version, 'pfp');
    // The detected language wins over what react-admin's store remembered (the query may ask for another).
    store.setItem('locale', locale);
    return { store, i18nProvider: createI18nProvider(locale) };
};

export const App = () => {
    const [providers] = useState(browserStore);
    return (
        <BrowserRouter>
            <Portal {...providers} />
        </BrowserRouter>
    );
};
