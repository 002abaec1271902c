import { lazyPage } from '../../lib/lazyPage';

/**
 * The KYC verification screens (spec §2 "KYC verification"): the queue (/dashboard/customers/ocr)
 * and one submission (/dashboard/customers/kyc-validation?id=…), custom routes of App.tsx, loaded
 * on first visit. The upload the add-loan wizard and /verify_liveness make is in lib/kycImages.ts.
 */
export const KycQueue = lazyPage(() => import('./KycQueue').then(m => m.KycQueue));
export const KycValidation = lazyPage(() => import('./KycValidation').then(m => m.KycValidation));
