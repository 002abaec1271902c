import type { CUSTOMER_VIEWS } from '../../../contract/customers';

/**
 * The four ways into a customer (spec §2): staff, digitally assisted, field agent, and field agent
 * by shop. Each has its lookup screen and its view screen under /dashboard, gated by its own role
 * (the `find` action of its resource in src/authProvider/permissions.ts); the screens themselves
 * are shared (CustomerFind.tsx, CustomerView.tsx).
 */
/** The contract's views (customerByPublicId's `view`), one for one. */
export const VARIANT_KEYS = ['staff', 'assisted', 'fieldagent', 'shop'] as const satisfies typeof CUSTOMER_VIEWS;
export type VariantKey = (typeof VARIANT_KEYS)[number];

export interface Variant {
    key: VariantKey;
    /** Paths under /dashboard. */
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
        findPath: 'customers/find',
        viewPath: 'customers/view',
        resource: 'customers',
        title: 'customers.variants.staff',
    },
    assisted: {
        key: 'assisted',
        findPath: 'customers/findassisted',
        viewPath: 'customers/digital-assisted-view',
        resource: 'customers-assisted',
        title: 'customers.variants.assisted',
    },
    fieldagent: {
        key: 'fieldagent',
        findPath: 'find/fieldagent/customer',
        viewPath: 'fieldagent/customers/view',
        resource: 'fieldagent-customers',
        title: 'customers.variants.fieldagent',
    },
    shop: {
        key: 'shop',
        findPath: 'find/shop/fieldagent/customer',
        viewPath: 'shop/fieldagent/customers/view',
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
