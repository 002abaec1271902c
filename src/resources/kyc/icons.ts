/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import BadgeIcon from '@mui/icons-material/Badge';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    kyc_verification: BadgeIcon,
} satisfies IconsOf<typeof routes>;
