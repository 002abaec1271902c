import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { EntryKey } from '../../lib/saleEntries';
import type { routes } from './routes';

/**
 * The add-loan wizard, routed in App.tsx under /dashboard at each of its five entries
 * (lib/saleEntries.ts). Loaded on first visit.
 */
const AddLoan = lazyPage<{ entry: EntryKey }>(() => import('./AddLoan').then(m => m.AddLoan));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    add_loan: <AddLoan entry="v1" />,
    add_loan_v2: <AddLoan entry="v2" />,
    add_loan_fieldagent: <AddLoan entry="fieldagent" />,
    add_loan_shop: <AddLoan entry="shop" />,
    add_loan_assisted: <AddLoan entry="assisted" />,
} satisfies ScreensOf<typeof routes>;
