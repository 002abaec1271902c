import { lazyPage } from '../../lib/lazyPage';
import type { ScreensOf } from '../../lib/screenTable';
import type { VariantKey } from '../../lib/customerVariants';
import type { routes } from './routes';

/**
 * The customer screens (spec §2), routed in App.tsx under /dashboard: a lookup and a view for each
 * of the four variants (lib/customerVariants.ts). Loaded on first visit.
 */
const CustomerFind = lazyPage<{ variant: VariantKey }>(() => import('./CustomerFind').then(m => m.CustomerFind));
const CustomerView = lazyPage<{ variant: VariantKey }>(() => import('./CustomerView').then(m => m.CustomerView));

/** The screen of each of the folder's routes (routes.ts), which App.tsx renders. */
export const screens = {
    find_customer: <CustomerFind variant="staff" />,
    find_assisted_customer: <CustomerFind variant="assisted" />,
    find_customer_fieldagent: <CustomerFind variant="fieldagent" />,
    find_customer_by_shop: <CustomerFind variant="shop" />,
    customer_view: <CustomerView variant="staff" />,
    assisted_customer_view: <CustomerView variant="assisted" />,
    fieldagent_customer_view: <CustomerView variant="fieldagent" />,
    shop_customer_view: <CustomerView variant="shop" />,
} satisfies ScreensOf<typeof routes>;
