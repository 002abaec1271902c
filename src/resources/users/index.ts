import GroupIcon from '@mui/icons-material/Group';
import { lazyPage } from '../../lib/lazyPage';

/** Portal users (admins), at /dashboard/users. Loaded on first visit. */
export default {
    list: lazyPage(() => import('./UserList').then(m => m.UserList)),
    create: lazyPage(() => import('./UserCreate').then(m => m.UserCreate)),
    edit: lazyPage(() => import('./UserEdit').then(m => m.UserEdit)),
    icon: GroupIcon,
    recordRepresentation: 'username',
};
