/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import SecurityIcon from '@mui/icons-material/Security';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    security: SecurityIcon,
} satisfies IconsOf<typeof routes>;
