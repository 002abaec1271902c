/**
 * The four ways into a customer (spec §2): staff, digitally assisted, field agent, and field agent
 * by shop. Each has its lookup screen and its view screen under /dashboard, gated by its own role
 * (the `find` action of its resource in src/authProvider/permissions.ts); the screens themselves
 * are shared (CustomerFind.tsx, CustomerView.tsx).
 */
export const VARIANT_KEYS = ['staff', 'assisted', 'fieldagent', 'shop'] as const;
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
