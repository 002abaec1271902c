/**
 * What every signed-in page stands on: the signed-in shell (App.tsx) and the BI page outside it
 * (pages/analytics/). `SignedInGate` checks the stored session once, as the page opens: none or expired
 * goes to sign-in, a reset password to `/password`. `SignedInContext` is react-admin's context
 * without its UI: the auth and data providers, the language, the stored preferences (the theme
 * chosen in either page is the other's too), a query cache per visit, the session guard and the
 * notifications' bridge. Kept apart from App.tsx so the BI page does not load the shell's screens.
 */
import { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AdminContext, localStorageStore, type Store } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { authProvider, CHANGE_PASSWORD_PATH } from '../authProvider';
import { settings } from '../config';
import { dataProvider } from '../dataProvider';
import type { PortalI18n } from '../i18n';
import { session } from '../lib/session';
import { NotificationBridge } from './NotificationBridge';
import { SessionGuard } from './SessionGuard';
import { SignInFirst } from './SignInFirst';
import { darkTheme, lightTheme } from './theme';

/** Decided once, as the page opens: later, react-admin's checks and the session guard take over. */
export const SignedInGate = ({ children }: { children: ReactNode }) => {
    const [user] = useState(session.user);
    if (!user || session.isExpired(user)) return <SignInFirst expired={user !== null} clear={session.clear} />;
    // A password an administrator reset is changed before anything signed in opens.
    if (user.must_change_password) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
    return children;
};

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

export const SignedInContext = ({ i18n, store, children }: { i18n: PortalI18n; store?: Store; children: ReactNode }) => {
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
            {children}
        </AdminContext>
    );
};
