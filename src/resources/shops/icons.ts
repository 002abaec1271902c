/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import StorefrontIcon from '@mui/icons-material/Storefront';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    shop: StorefrontIcon,
    shop_agents: SwapHorizIcon,
} satisfies IconsOf<typeof routes>;
