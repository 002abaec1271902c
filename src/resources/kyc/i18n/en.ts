import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The KYC queue's menu entry (its other words are in the public part: the sign-up pages show them
 * too), in English: found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        kyc_verification: 'Customer KYC verification',
    },
} satisfies CatalogPart;

export default en;
