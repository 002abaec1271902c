/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import AnalyticsIcon from '@mui/icons-material/Analytics';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    analytics: AnalyticsIcon,
} satisfies IconsOf<typeof routes>;
