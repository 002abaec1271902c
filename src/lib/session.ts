/**
 * The signed-in session as the browser keeps it (spec §3 "User session"): the user with token,
 * name, group, shop and expiry, the group's role codes once loaded, and the last known location.
 * All of it lives in secure storage; whatever fails validation reads as signed out.
 */
import { z } from 'zod';
import { sessionUser, type SessionUser } from '../../contract/auth';
import { KEPT_FOR_THE_USER } from './keptNames';
import { secureStorage } from './secureStorage';
import { SESSION_NAME } from './sessionHint';

const SESSION = SESSION_NAME;
const ROLES = 'roles';
const COORDS = 'coords';
const PENDING_OTP = 'pending-otp';

const rolesCache = z.object({ group_id: z.number(), codes: z.array(z.string()) });
type RolesCache = z.infer<typeof rolesCache>;

const pendingOtp = z.object({ auth_id: z.string(), sent_to: z.string(), username: z.string() });
export type PendingOtp = z.infer<typeof pendingOtp>;

const read = <T>(name: string, schema: z.ZodType<T>): T | null => {
    const parsed = schema.safeParse(secureStorage.get(name));
    return parsed.success ? parsed.data : null;
};

/** What else goes with the session (lib/photoStore.ts: the KYC photos kept offline), told by `session.clear`. */
const clearListeners = new Set<() => void>();

export const session = {
    user: (): SessionUser | null => read(SESSION, sessionUser),
    setUser: (user: SessionUser) => secureStorage.set(SESSION, user),

    isExpired: (user: SessionUser, now = Date.now()) => user.exp <= now,

    /** An administrator reset the password: nothing but choosing a new one until it is done. */
    mustChangePassword: (): boolean => session.user()?.must_change_password === true,
    /** The password was changed: the session is a normal one from now on. */
    passwordChanged: () => {
        const user = session.user();
        if (user) session.setUser({ ...user, must_change_password: false });
    },

    isSignedIn: (): boolean => {
        const user = session.user();
        return user !== null && !session.isExpired(user);
    },

    roles: (): RolesCache | null => read(ROLES, rolesCache),
    setRoles: (roles: RolesCache) => secureStorage.set(ROLES, roles),

    coords: (): string | null => {
        const value = secureStorage.get(COORDS);
        return typeof value === 'string' ? value : null;
    },
    setCoords: (coords: string) => secureStorage.set(COORDS, coords),

    pendingOtp: (): PendingOtp | null => read(PENDING_OTP, pendingOtp),
    setPendingOtp: (pending: PendingOtp) => secureStorage.set(PENDING_OTP, pending),
    clearPendingOtp: () => secureStorage.remove(PENDING_OTP),

    /**
     * Sign-out, or the session expired or was refused: user and roles go (the location is the
     * device's, not the user's), and so do the customer in hand and the sale in progress, which
     * only their owner could read anyway: nothing of one user's customers outlives their session.
     */
    clear: () => {
        secureStorage.remove(SESSION);
        secureStorage.remove(ROLES);
        secureStorage.remove(PENDING_OTP);
        for (const name of KEPT_FOR_THE_USER) secureStorage.remove(name);
        for (const listener of clearListeners) listener();
    },

    /** `listener` runs whenever the session is cleared; a store outside secure storage forgets its user's data there. */
    onClear: (listener: () => void): (() => void) => {
        clearListeners.add(listener);
        return () => clearListeners.delete(listener);
    },
};
