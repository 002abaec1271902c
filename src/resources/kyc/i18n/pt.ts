import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The KYC queue's menu entry (its other words are in the public part: the sign-up pages show them
 * too), in Portuguese: found by their place and merged into the app part
 * (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        kyc_verification: 'Verificação KYC de clientes',
    },
} satisfies TranslationOf<typeof en>;

export default pt;
