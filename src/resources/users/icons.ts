/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import GroupIcon from '@mui/icons-material/Group';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    users: GroupIcon,
} satisfies IconsOf<typeof routes>;
