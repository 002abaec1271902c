/**
 * Where signing in and out leads, and the page to return to: light enough for the entry, which
 * routes a visitor before anything else loads.
 */
import { notices } from '../lib/notices';

export const LOGGED_OUT_NOTICE = 'auth.logged_out';
/** Signed-out pages live outside /dashboard, starting with sign-in at /. */
export const SIGN_IN_PATH = '/';
export const HOME_PATH = '/dashboard';
/**
 * Where a session whose password was reset goes, and stays until a new one is chosen: outside
 * the signed-in shell, which it cannot open (its calls all answer `errors.password_change_required`).
 */
export const CHANGE_PASSWORD_PATH = '/password';

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

/** "You have been logged out", shown on the sign-in page the user lands on. */
export const noticeLoggedOut = () => notices.push({ message: LOGGED_OUT_NOTICE, type: 'error' });
