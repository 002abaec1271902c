import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The KYC queue's menu entry (its other words are in the public part: the sign-up pages show them
 * too), in Swahili: found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        kyc_verification: 'Uthibitishaji wa KYC wa wateja',
    },
} satisfies TranslationOf<typeof en>;

export default sw;
