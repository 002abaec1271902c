import type { TranslationMessages } from 'react-admin';
import enShared from './en.shared';
import { mergeCatalogs, type CatalogPart } from './mergeCatalogs';

/**
 * The English catalog's app part: the signed-in screens' words, loaded with the signed-in shell
 * (index.ts); the signed-out pages' words are in en.public.ts. It is the shared words
 * (en.shared.ts) and each folder's own, `src/resources/<d>/i18n/en.ts` and
 * `src/pages/<p>/i18n/en.ts`, found by their place, so a new folder's words need no edit here.
 */
const folders = import.meta.glob<CatalogPart>(['../resources/*/i18n/en.ts', '../pages/*/i18n/en.ts'], {
    eager: true,
    import: 'default',
});

// react-admin's own messages (`ra`) are in the public part.
const enApp: Omit<TranslationMessages, 'ra'> = mergeCatalogs(enShared, folders);

export default enApp;
