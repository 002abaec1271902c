import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/** The shell's home (react-admin's dashboard, at /dashboard/). Loaded on first visit. */
export const home = lazyPage(() => import('./DashboardHome').then(m => m.DashboardHome));

/** None: the home is react-admin's dashboard, not a route App.tsx renders. */
export const screens = {} satisfies ScreensOf<typeof routes>;
