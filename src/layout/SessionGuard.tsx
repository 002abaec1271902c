import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { noticeLoggedOut, SIGN_IN_PATH } from '../authProvider/paths';
import { session } from '../lib/session';
import { setUnauthorizedListener } from '../lib/portalApi';

const MAX_TIMER_MS = 2 ** 31 - 1;
const LOCATION_MAX_AGE_MS = 5 * 60_000;

/**
 * Ends the session where it must end, whatever screen is open: on a 401 from any call but
 * sign-in, and the moment the session's expiry passes. Keeps the last known location for the
 * Coords header while signed in (when the browser permits).
 */
export const SessionGuard = () => {
    const logout = useLogout();
    // Subscribing to the location re-renders, and so re-reads the session, on every navigation.
    useLocation();
    const user = session.user();
    const token = user?.token;
    const exp = user?.exp;

    useEffect(() => {
        const signOut = () => {
            if (!session.user()) return;
            session.clear();
            noticeLoggedOut();
            void logout({}, SIGN_IN_PATH);
        };
        setUnauthorizedListener(signOut);
        if (exp === undefined) return undefined;
        const timer = setTimeout(signOut, Math.min(Math.max(exp - Date.now(), 0), MAX_TIMER_MS));
        return () => clearTimeout(timer);
    }, [exp, logout]);

    useEffect(() => {
        if (!token || !navigator.geolocation) return;
        navigator.geolocation.getCurrentPosition(
            ({ coords }) => session.setCoords(`${coords.latitude.toFixed(6)},${coords.longitude.toFixed(6)}`),
            () => undefined,
            { maximumAge: LOCATION_MAX_AGE_MS, timeout: 10_000 },
        );
    }, [token]);

    return null;
};
