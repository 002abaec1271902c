/** The portal's table of contents: providers, the signed-out pages, and the signed-in shell. */
import { AdminContext, AdminUI, CustomRoutes, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { authProvider } from './authProvider';
import { settings } from './config';
import { createI18nProvider } from './i18n';
import { detectLocale } from './i18n/locale';
import { Layout } from './layout/Layout';
import { SessionGuard } from './layout/SessionGuard';
import { darkTheme, lightTheme } from './layout/theme';
import { CallbackPage } from './pages/auth/CallbackPage';
import { LoginPage } from './pages/auth/LoginPage';
import { OtpPage } from './pages/auth/OtpPage';
import { RegisterPage } from './pages/auth/RegisterPage';
import { VerifyLivenessPage } from './pages/auth/VerifyLivenessPage';
import { DashboardHome } from './pages/dashboard/DashboardHome';
import { ProfilePage } from './pages/profile/ProfilePage';

const locale = detectLocale();
const store = localStorageStore(settings.version, 'pfp');
// The detected language wins over what react-admin's store remembered (the query may ask for another).
store.setItem('locale', locale);
const i18nProvider = createI18nProvider(locale);

export const App = () => (
    <BrowserRouter>
        <AdminContext
            basename="/dashboard"
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            store={store}
            lightTheme={lightTheme}
            darkTheme={darkTheme}
        >
            <SessionGuard />
            <Routes>
                <Route
                    path="/dashboard/*"
                    element={
                        <AdminUI
                            title={settings.companyName}
                            layout={Layout}
                            dashboard={DashboardHome}
                            loginPage={false}
                            requireAuth
                            disableTelemetry
                        >
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
        </AdminContext>
    </BrowserRouter>
);
