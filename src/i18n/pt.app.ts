import type { TranslationMessages } from 'react-admin';
import ptShared from './pt.shared';
import { mergeCatalogs, type CatalogPart } from './mergeCatalogs';

/**
 * The Portuguese catalog's app part: the signed-in screens' words, loaded with the signed-in shell
 * (index.ts); the signed-out pages' words are in pt.public.ts. It is the shared words
 * (pt.shared.ts) and each folder's own, `src/resources/<d>/i18n/pt.ts` and
 * `src/pages/<p>/i18n/pt.ts`, found by their place, so a new folder's words need no edit here.
 */
const folders = import.meta.glob<CatalogPart>(['../resources/*/i18n/pt.ts', '../pages/*/i18n/pt.ts'], {
    eager: true,
    import: 'default',
});

// react-admin's own messages (`ra`) are in the public part.
const ptApp: Omit<TranslationMessages, 'ra'> = mergeCatalogs(ptShared, folders);

export default ptApp;
