import SecurityIcon from '@mui/icons-material/Security';
import { GroupCreate } from './GroupCreate';
import { GroupList } from './GroupList';
import { GroupShow } from './GroupShow';

/** Security groups and their roles, at /dashboard/security. */
export default {
    list: GroupList,
    create: GroupCreate,
    show: GroupShow,
    icon: SecurityIcon,
    recordRepresentation: 'name',
};
