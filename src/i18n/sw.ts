import type { TranslationMessages } from 'react-admin';
import swApp from './sw.app';
import swPublic from './sw.public';
import { wholeCatalog } from './mergeCatalogs';

/**
 * The whole Swahili catalog, both parts in one, for tests and tools: the portal itself loads
 * sw.public.ts first and sw.app.ts with the signed-in shell (index.ts).
 */
const sw: TranslationMessages = wholeCatalog(swPublic, swApp);

export default sw;
