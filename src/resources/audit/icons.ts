/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import HistoryIcon from '@mui/icons-material/History';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    audit: HistoryIcon,
} satisfies IconsOf<typeof routes>;
