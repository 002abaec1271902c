import SecurityIcon from '@mui/icons-material/Security';
import { lazyPage } from '../../lib/lazyPage';

/** Security groups and their roles, at /dashboard/security. Loaded on first visit. */
export default {
    list: lazyPage(() => import('./GroupList').then(m => m.GroupList)),
    create: lazyPage(() => import('./GroupCreate').then(m => m.GroupCreate)),
    show: lazyPage(() => import('./GroupShow').then(m => m.GroupShow)),
    edit: lazyPage(() => import('./GroupEdit').then(m => m.GroupEdit)),
    icon: SecurityIcon,
    recordRepresentation: 'name',
};
