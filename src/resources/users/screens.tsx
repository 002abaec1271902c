import GroupIcon from '@mui/icons-material/Group';
import { lazyPage } from '../../lib/lazyPage';
import type { ResourcePropsByName, ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/** Portal users (admins), at /dashboard/users. Loaded on first visit. */
const users = {
    list: lazyPage(() => import('./UserList').then(m => m.UserList)),
    create: lazyPage(() => import('./UserCreate').then(m => m.UserCreate)),
    edit: lazyPage(() => import('./UserEdit').then(m => m.UserEdit)),
    icon: GroupIcon,
    recordRepresentation: 'username',
};

const UserList = users.list;

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    users: <UserList />,
} satisfies ScreensOf<typeof routes>;

/** What the `users` resource holds besides its list route: its create and edit screens. */
export const resourceProps = { users } satisfies ResourcePropsByName;
