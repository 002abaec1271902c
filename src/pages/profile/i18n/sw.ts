import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The profile page's words, in Swahili: found by their place and merged into the app part
 * (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    profile: {
        roles: 'Kile ambacho kikundi changu cha usalama kinaruhusu',
        no_roles: 'Kikundi chako cha usalama bado hakina majukumu yoyote.',
    },
} satisfies TranslationOf<typeof en>;

export default sw;
