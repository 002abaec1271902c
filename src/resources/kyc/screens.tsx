import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { routes } from './routes';

/**
 * The KYC verification screens (spec §2 "KYC verification"): the queue (/dashboard/customers/ocr)
 * and one submission (/dashboard/customers/kyc-validation?id=…), custom routes of App.tsx, loaded
 * on first visit. The upload the add-loan wizard and /verify_liveness make is in lib/kycImages.ts.
 */
const KycQueue = lazyPage(() => import('./KycQueue').then(m => m.KycQueue));
const KycValidation = lazyPage(() => import('./KycValidation').then(m => m.KycValidation));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    kyc_verification: <KycQueue />,
    kyc_validation: <KycValidation />,
} satisfies ScreensOf<typeof routes>;
