import { lazyPage } from '../../lib/lazyPage';
import type { EntryKey } from '../../lib/saleEntries';

/**
 * The add-loan wizard, routed in App.tsx under /dashboard at each of its five entries
 * (lib/saleEntries.ts). Loaded on first visit.
 */
export const AddLoan = lazyPage<{ entry: EntryKey }>(() => import('./AddLoan').then(m => m.AddLoan));
