/**
 * What every page of the portal stands on, kept light so the sign-in page loads fast: the
 * language, the theme, the single-tab lock, the toasts, and the routes. The signed-out pages are
 * MUI pages calling the sign-in functions directly; react-admin and the signed-in shell (App.tsx)
 * load only for `/dashboard/*`, once there is a session, and react-admin's context without the
 * shell for the BI page (`/bi`).
 */
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { Store } from 'ra-core';
import { lazy, Suspense, use, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { PortalI18n } from './i18n';
import { I18nContextProvider, useI18nProvider } from './i18n/context';
import { preferredMode, signedOutTheme } from './layout/brand';
import { AppErrorBoundary, ErrorPage } from './layout/ErrorPage';
import { PageLoading } from './layout/PageLoading';
import { SignInFirst } from './layout/SignInFirst';
import { TabLockGate } from './layout/TabLockGate';
import { Toasts } from './layout/Toasts';
import { lazyPage } from './lib/lazyPage';
import { hasStoredSession } from './lib/sessionHint';

const LoginPage = lazyPage(() => import('./pages/auth/LoginPage').then(m => m.LoginPage));
const OtpPage = lazyPage(() => import('./pages/auth/OtpPage').then(m => m.OtpPage));
const CallbackPage = lazyPage(() => import('./pages/auth/CallbackPage').then(m => m.CallbackPage));
const RegisterPage = lazyPage(() => import('./pages/auth/RegisterPage').then(m => m.RegisterPage));
const VerifyLivenessPage = lazyPage(() => import('./pages/auth/VerifyLivenessPage').then(m => m.VerifyLivenessPage));
const ChangePasswordPage = lazyPage(() => import('./pages/auth/ChangePasswordPage').then(m => m.ChangePasswordPage));
const SignedInApp = lazyPage(() => import('./App').then(m => m.App));
const BiApp = lazyPage(() => import('./pages/analytics/BiApp').then(m => m.BiApp));
/**
 * The service worker's registration and its "Reload to update" (layout/UpdatePrompt.tsx): its own
 * chunk, after the page's. It is no page: a failed load of it shows nothing rather than the error page.
 */
const UpdatePrompt = lazy<ComponentType>(() =>
    import('./layout/UpdatePrompt').then(
        m => ({ default: m.UpdatePrompt }),
        () => ({ default: () => null }),
    ),
);

/**
 * Starts loading the page `pathname` shows, alongside the language's catalog (main.tsx); true
 * when that page is a signed-in one, whose catalog's app part should load too.
 */
export const preloadPage = (pathname: string): boolean => {
    const pages: [RegExp, { preload: () => void }][] = [
        // Without a session, /dashboard goes to sign-in: its page is the one to fetch.
        [/^\/dashboard(\/|$)/, hasStoredSession() ? SignedInApp : LoginPage],
        [/^\/bi\/?$/, hasStoredSession() ? BiApp : LoginPage],
        [/^\/otp$/, OtpPage],
        [/^\/callback\//, CallbackPage],
        [/^\/register$/, RegisterPage],
        [/^\/verify_liveness$/, VerifyLivenessPage],
        [/^\/password$/, ChangePasswordPage],
    ];
    const page = pages.find(([path]) => path.test(pathname))?.[1] ?? LoginPage;
    page.preload();
    return page === SignedInApp || page === BiApp;
};

/**
 * A signed-in page's chunk and the catalog's app part, asked for together (in parallel); renders
 * once the words have arrived, so no signed-in screen shows a raw key.
 */
const SignedInWords = ({ page: Page, store }: { page: typeof SignedInApp; store?: Store }) => {
    const i18n = useI18nProvider();
    Page.preload();
    // Suspends only while the words are on their way: a promise React has not seen suspends once
    // even when it has settled, and each such suspense delays the whole shell's first paint.
    if (!i18n.hasAppPart()) use(i18n.loadAppPart());
    return <Page i18n={i18n} store={store} />;
};

/**
 * /dashboard/*: the signed-in shell, fetched only when a session is stored (a signed-out deep
 * link never downloads it); the shell checks the session itself (App.tsx).
 */
const Dashboard = ({ store }: { store?: Store }) => {
    if (!hasStoredSession()) return <SignInFirst expired={false} />;
    return <SignedInWords page={SignedInApp} store={store} />;
};

/**
 * /bi: the analytics page, signed in but outside the shell (spec §2); fetched only when a session
 * is stored, and it checks the session as the shell does (pages/analytics/BiApp.tsx).
 */
const Analytics = ({ store }: { store?: Store }) => {
    if (!hasStoredSession()) return <SignInFirst expired={false} />;
    return <SignedInWords page={BiApp} store={store} />;
};

/** The signed-out pages' theme: the one chosen in the signed-in shell, read again on each navigation. */
const Themed = ({ children }: { children: ReactNode }) => {
    // Subscribing to the location renders again, and so reads the mode again, on every navigation.
    useLocation();
    const mode = preferredMode();
    const theme = useMemo(() => signedOutTheme(mode), [mode]);
    return (
        <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            {children}
        </ThemeProvider>
    );
};

/** The whole portal inside whatever router the caller gives (the browser's, or a test's memory router). */
export const Portal = ({ i18n, store }: { i18n: PortalI18n; store?: Store }) => (
    <I18nContextProvider i18n={i18n}>
        <Themed>
            <AppErrorBoundary fallback={error => <ErrorPage error={error} />}>
                <TabLockGate>
                    <Suspense fallback={<PageLoading />}>
                        <Routes>
                            <Route path="/dashboard/*" element={<Dashboard store={store} />} />
                            <Route path="/bi" element={<Analytics store={store} />} />
                            <Route path="/" element={<LoginPage />} />
                            <Route path="/otp" element={<OtpPage />} />
                            <Route path="/callback/:authId/:provider" element={<CallbackPage />} />
                            <Route path="/register" element={<RegisterPage />} />
                            <Route path="/verify_liveness" element={<VerifyLivenessPage />} />
                            <Route path="/password" element={<ChangePasswordPage />} />
                            <Route path="*" element={<Navigate to="/" replace />} />
                        </Routes>
                    </Suspense>
                </TabLockGate>
                <Toasts />
                <Suspense fallback={null}>
                    <UpdatePrompt />
                </Suspense>
            </AppErrorBoundary>
        </Themed>
    </I18nContextProvider>
);
