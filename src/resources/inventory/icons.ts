/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    inventory: Inventory2Icon,
} satisfies IconsOf<typeof routes>;
