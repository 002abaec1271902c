/**
 * `/bi`, loaded on demand (Portal.tsx): signed in but outside the shell. The session's checks and
 * react-admin's context are the shell's own (layout/SignedIn.tsx), without its layout and screens.
 */
import type { Store } from 'react-admin';
import type { PortalI18n } from '../../i18n';
import { SignedInContext, SignedInGate } from '../../layout/SignedIn';
import { BiPage } from './BiPage';

export const BiApp = ({ i18n, store }: { i18n: PortalI18n; store?: Store }) => (
    <SignedInGate>
        <SignedInContext i18n={i18n} store={store}>
            <BiPage />
        </SignedInContext>
    </SignedInGate>
);
