/**
 * react-admin's authProvider over the portal_api (spec §4 "Session"). The session and the
 * group's role codes are kept encrypted; `canAccess` answers from the permissions map and the
 * cached roles without a network call.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { login as loginCall, logout as logoutCall, myRoles, type SessionUser } from '../../contract/auth';
import type { z } from 'zod';
import { callApi } from '../lib/portalApi';
import { canAccessWith } from './permissions';
import { session } from '../lib/session';

export const LOGGED_OUT_NOTICE = 'auth.logged_out';
/** Signed-out pages live outside /dashboard, starting with sign-in at /. */
export const SIGN_IN_PATH = '/';
export const HOME_PATH = '/dashboard';

type LoginParams = z.input<typeof loginCall.body>;

export interface PortalIdentity extends UserIdentity {
    fullName: string;
    username: string;
    initial: string;
    group: SessionUser['group'];
    shop: SessionUser['shop'];
    exp: number;
}

const NEXT_PATH_KEY = 'pfp.next-path';

/**
 * The page a signed-out visitor was sent away from, to return to after signing in. Kept here
 * rather than only in the router's state: several checks may send the visitor to sign-in at once,
 * and the later ones would replace it with `/`.
 */
export const nextPath = {
    remember: () => {
        const { pathname, search } = window.location;
        if (pathname.startsWith(HOME_PATH)) sessionStorage.setItem(NEXT_PATH_KEY, pathname + search);
    },
    peek: (): string => {
        const path = sessionStorage.getItem(NEXT_PATH_KEY);
        return path?.startsWith(HOME_PATH) ? path : HOME_PATH;
    },
    clear: () => sessionStorage.removeItem(NEXT_PATH_KEY),
};

/** The error react-admin gets when the session is gone: back to sign-in, with or without a notice. */
const signedOut = (notice: string | false) => {
    nextPath.remember();
    return { redirectTo: SIGN_IN_PATH, message: notice };
};

const loadRoles = async (user: SessionUser) => {
    const answer = await callApi(myRoles, {});
    const roles = { group_id: answer.group_id, codes: answer.data.map(row => row.admin_role.code) };
    // The user may have signed out while the call ran.
    if (session.user()?.token === user.token) session.setRoles(roles);
    return roles;
};

/** The roles of the signed-in user: cached, fetched once when missing. */
const currentRoles = async (): Promise<ReadonlySet<string>> => {
    const user = session.user();
    if (!user) return new Set();
    const cached = session.roles();
    return new Set((cached ?? (await loadRoles(user))).codes);
};

const startSession = async (user: SessionUser) => {
    session.clearPendingOtp();
    nextPath.clear();
    session.setUser(user);
    try {
        await loadRoles(user);
    } catch (error) {
        session.clear();
        throw error;
    }
};

export const authProvider: AuthProvider = {
    async login(params: LoginParams) {
        const answer = await callApi(loginCall, { body: params });
        if ('otp_required' in answer) {
            const username = 'username' in params ? params.username : (session.pendingOtp()?.username ?? '');
            session.setPendingOtp({ auth_id: answer.auth_id, sent_to: answer.sent_to, username });
            return { redirectTo: '/otp' };
        }
        await startSession(answer.user);
        return undefined;
    },

    async logout() {
        const user = session.user();
        session.clear();
        if (user && !session.isExpired(user)) {
            // Revoke on the server; signing out here neither waits on that nor fails with it.
            void callApi(logoutCall, {}, { token: user.token }).catch(() => undefined);
        }
        return SIGN_IN_PATH;
    },

    async checkAuth() {
        const user = session.user();
        if (!user) throw signedOut(false);
        if (session.isExpired(user)) {
            session.clear();
            throw signedOut(LOGGED_OUT_NOTICE);
        }
    },

    async checkError(error: { status?: number } | undefined) {
        if (error?.status === 401) {
            session.clear();
            throw signedOut(LOGGED_OUT_NOTICE);
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
