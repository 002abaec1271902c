/**
 * Every role code the portal knows. The first two blocks are the codes of the specification (§6,
 * gates and labels); the rest are the approving and requesting roles that maker-checker needs and
 * the analytics roles of the BI page. The server seeds this catalog (new codes are added on every
 * start) and checks calls against it; the client gates menus, routes and buttons with it. The names
 * are the English ones the portal shows (the English catalog takes them from here; Swahili and
 * Portuguese translate them by code).
 */
export const ROLE_CATALOG = {
    // Gates of the side menu (spec §2, §6)
    VIEW_USERS: 'View portal users',
    VIEW_AGENTS: 'View agents',
    FIND_CUSTOMER: 'Find customer',
    FIND_DIGITAL_ASSISTED_CUSTOMER: 'Find digitally assisted customer',
    FIND_TRANSACTION: 'Find transaction',
    VIEW_STORES: 'View phone stores',
    VIEW_SHOP_AGENTS: 'View shop agents',
    VIEW_INVENTORY: 'View inventory',
    VIEW_DEREGISTRATIONS: 'View deregistration requests',
    FIND_CUSTOMER_FIELDAGENT: 'Find customer as a field agent',
    FIND_CUSTOMER_FIELDAGENT_STORE: 'Find customer by shop as a field agent',
    VIEW_IMEI_CHANGE_REQUESTS: 'View IMEI change requests',
    VIEW_MAKER_CHECKER_REQUESTS: 'View maker-checker requests',
    VIEW_TRANSFER_LOAN_OWNERSHIP_REQUESTS: 'View loan ownership transfer requests',
    VIEW_CUSTOMER_OCR: 'View customer KYC verifications',
    VIEW_SUSPENSE_TRANSACTIONS: 'View suspense transactions',
    UPLOAD_RECONCILIATION_DOCUMENT: 'Upload reconciliation document',
    VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE: 'View successful insurance claims',
    VIEW_FAILED_THIRD_PARTY_INSURANCE: 'View failed insurance claims',
    REQUEST_REVERSAL_THIRD_PARTY_INSURANCE: 'Request insurance reversal',
    VIEW_SECURITY: 'View security groups and roles',
    // Named in labels (spec §6)
    ADD_USER: 'Add portal user',
    EDIT_ROLES: 'Edit the roles of a group',
    ADD_LOAN: 'Add loan',
    RATE_CALL: 'Rate a customer call',
    REQUEST_OFFLINE_PIN: 'Request offline unlock PIN',
    REQUEST_LOAN_DEACTIVATION: 'Request loan deactivation',
    VIEW_CUSTOMER_PHONE: 'View customer phone',
    VIEW_CUSTOMER_MESSAGES: 'View customer messages',
    VIEW_CUSTOMER_LOANS: 'View customer loans',
    APPROVE_DEREGISTRATION: 'Approve deregistration',
    AWARD_DATA: 'Award data',
    VIEW_CUSTOMERS_QUALIFIED_PHONES: 'View phones a customer qualifies for',
    UPDATE_AGENT_LOCATION: 'Update agent location',
    ADD_REGION_LEAD: 'Add region lead',
    ADD_STORE: 'Add phone store',
    ADD_SECURITY_GROUP: 'Add security group',
    // Administration (not named by the specification)
    EDIT_USER: 'Edit, disable and sign out portal users',
    VIEW_AUDIT_TRAIL: 'View the audit trail',
    // Maker-checker: the roles that request and the roles that approve
    REQUEST_IMEI_CHANGE: 'Request IMEI change',
    APPROVE_IMEI_CHANGE: 'Approve IMEI change',
    REQUEST_TRANSFER_LOAN_OWNERSHIP: 'Request loan ownership transfer',
    APPROVE_TRANSFER_LOAN_OWNERSHIP: 'Approve loan ownership transfer',
    APPROVE_MAKER_CHECKER_REQUESTS: 'Approve maker-checker requests',
    APPROVE_CUSTOMER_OCR: 'Approve customer KYC verification',
    APPROVE_REVERSAL_THIRD_PARTY_INSURANCE: 'Approve or deny insurance reversal',
    APPROVE_AGENT_REGISTRATION: 'Approve agent registration',
    APPROVE_PRICE_CHANGE: 'Approve a catalogue price cut',
    // Stock, shops and money
    ADD_INVENTORY: 'Add inventory',
    UPDATE_PHONE_PRICES: 'Update phone prices',
    TRANSFER_AGENT: 'Transfer agent to another shop',
    ASSIGN_AGENT_TIER: 'Assign agent tier',
    CORRECT_SUSPENSE_TRANSACTIONS: 'Correct suspense transactions',
    // The lending loop: who is behind on their loans (the collections queue)
    VIEW_COLLECTIONS: 'View loans in arrears (collections)',
    EDIT_LOCK_POLICY: 'Edit the lock policy (days overdue before a lock, reminders)',
    // Customers and their devices (not named by the specification; the actions of the customer view need them)
    LOCK_CUSTOMER_DEVICE: 'Lock or unlock a customer device',
    RELEASE_CUSTOMER_DEVICE: 'Release a paid-off device',
    CONVERT_CUSTOMER: 'Convert a customer between normal and business',
    // Support: the system check (/dashboard/test) and the beta switches (/dashboard/test-beta)
    RUN_SYSTEM_CHECK: 'Run the system check',
    USE_BETA_FEATURES: 'Try beta features',
    // Analytics (the BI page shows for any code containing ANALYTICS)
    VIEW_BI_ANALYTICS: 'View business analytics',
    VIEW_SHOP_ANALYTICS: 'View shop analytics',
    VIEW_SHOP_OWNERS_ANALYTICS: 'View shop owner analytics',
    VIEW_UNBRANDED_ANALYTICS: 'View unbranded analytics',
    VIEW_AGENT_ANALYTICS: 'View agent analytics',
} as const;

export type RoleCode = keyof typeof ROLE_CATALOG;

export const ROLE_CODES = Object.keys(ROLE_CATALOG) as RoleCode[];
