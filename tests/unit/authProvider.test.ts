import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, logout, myRoles, type SessionUser } from '../../contract/auth';
import { listAdmins } from '../../contract/users';
import { authProvider, LOGGED_OUT_NOTICE } from '../../src/authProvider';
import { notices } from '../../src/lib/notices';
import { callApi, setUnauthorizedListener } from '../../src/lib/portalApi';
import { session } from '../../src/lib/session';
import { buildSessionUser } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';

const user = (over: Partial<SessionUser> = {}): SessionUser => buildSessionUser({ token: 'tok-1', name: 'Ada Admin', ...over });

const roleRow = (code: string, i: number) => ({
    id: i + 1,
    group_id: 1,
    role_id: i + 1,
    admin_role: { id: i + 1, code, name: code },
});
const notSignedIn = (message: string, key: string) => errorAnswer(401, { code: 401, name: 'NotAuthenticated', message, key });

const seen: Request[] = [];
const server = contractServer(
    answer(login, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        if (body.password === 'right') return { user: user() };
        if (body.password === 'second-factor') return { otp_required: true, auth_id: 'a-1', sent_to: '•••008' } as const;
        return notSignedIn('Wrong username or password', 'errors.invalid_credentials');
    }),
    answer(myRoles, { group_id: 1, data: ['VIEW_USERS', 'VIEW_SECURITY'].map(roleRow) }),
    answer(logout, { ok: true }),
    answer(listAdmins, notSignedIn('expired', 'errors.not_signed_in')),
);
server.events.on('request:start', ({ request }) => seen.push(request));

afterEach(() => {
    seen.length = 0;
    setUnauthorizedListener(() => undefined);
});

describe('the authProvider', () => {
    it('keeps the session and the group roles after a right password', async () => {
        await authProvider.login({ username: 'admin', password: 'right' });
        expect(session.user()?.name).toBe('Ada Admin');
        expect(session.roles()?.codes).toEqual(['VIEW_USERS', 'VIEW_SECURITY']);
        await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    });

    it('sends the second factor to /otp and keeps no session yet', async () => {
        await expect(authProvider.login({ username: 'secure', password: 'second-factor' })).resolves.toEqual({
            redirectTo: '/otp',
        });
        expect(session.user()).toBeNull();
        expect(session.pendingOtp()).toEqual({ auth_id: 'a-1', sent_to: '•••008', username: 'secure' });
    });

    it('refuses a wrong password with the translated key and does not sign anybody out', async () => {
        const listener = vi.fn();
        setUnauthorizedListener(listener);
        await expect(authProvider.login({ username: 'admin', password: 'wrong' })).rejects.toMatchObject({
            message: 'errors.invalid_credentials',
            status: 401,
        });
        expect(listener).not.toHaveBeenCalled();
    });

    it('logs out at once, with the notice, when the session has expired', async () => {
        session.setUser(user({ exp: Date.now() - 1000 }));
        // The notice goes to the portal's toasts, which outlive react-admin's shell; react-admin says nothing.
        await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/', message: false });
        expect(session.user()).toBeNull();
        expect(notices.shown().map(toast => toast.notice.message)).toEqual([LOGGED_OUT_NOTICE]);
    });

    it('sends a signed-out visitor to sign-in without a notice', async () => {
        await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/', message: false });
    });

    it('answers canAccess from the cached roles without a network call', async () => {
        session.setUser(user());
        session.setRoles({ group_id: 1, codes: ['VIEW_USERS'] });
        await expect(authProvider.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(true);
        await expect(authProvider.canAccess!({ action: 'list', resource: 'security' })).resolves.toBe(false);
        expect(seen).toHaveLength(0);
    });

    it('fetches the roles once when they are missing', async () => {
        session.setUser(user());
        await authProvider.canAccess!({ action: 'list', resource: 'security' });
        await authProvider.canAccess!({ action: 'list', resource: 'users' });
        expect(seen.filter(r => r.url.endsWith('/authentication/roles'))).toHaveLength(1);
    });

    it('sends the token, the access-token and the location on every call', async () => {
        session.setUser(user());
        session.setCoords('-26.2041,28.0473');
        await authProvider.getPermissions!({});
        const request = seen.find(r => r.url.endsWith('/authentication/roles'))!;
        expect(request.headers.get('authorization')).toBe('Bearer tok-1');
        expect(request.headers.get('access-token')).toBe('tok-1');
        expect(request.headers.get('coords')).toBe('-26.2041,28.0473');
    });

    it('signs out everywhere on a 401 from any other call', async () => {
        session.setUser(user());
        session.setRoles({ group_id: 1, codes: ['VIEW_USERS'] });
        const listener = vi.fn();
        setUnauthorizedListener(listener);
        await expect(callApi(listAdmins, { query: {} })).rejects.toMatchObject({ status: 401 });
        expect(listener).toHaveBeenCalledOnce();
    });

    it('refuses, without asking the server, a call the cached roles do not allow', async () => {
        session.setUser(user());
        session.setRoles({ group_id: 1, codes: ['VIEW_SECURITY'] });
        await expect(callApi(listAdmins, { query: {} })).rejects.toMatchObject({ status: 403, message: 'errors.forbidden' });
        expect(seen).toHaveLength(0);
    });

    it('tells react-admin to log out on a 401 and not on a 403', async () => {
        session.setUser(user());
        await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
        expect(session.user()).not.toBeNull();
        await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/', message: false });
        expect(session.user()).toBeNull();
        expect(notices.shown().map(toast => toast.notice.message)).toEqual([LOGGED_OUT_NOTICE]);
    });

    it('revokes the token on the server when logging out, and clears user and roles', async () => {
        session.setUser(user());
        session.setRoles({ group_id: 1, codes: ['VIEW_USERS'] });
        await expect(authProvider.logout({})).resolves.toBe('/');
        expect(session.user()).toBeNull();
        expect(session.roles()).toBeNull();
        await vi.waitFor(() => expect(seen.some(r => r.method === 'DELETE')).toBe(true));
        expect(seen.find(r => r.method === 'DELETE')!.headers.get('authorization')).toBe('Bearer tok-1');
    });

    it('gives the identity with the avatar initial, group and shop', async () => {
        session.setUser(user({ shop: { id: 3, name: 'Soweto Central' } }));
        await expect(authProvider.getIdentity!()).resolves.toMatchObject({
            fullName: 'Ada Admin',
            initial: 'A',
            group: { id: 1, name: 'Super Admin' },
            shop: { id: 3, name: 'Soweto Central' },
        });
    });
});
