import SecurityIcon from '@mui/icons-material/Security';
import { lazyPage } from '../../lib/lazyPage';
import type { ResourcePropsByName, ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/** Security groups and their roles, at /dashboard/security. Loaded on first visit. */
const security = {
    list: lazyPage(() => import('./GroupList').then(m => m.GroupList)),
    create: lazyPage(() => import('./GroupCreate').then(m => m.GroupCreate)),
    show: lazyPage(() => import('./GroupShow').then(m => m.GroupShow)),
    edit: lazyPage(() => import('./GroupEdit').then(m => m.GroupEdit)),
    icon: SecurityIcon,
    recordRepresentation: 'name',
};

const GroupList = security.list;

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    security: <GroupList />,
} satisfies ScreensOf<typeof routes>;

/**
 * What the `security` resource holds besides its list route (its create, show and edit screens),
 * and how the pickers name a group (`groups`, a resource without routes).
 */
export const resourceProps = {
    security,
    groups: { recordRepresentation: 'name' },
} satisfies ResourcePropsByName;
