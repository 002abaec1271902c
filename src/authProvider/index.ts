/**
 * react-admin's authProvider over the portal_api (spec §4 "Session"), built on ./signIn.ts. The
 * session and the group's role codes are kept encrypted; `canAccess` answers from the
 * permissions map and the cached roles without a network call.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { SessionUser } from '../../contract/auth';
import { session } from '../lib/session';
import { canAccessWith } from './permissions';
import { loadRoles, nextPath, noticeLoggedOut, signIn, signOut, SIGN_IN_PATH, type LoginParams } from './signIn';

export { CHANGE_PASSWORD_PATH, HOME_PATH, LOGGED_OUT_NOTICE, SIGN_IN_PATH, nextPath } from './signIn';

export interface PortalIdentity extends UserIdentity {
    fullName: string;
    username: string;
    initial: string;
    group: SessionUser['group'];
    shop: SessionUser['shop'];
    exp: number;
}

/**
 * The error react-admin gets when the session is gone: back to sign-in. The notice goes to the
 * portal's toasts rather than to react-admin, whose notifications leave with the signed-in shell.
 */
const signedOut = (notice: boolean) => {
    nextPath.remember();
    if (notice) noticeLoggedOut();
    return { redirectTo: SIGN_IN_PATH, message: false as const };
};

/** The roles of the signed-in user: cached, fetched once when missing. */
const currentRoles = async (): Promise<ReadonlySet<string>> => {
    const user = session.user();
    if (!user) return new Set();
    const cached = session.roles();
    return new Set((cached ?? (await loadRoles(user))).codes);
};

export const authProvider: AuthProvider = {
    login: (params: LoginParams) => signIn(params),

    logout: () => signOut(),

    async checkAuth() {
        const user = session.user();
        if (!user) throw signedOut(false);
        if (session.isExpired(user)) {
            session.clear();
            throw signedOut(true);
        }
        // A reset password is changed before anything else (App.tsx sends the user there first).
        if (user.must_change_password) throw signedOut(false);
    },

    async checkError(error: { status?: number } | undefined) {
        if (error?.status === 401) {
            session.clear();
            throw signedOut(true);
        }
        // 403 and the rest are shown where they happen; they do not end the session.
    },

    async getIdentity(): Promise<PortalIdentity> {
        const user = session.user();
        if (!user) throw signedOut(false);
        return {
            id: user.username,
            username: user.username,
            fullName: user.name,
            initial: (user.name.trim()[0] ?? user.username[0] ?? '?').toUpperCase(),
            group: user.group,
            shop: user.shop,
            exp: user.exp,
        };
    },

    async getPermissions() {
        return [...(await currentRoles())];
    },

    async canAccess({ action, resource }: { action: string; resource: string }) {
        return canAccessWith(await currentRoles(), { action, resource });
    },
};
