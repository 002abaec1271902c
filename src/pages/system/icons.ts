/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ScienceIcon from '@mui/icons-material/Science';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    system_check: MonitorHeartIcon,
    system_check_beta: ScienceIcon,
} satisfies IconsOf<typeof routes>;
