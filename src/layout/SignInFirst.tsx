import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { nextPath, noticeLoggedOut, SIGN_IN_PATH } from '../authProvider/paths';

/**
 * Back to sign-in, to return to this page afterwards; when the session ran out, it is cleared
 * and the notice says so.
 */
export const SignInFirst = ({ expired, clear }: { expired: boolean; clear?: () => void }) => {
    const navigate = useNavigate();
    useEffect(() => {
        nextPath.remember();
        if (expired) {
            clear?.();
            noticeLoggedOut();
        }
        void navigate(SIGN_IN_PATH, { replace: true });
    }, [expired, clear, navigate]);
    return null;
};
