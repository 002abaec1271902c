import GroupIcon from '@mui/icons-material/Group';
import { UserCreate } from './UserCreate';
import { UserList } from './UserList';

/** Portal users (admins), at /dashboard/users. */
export default {
    list: UserList,
    create: UserCreate,
    icon: GroupIcon,
    recordRepresentation: 'username',
};
