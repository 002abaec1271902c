import type { CUSTOMER_VIEWS } from '../../contract/customers';
import { ROUTES } from '../routes';

/**
 * The four ways into a customer (spec §2): staff, digitally assisted, field agent, and field agent
 * by shop. Each has its lookup screen and its view screen under /dashboard, gated by its own role
 * (the `find` action of its resource, declared in customers/calls.ts); the screens themselves
 * are shared (customers/CustomerFind.tsx, CustomerView.tsx).
 */
/** The contract's views (customerByPublicId's `view`), one for one. */
export const VARIANT_KEYS = ['staff', 'assisted', 'fieldagent', 'shop'] as const satisfies typeof CUSTOMER_VIEWS;
export type VariantKey = (typeof VARIANT_KEYS)[number];

export interface Variant {
    key: VariantKey;
    /** Paths under /dashboard (the table of routes, src/routes.ts). */
    findPath: string;
    viewPath: string;
    /** The permissions-map resource whose `find` action opens both screens. */
    resource: string;
    /** Translation key of the screens' title. */
    title: string;
}

export const VARIANTS: Readonly<Record<VariantKey, Variant>> = {
    staff: {
        key: 'staff',
        findPath: ROUTES.find_customer.path,
        viewPath: ROUTES.customer_view.path,
        resource: 'customers',
        title: 'customers.variants.staff',
    },
    assisted: {
        key: 'assisted',
        findPath: ROUTES.find_assisted_customer.path,
        viewPath: ROUTES.assisted_customer_view.path,
        resource: 'customers-assisted',
        title: 'customers.variants.assisted',
    },
    fieldagent: {
        key: 'fieldagent',
        findPath: ROUTES.find_customer_fieldagent.path,
        viewPath: ROUTES.fieldagent_customer_view.path,
        resource: 'fieldagent-customers',
        title: 'customers.variants.fieldagent',
    },
    shop: {
        key: 'shop',
        findPath: ROUTES.find_customer_by_shop.path,
        viewPath: ROUTES.shop_customer_view.path,
        resource: 'fieldagent-shop-customers',
        title: 'customers.variants.shop',
    },
};

export const absolute = (path: string) => `/dashboard/${path}`;

/**
 * The search parameter of a view's address that names its customer, by their random public id:
 * never the phone or id number, which would land in browser history and server logs.
 */
export const CUSTOMER_PARAM = 'customer';

/** The address of a variant's view showing this customer: it can be bookmarked, shared and reopened. */
export const viewAddress = (variant: VariantKey, publicId: string) =>
    `${absolute(VARIANTS[variant].viewPath)}?${new URLSearchParams({ [CUSTOMER_PARAM]: publicId }).toString()}`;
