/**
 * Who the demo is: its groups and the roles each holds, its shops, its accounts, and the sales
 * agents `--scale` adds. Data the seed writes and tests and docs read; nothing here touches a
 * database.
 */
import { ROLE_CODES, type RoleCode } from '../../contract/roles';
import { FIELD_AGENT_GROUP, SALES_AGENT_GROUP, SUPER_ADMIN_GROUP } from '../domain/security';

const ANALYTICS_ROLES = ROLE_CODES.filter(code => code.includes('ANALYTICS'));
const APPROVE_ROLES = ROLE_CODES.filter(code => code.startsWith('APPROVE_'));

/** Each demo group and the role codes it holds. Tests and docs read it; the seed writes it. */
export const DEMO_GROUPS = {
    [SUPER_ADMIN_GROUP]: ROLE_CODES,
    'Portal Staff': [
        'FIND_CUSTOMER',
        'FIND_DIGITAL_ASSISTED_CUSTOMER',
        'FIND_TRANSACTION',
        'VIEW_USERS',
        'VIEW_AGENTS',
        'VIEW_STORES',
        'VIEW_INVENTORY',
        // The catalogue is every shop's, so its prices are set by staff without a shop; a cut of
        // more than 20% waits for a checker (server/domain/inventory/prices.ts).
        'UPDATE_PHONE_PRICES',
        'VIEW_DEREGISTRATIONS',
        'VIEW_IMEI_CHANGE_REQUESTS',
        'VIEW_MAKER_CHECKER_REQUESTS',
        'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
        'VIEW_CUSTOMER_OCR',
        'VIEW_SUSPENSE_TRANSACTIONS',
        'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
        'VIEW_FAILED_THIRD_PARTY_INSURANCE',
        'VIEW_CUSTOMER_PHONE',
        'VIEW_CUSTOMER_MESSAGES',
        'VIEW_CUSTOMER_LOANS',
        'VIEW_CUSTOMERS_QUALIFIED_PHONES',
        'REQUEST_LOAN_DEACTIVATION',
        'REQUEST_IMEI_CHANGE',
        'REQUEST_TRANSFER_LOAN_OWNERSHIP',
        'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE',
        'REQUEST_OFFLINE_PIN',
        'UPLOAD_RECONCILIATION_DOCUMENT',
        'CORRECT_SUSPENSE_TRANSACTIONS',
        // Collections: who is behind, every shop's loans
        'VIEW_COLLECTIONS',
        'ADD_LOAN',
        'RATE_CALL',
        'AWARD_DATA',
        'LOCK_CUSTOMER_DEVICE',
        'RELEASE_CUSTOMER_DEVICE',
        'CONVERT_CUSTOMER',
        // Back-office staff support the shops: the system check, and the beta switches to try first
        'RUN_SYSTEM_CHECK',
        'USE_BETA_FEATURES',
    ],
    Approvers: [
        'VIEW_DEREGISTRATIONS',
        'VIEW_IMEI_CHANGE_REQUESTS',
        'VIEW_MAKER_CHECKER_REQUESTS',
        'VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS',
        'VIEW_CUSTOMER_OCR',
        'VIEW_SUSPENSE_TRANSACTIONS',
        'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
        'VIEW_FAILED_THIRD_PARTY_INSURANCE',
        'VIEW_USERS',
        'VIEW_AGENTS',
        ...APPROVE_ROLES,
    ],
    'Shop Owner': [
        'VIEW_SHOP_AGENTS',
        'VIEW_STORES',
        'VIEW_AGENTS',
        'VIEW_INVENTORY',
        'ADD_STORE',
        'ADD_INVENTORY',
        'TRANSFER_AGENT',
        'UPDATE_AGENT_LOCATION',
        'ASSIGN_AGENT_TIER',
        'FIND_CUSTOMER',
        'VIEW_SHOP_OWNERS_ANALYTICS',
        // Collections: the shop's own loans in arrears (a shop's staff reach their shop's loans)
        'VIEW_COLLECTIONS',
    ],
    [SALES_AGENT_GROUP]: [
        'FIND_CUSTOMER',
        'FIND_DIGITAL_ASSISTED_CUSTOMER',
        'ADD_LOAN',
        'VIEW_CUSTOMER_PHONE',
        'VIEW_CUSTOMER_MESSAGES',
        'VIEW_CUSTOMER_LOANS',
        'VIEW_CUSTOMERS_QUALIFIED_PHONES',
        'RATE_CALL',
    ],
    [FIELD_AGENT_GROUP]: [
        'FIND_CUSTOMER_FIELDAGENT',
        'FIND_CUSTOMER_FIELDAGENT_STORE',
        'VIEW_CUSTOMER_PHONE',
        'VIEW_CUSTOMER_LOANS',
        'VIEW_CUSTOMERS_QUALIFIED_PHONES',
        'ADD_LOAN',
    ],
    Analytics: ANALYTICS_ROLES,
} as const satisfies Record<string, readonly RoleCode[]>;

export type DemoGroup = keyof typeof DEMO_GROUPS;

export const GROUP_DESCRIPTIONS: Record<DemoGroup, string> = {
    [SUPER_ADMIN_GROUP]: 'Every role: runs the portal',
    'Portal Staff': 'Back-office staff: find, view and request changes (makers)',
    Approvers: 'Review and approve requests (checkers)',
    'Shop Owner': 'Runs a phone shop: its agents and stock',
    [SALES_AGENT_GROUP]: 'Sells phones on loan in a shop; self-registered agents join here',
    [FIELD_AGENT_GROUP]: 'Finds customers in the field',
    Analytics: 'Reads the analytics pages',
};

interface DemoStore {
    name: string;
    region: string;
    town: string;
    latitude: number;
    longitude: number;
    /** The operator's own shop (analytics compares branded and unbranded shops). */
    branded?: boolean;
}

export const DEMO_STORES: readonly DemoStore[] = [
    { name: 'Soweto Central', region: 'Gauteng', town: 'Johannesburg', latitude: -26.2485, longitude: 27.854 },
    {
        name: 'Durban Marine Parade',
        region: 'KwaZulu-Natal',
        town: 'Durban',
        latitude: -29.852,
        longitude: 31.037,
        branded: true,
    },
    {
        name: 'Cape Town Bellville',
        region: 'Western Cape',
        town: 'Cape Town',
        latitude: -33.9022,
        longitude: 18.629,
        branded: true,
    },
    { name: 'Pretoria Sunnyside', region: 'Gauteng', town: 'Pretoria', latitude: -25.752, longitude: 28.205 },
];

interface DemoAccount {
    username: string;
    firstName: string;
    lastName: string;
    group: DemoGroup;
    msisdn: string;
    store: string | null;
    otpEnabled: boolean;
}

/** The demo accounts; each signs in with the SEED_PASSWORD setting (default demo-pass-2026). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
    {
        username: 'admin',
        firstName: 'Thandi',
        lastName: 'Mokoena',
        group: SUPER_ADMIN_GROUP,
        msisdn: '27820000001',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'maker',
        firstName: 'Sipho',
        lastName: 'Ndlovu',
        group: 'Portal Staff',
        msisdn: '27820000002',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'checker',
        firstName: 'Lerato',
        lastName: 'Dlamini',
        group: 'Approvers',
        msisdn: '27820000003',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'shopowner',
        firstName: 'Pieter',
        lastName: 'van Wyk',
        group: 'Shop Owner',
        msisdn: '27820000004',
        store: 'Soweto Central',
        otpEnabled: false,
    },
    {
        username: 'agent',
        firstName: 'Bongani',
        lastName: 'Khumalo',
        group: SALES_AGENT_GROUP,
        msisdn: '27820000005',
        store: 'Soweto Central',
        otpEnabled: false,
    },
    {
        username: 'fieldagent',
        firstName: 'Naledi',
        lastName: 'Mahlangu',
        group: FIELD_AGENT_GROUP,
        msisdn: '27820000006',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'analyst',
        firstName: 'Ayesha',
        lastName: 'Patel',
        group: 'Analytics',
        msisdn: '27820000007',
        store: null,
        otpEnabled: false,
    },
    {
        username: 'secure',
        firstName: 'Johan',
        lastName: 'Botha',
        group: 'Portal Staff',
        msisdn: '27820000008',
        store: null,
        otpEnabled: true,
    },
];

/** Generated sales agents: 25 per `--scale` step, at most this many. */
const AGENTS_PER_SCALE = 25;
const MAX_GENERATED_AGENTS = 2000;
export const generatedAgentCount = (scale: number) => Math.min(scale * AGENTS_PER_SCALE, MAX_GENERATED_AGENTS);

/** Plausible extra agents; a fixed faker seed keeps every run's data the same. */
export const generatedAgents = async (howMany: number) => {
    const { faker } = await import('@faker-js/faker');
    faker.seed(2026);
    return Array.from({ length: howMany }, (_, index) => {
        const firstName = faker.person.firstName();
        const lastName = faker.person.lastName();
        return {
            username:
                `${firstName}.${lastName}`
                    .toLowerCase()
                    .replace(/[^a-z0-9.]/g, '')
                    .slice(0, 24) + `.${index + 1}`,
            firstName,
            lastName,
            msisdn: `2783${String(1_000_000 + index).padStart(7, '0')}`,
            email: faker.internet.email({ firstName, lastName, provider: 'agents.example' }).toLowerCase(),
            status: index % 5 === 4 ? ('pending_approval' as const) : ('active' as const),
            otpEnabled: false,
        };
    });
};
