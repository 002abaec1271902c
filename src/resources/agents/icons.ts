/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    agents: SupportAgentIcon,
} satisfies IconsOf<typeof routes>;
