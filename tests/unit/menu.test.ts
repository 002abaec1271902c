import { describe, expect, it } from 'vitest';
import { ROLE_CODES } from '../../contract/roles';
import { MENU, hrefOf, visibleEntries, visibleMenu, type MenuNode } from '../../src/layout/menu';
import { VARIANTS } from '../../src/lib/customerVariants';
import { ENTRIES } from '../../src/lib/saleEntries';
import { ROUTE_KEYS, ROUTES, type RouteDef } from '../../src/routes';

/** The menu's keys as `key` or `group>child`. */
const keysFor = (roles: string[]) =>
    visibleMenu(new Set(roles)).flatMap((node: MenuNode) =>
        node.kind === 'entry' ? [node.key] : [node.key, ...node.children.map(child => `${node.key}>${child.key}`)],
    );

/** Spec §2 "Side menu": each top-level entry and the single role that shows it. */
const TOP_LEVEL: [string, string][] = [
    ['users', 'VIEW_USERS'],
    ['agents', 'VIEW_AGENTS'],
    ['find_customer', 'FIND_CUSTOMER'],
    ['find_assisted_customer', 'FIND_DIGITAL_ASSISTED_CUSTOMER'],
    ['find_transaction', 'FIND_TRANSACTION'],
    ['collections', 'VIEW_COLLECTIONS'],
    ['stores', 'VIEW_STORES'],
    ['shop', 'VIEW_SHOP_AGENTS'],
    ['shop_agents', 'VIEW_SHOP_AGENTS'],
    ['inventory', 'VIEW_INVENTORY'],
    ['deregistrations', 'VIEW_DEREGISTRATIONS'],
    ['security', 'VIEW_SECURITY'],
    ['audit', 'VIEW_AUDIT_TRAIL'],
];

/** Spec §2: each group's children and the role of each child. */
const CHILDREN: [string, string, string][] = [
    ['field_agent', 'find_customer_fieldagent', 'FIND_CUSTOMER_FIELDAGENT'],
    ['field_agent', 'find_customer_by_shop', 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    ['approvals', 'mc_requests_v2', 'VIEW_MAKER_CHECKER_REQUESTS'],
    ['approvals', 'mc_requests', 'VIEW_MAKER_CHECKER_REQUESTS'],
    ['approvals', 'imei_changes', 'VIEW_IMEI_CHANGE_REQUESTS'],
    ['approvals', 'transfer_loan_requests', 'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS'],
    ['kyc', 'kyc_verification', 'VIEW_CUSTOMER_OCR'],
    ['suspense', 'suspense_transactions', 'VIEW_SUSPENSE_TRANSACTIONS'],
    ['suspense', 'reconciliation', 'UPLOAD_RECONCILIATION_DOCUMENT'],
    ['tpi', 'tpi_successful', 'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE'],
    ['tpi', 'tpi_failed', 'VIEW_FAILED_THIRD_PARTY_INSURANCE'],
];

/** Each group's entries, in the menu's order. */
const GROUPS = {
    field_agent: ['find_customer_fieldagent', 'find_customer_by_shop'],
    approvals: ['mc_requests_v2', 'mc_requests', 'imei_changes', 'transfer_loan_requests'],
    kyc: ['kyc_verification'],
    suspense: ['suspense_transactions', 'reconciliation'],
    tpi: ['tpi_successful', 'tpi_failed', 'tpi_reversal'],
};

/** The menu's entries today, in its order (spec §2 and the portal's own additions). */
const TODAYS_MENU = [
    'dashboard',
    'users',
    'agents',
    'find_customer',
    'find_assisted_customer',
    'find_transaction',
    'collections',
    'lock_policy',
    'stores',
    'shop',
    'shop_agents',
    'inventory',
    'deregistrations',
    'find_customer_fieldagent',
    'find_customer_by_shop',
    'analytics',
    'mc_requests_v2',
    'mc_requests',
    'imei_changes',
    'transfer_loan_requests',
    'kyc_verification',
    'suspense_transactions',
    'reconciliation',
    'tpi_successful',
    'tpi_failed',
    'tpi_reversal',
    'security',
    'audit',
    'system_check',
    'system_check_beta',
] as const;

describe('the side menu rules (spec §2)', () => {
    it('always shows the dashboard, even to a group without roles', () => {
        expect(keysFor([])).toEqual(['dashboard']);
    });

    it.each(TOP_LEVEL)('shows %s exactly to holders of %s', (key, role) => {
        expect(keysFor([role])).toContain(key);
        const others = ROLE_CODES.filter(code => code !== role);
        expect(keysFor(others)).not.toContain(key);
    });

    it.each(CHILDREN)('shows %s > %s exactly to holders of %s', (group, child, role) => {
        const keys = keysFor([role]);
        expect(keys).toContain(group);
        expect(keys).toContain(`${group}>${child}`);
        expect(keysFor(ROLE_CODES.filter(code => code !== role))).not.toContain(`${group}>${child}`);
    });

    it('shows the insurance reversal queue to those who ask for reversals and to those who decide them (the calls of money)', () => {
        const either = ['REQUEST_REVERSAL_THIRD_PARTY_INSURANCE', 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE'];
        for (const role of either) expect(keysFor([role])).toContain('tpi>tpi_reversal');
        expect(keysFor(ROLE_CODES.filter(code => !either.includes(code)))).not.toContain('tpi>tpi_reversal');
    });

    it('shows the lock policy to those who change it and to those who lock phones by hand (who may read it)', () => {
        const either = ['EDIT_LOCK_POLICY', 'LOCK_CUSTOMER_DEVICE'];
        for (const role of either) expect(keysFor([role])).toContain('lock_policy');
        expect(keysFor(ROLE_CODES.filter(code => !either.includes(code)))).not.toContain('lock_policy');
    });

    it('shows a group with only the children the user holds the role for', () => {
        expect(keysFor(['VIEW_IMEI_CHANGE_REQUESTS'])).toEqual(['dashboard', 'approvals', 'approvals>imei_changes']);
        expect(keysFor(['FIND_CUSTOMER_FIELDAGENT_STORE'])).toEqual([
            'dashboard',
            'field_agent',
            'field_agent>find_customer_by_shop',
        ]);
    });

    it('shows the system check to holders of RUN_SYSTEM_CHECK, and its beta page only to those who also hold USE_BETA_FEATURES', () => {
        expect(keysFor(['RUN_SYSTEM_CHECK'])).toEqual(['dashboard', 'system_check']);
        expect(keysFor(['USE_BETA_FEATURES'])).toEqual(['dashboard']);
        expect(keysFor(['RUN_SYSTEM_CHECK', 'USE_BETA_FEATURES'])).toEqual(['dashboard', 'system_check', 'system_check_beta']);
        const others = ROLE_CODES.filter(code => code !== 'RUN_SYSTEM_CHECK');
        expect(keysFor(others)).not.toContain('system_check');
        expect(keysFor(others)).not.toContain('system_check_beta');
    });

    it('hides a group whose children the user may not open', () => {
        expect(keysFor(['VIEW_USERS'])).not.toContain('approvals');
    });

    it('shows Analytics for any role whose code contains ANALYTICS, and links it outside the shell', () => {
        expect(keysFor(['VIEW_SHOP_ANALYTICS'])).toContain('analytics');
        expect(keysFor(['A_FUTURE_ANALYTICS_ROLE'])).toContain('analytics');
        expect(keysFor(['VIEW_USERS'])).not.toContain('analytics');
        const analytics = MENU.find(node => node.key === 'analytics');
        expect(analytics?.kind === 'entry' && hrefOf(analytics)).toBe('/bi');
    });

    it('gates the successful insurance claims by their own role (the specification slip is not copied)', () => {
        expect(keysFor(['VIEW_SUSPENSE_TRANSACTIONS'])).not.toContain('tpi>tpi_successful');
        expect(keysFor(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE'])).toContain('tpi>tpi_successful');
    });

    it('shows every entry to a holder of every role, today’s in this order', () => {
        const shown = visibleEntries(new Set(ROLE_CODES)).map(item => item.key);
        // A folder that brings an entry places it by its `order`: today's entries keep theirs around it.
        expect(shown.filter(key => (TODAYS_MENU as readonly string[]).includes(key))).toEqual(TODAYS_MENU);
        expect(new Set(shown).size).toBe(shown.length);
    });

    it('stands each group where its first entry stands in the menu’s order, holding its entries in that order', () => {
        // The order itself, every entry's, is the next test's.
        const order = visibleEntries(new Set(ROLE_CODES)).map(item => item.key);
        const groupOf = new Map(
            Object.entries(GROUPS).flatMap(([group, keys]) => keys.map(key => [key, group as keyof typeof GROUPS])),
        );
        const expected = order.flatMap<string | Record<string, string[]>>(key => {
            const group = groupOf.get(key);
            if (!group) return [key];
            return GROUPS[group][0] === key ? [{ [group]: GROUPS[group] }] : [];
        });
        const layout = MENU.map(node =>
            node.kind === 'entry' ? node.key : { [node.key]: node.children.map(child => child.key) },
        );
        expect(layout).toEqual(expected);
    });

    it('leads each entry to its route of spec §2, under /dashboard but for the BI page', () => {
        const all = MENU.flatMap(node => (node.kind === 'entry' ? [node] : node.children));
        expect(Object.fromEntries(all.map(item => [item.key, hrefOf(item)]))).toMatchObject({
            dashboard: '/dashboard/',
            users: '/dashboard/users',
            agents: '/dashboard/agents',
            find_customer: '/dashboard/customers/find',
            find_assisted_customer: '/dashboard/customers/findassisted',
            find_transaction: '/dashboard/transactions/find',
            collections: '/dashboard/collections',
            lock_policy: '/dashboard/lock-policy',
            stores: '/dashboard/stores',
            shop: '/dashboard/shop',
            shop_agents: '/dashboard/shop/agent',
            inventory: '/dashboard/inventory',
            deregistrations: '/dashboard/deregistrations',
            find_customer_fieldagent: '/dashboard/find/fieldagent/customer',
            find_customer_by_shop: '/dashboard/find/shop/fieldagent/customer',
            analytics: '/bi',
            mc_requests_v2: '/dashboard/mc_requests_v2',
            mc_requests: '/dashboard/mc_requests',
            imei_changes: '/dashboard/imei_changes',
            transfer_loan_requests: '/dashboard/transfer_loan_requests',
            kyc_verification: '/dashboard/customers/ocr',
            suspense_transactions: '/dashboard/suspense-transactions',
            reconciliation: '/dashboard/reconciliation',
            tpi_successful: '/dashboard/tpi/successful',
            tpi_failed: '/dashboard/tpi/failed',
            tpi_reversal: '/dashboard/tpi/reversal',
            security: '/dashboard/security',
            audit: '/dashboard/audit',
            system_check: '/dashboard/test',
            system_check_beta: '/dashboard/test-beta',
        });
        // Keys are unique: the object above would hide a repeated one.
        expect(new Set(all.map(item => item.key)).size).toBe(all.length);
        expect(all.length).toBeGreaterThanOrEqual(TODAYS_MENU.length);
    });
});

describe('the table of routes', () => {
    it('keeps every address the portal had, each once', () => {
        const paths = ROUTE_KEYS.map(key => ROUTES[key].path);
        expect(new Set(paths).size).toBe(paths.length);
        expect([...paths].sort()).toEqual(
            [
                '',
                '/bi',
                'users',
                'security',
                'agents',
                'stores',
                'stores/create',
                'stores/:id',
                'shop',
                'shop/agent',
                'inventory',
                'inventory/add',
                'inventory/update',
                'deregistrations',
                'imei_changes',
                'transfer_loan_requests',
                'mc_requests',
                'mc_requests_v2',
                'suspense-transactions',
                'tpi',
                'tpi/successful',
                'tpi/failed',
                'tpi/reversal',
                'transactions/find',
                'collections',
                'lock-policy',
                'reconciliation',
                'audit',
                'profile',
                'password',
                'test',
                'test-beta',
                'customers/find',
                'customers/view',
                'customers/findassisted',
                'customers/digital-assisted-view',
                'customers/ocr',
                'customers/kyc-validation',
                'find/fieldagent/customer',
                'fieldagent/customers/view',
                'find/shop/fieldagent/customer',
                'shop/fieldagent/customers/view',
                'customers/add-loan',
                'customers/add-loan-v2',
                'fieldagent/customers/add-loan',
                'fieldagent/shop/customers/add-loan',
                'customers/digital-assisted-add-loan',
            ].sort(),
        );
    });

    it('puts a route under a resource only when its path starts with the resource’s name', () => {
        for (const key of ROUTE_KEYS) {
            const { path, under }: RouteDef = ROUTES[key];
            if (under) expect(path === under || path.startsWith(`${under}/`), key).toBe(true);
        }
    });

    it('gives the customer lookups and the add-loan entries their paths from the table', () => {
        expect(VARIANTS.shop.viewPath).toBe(ROUTES.shop_customer_view.path);
        expect(ENTRIES.assisted.path).toBe(ROUTES.add_loan_assisted.path);
    });
});
