/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    find_customer: PersonSearchIcon,
    find_assisted_customer: PersonSearchIcon,
    find_customer_fieldagent: PersonSearchIcon,
    find_customer_by_shop: StorefrontIcon,
} satisfies IconsOf<typeof routes>;
