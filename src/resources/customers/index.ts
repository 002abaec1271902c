import { lazyPage } from '../../lib/lazyPage';
import type { VariantKey } from '../../lib/customerVariants';

/**
 * The customer screens (spec §2), routed in App.tsx under /dashboard: a lookup and a view for each
 * of the four variants (lib/customerVariants.ts). Loaded on first visit.
 */
export const CustomerFind = lazyPage<{ variant: VariantKey }>(() => import('./CustomerFind').then(m => m.CustomerFind));
export const CustomerView = lazyPage<{ variant: VariantKey }>(() => import('./CustomerView').then(m => m.CustomerView));
