import type { TranslationMessages } from 'react-admin';
import swShared from './sw.shared';
import { mergeCatalogs, type CatalogPart } from './mergeCatalogs';

/**
 * The Swahili catalog's app part: the signed-in screens' words, loaded with the signed-in shell
 * (index.ts); the signed-out pages' words are in sw.public.ts. It is the shared words
 * (sw.shared.ts) and each folder's own, `src/resources/<d>/i18n/sw.ts` and
 * `src/pages/<p>/i18n/sw.ts`, found by their place, so a new folder's words need no edit here.
 */
const folders = import.meta.glob<CatalogPart>(['../resources/*/i18n/sw.ts', '../pages/*/i18n/sw.ts'], {
    eager: true,
    import: 'default',
});

// react-admin's own messages (`ra`) are in the public part.
const swApp: Omit<TranslationMessages, 'ra'> = mergeCatalogs(swShared, folders);

export default swApp;
