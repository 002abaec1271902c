/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import StoreIcon from '@mui/icons-material/Store';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    stores: StoreIcon,
} satisfies IconsOf<typeof routes>;
