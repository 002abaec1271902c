import { errorKeyOf } from './apiErrors';
import { notices } from './notices';

/**
 * An async event handler as the void callback React and MUI take (`onClick={handler(resend)}`): its
 * promise is not left floating, and a failure the handler did not catch itself is shown as a toast
 * in the user's language (`errorKeyOf`) instead of vanishing as an unhandled rejection.
 */
export const handler =
    <A extends unknown[]>(run: (...args: A) => Promise<unknown>) =>
    (...args: A): void => {
        run(...args).catch((error: unknown) => notices.push({ message: errorKeyOf(error), type: 'error' }));
    };
