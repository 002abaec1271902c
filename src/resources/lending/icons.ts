/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import RunningWithErrorsIcon from '@mui/icons-material/RunningWithErrors';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    collections: RunningWithErrorsIcon,
    lock_policy: PhonelinkLockIcon,
} satisfies IconsOf<typeof routes>;
