/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    deregistrations: PhonelinkEraseIcon,
    mc_requests_v2: FactCheckIcon,
    mc_requests: FactCheckIcon,
    imei_changes: PhonelinkEraseIcon,
    transfer_loan_requests: AppRegistrationIcon,
} satisfies IconsOf<typeof routes>;
