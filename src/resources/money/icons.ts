/** The menu's icon of each of this folder's menu entries (layout/menu.ts finds this file by its place). */
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { IconsOf } from '../../lib/screenTable';
import type { routes } from './routes';

export const icons = {
    find_transaction: ReceiptLongIcon,
    suspense_transactions: AccountBalanceWalletIcon,
    reconciliation: AppRegistrationIcon,
    tpi_successful: HealthAndSafetyIcon,
    tpi_failed: HealthAndSafetyIcon,
    tpi_reversal: HealthAndSafetyIcon,
} satisfies IconsOf<typeof routes>;
