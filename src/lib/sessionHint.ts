/**
 * Whether a session is stored at all, read without decrypting it: the sign-in page and the
 * `/dashboard` route ask this first, so a signed-out visitor never downloads the session's
 * checks (lib/session.ts, which says whether a stored session is valid).
 */
import { settings } from '../config';

export const SESSION_NAME = 'session';

export const hasStoredSession = (): boolean => {
    try {
        return localStorage.getItem(`${settings.secureStoragePrefix}${SESSION_NAME}`) !== null;
    } catch {
        return false;
    }
};
