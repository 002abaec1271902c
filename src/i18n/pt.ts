import type { TranslationMessages } from 'react-admin';
import ptApp from './pt.app';
import ptPublic from './pt.public';
import { wholeCatalog } from './mergeCatalogs';

/**
 * The whole Portuguese (European/Mozambican) catalog, both parts in one, for tests and tools: the portal itself loads
 * pt.public.ts first and pt.app.ts with the signed-in shell (index.ts).
 */
const pt: TranslationMessages = wholeCatalog(ptPublic, ptApp);

export default pt;
