/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import DashboardIcon from '@mui/icons-material/Dashboard';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    dashboard: DashboardIcon,
} satisfies IconsOf<typeof routes>;
