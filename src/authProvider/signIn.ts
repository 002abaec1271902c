/**
 * Signing in and out without react-admin: what the signed-out pages call directly, and what the
 * authProvider (./index.ts) is built on. Nothing here loads the permissions map or the resources.
 */
import type { z } from 'zod';
import {
    changeOwnPassword,
    login as loginCall,
    logout as logoutCall,
    myRoles,
    startOperatorSignIn,
    type SessionUser,
} from '../../contract/auth';
import { callApi } from '../lib/portalApi';
import { session } from '../lib/session';
import { CHANGE_PASSWORD_PATH, nextPath, SIGN_IN_PATH } from './paths';

export { CHANGE_PASSWORD_PATH, HOME_PATH, LOGGED_OUT_NOTICE, SIGN_IN_PATH, nextPath, noticeLoggedOut } from './paths';

export type LoginParams = z.input<typeof loginCall.body>;

export const loadRoles = async (user: SessionUser) => {
    const answer = await callApi(myRoles, {});
    const roles = { group_id: answer.group_id, codes: answer.data.map(row => row.admin_role.code) };
    // The user may have signed out while the call ran.
    if (session.user()?.token === user.token) session.setRoles(roles);
    return roles;
};

const startSession = async (user: SessionUser) => {
    session.clearPendingOtp();
    if (user.must_change_password) {
        // The session may only choose a new password: no roles to load (they would be refused), and
        // none of an earlier user's kept. The dashboard comes once it is done (ChangePasswordPage).
        session.clear();
        session.setUser(user);
        return;
    }
    nextPath.clear();
    session.setUser(user);
    try {
        await loadRoles(user);
    } catch (error) {
        session.clear();
        throw error;
    }
};

/**
 * Sign in with a password, the second factor or the operator's code. Answers where to go next
 * when that is not the page the user was heading for: `/otp` when a code was sent, the choice of
 * a new password after an administrator reset it.
 */
export const signIn = async (params: LoginParams): Promise<{ redirectTo: string } | undefined> => {
    const answer = await callApi(loginCall, { body: params });
    if ('otp_required' in answer) {
        const username = 'username' in params ? params.username : (session.pendingOtp()?.username ?? '');
        session.setPendingOtp({ auth_id: answer.auth_id, sent_to: answer.sent_to, username });
        return { redirectTo: '/otp' };
    }
    await startSession(answer.user);
    return answer.user.must_change_password ? { redirectTo: CHANGE_PASSWORD_PATH } : undefined;
};

/**
 * Change the signed-in user's password. The session stays and becomes a normal one (the server
 * ends the user's other sessions); answers how many ended.
 */
export const changePassword = async (body: { current_password: string; new_password: string }): Promise<number> => {
    const user = session.user();
    const { ended } = await callApi(changeOwnPassword, { body });
    if (user && session.user()?.token === user.token) session.passwordChanged();
    return ended;
};

/** Sign out here at once; the server revokes the token when it can (never waited on). */
export const signOut = async (): Promise<string> => {
    const user = session.user();
    session.clear();
    if (user && !session.isExpired(user)) {
        void callApi(logoutCall, {}, { token: user.token }).catch(() => undefined);
    }
    return SIGN_IN_PATH;
};

/** Where the mobile operator's sign-in page is, for this attempt. */
export const operatorSignInUrl = async (): Promise<string> =>
    (await callApi(startOperatorSignIn, { body: { provider: 'mno' } })).authorize_url;

/** A stored session that is readable and not expired. */
export const isSignedIn = (): boolean => session.isSignedIn();
