import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The profile page's words, in Portuguese: found by their place and merged into the app part
 * (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    profile: {
        roles: 'O que o meu grupo de segurança permite',
        no_roles: 'O seu grupo de segurança ainda não tem funções.',
    },
} satisfies TranslationOf<typeof en>;

export default pt;
