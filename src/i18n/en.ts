import type { TranslationMessages } from 'react-admin';
import enApp from './en.app';
import enPublic from './en.public';
import { wholeCatalog } from './mergeCatalogs';

/**
 * The whole English catalog, both parts in one, for tests and tools: the portal itself loads
 * en.public.ts first and en.app.ts with the signed-in shell (index.ts).
 */
const en: TranslationMessages = wholeCatalog(enPublic, enApp);

export default en;
