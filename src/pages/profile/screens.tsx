import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

const ProfilePage = lazyPage(() => import('./ProfilePage').then(m => m.ProfilePage));
const ChangePasswordScreen = lazyPage(() => import('./ChangePasswordScreen').then(m => m.ChangePasswordScreen));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    profile: <ProfilePage />,
    password: <ChangePasswordScreen />,
} satisfies ScreensOf<typeof routes>;
