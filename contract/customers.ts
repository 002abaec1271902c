/**
 * Customers (spec §3, §7 "Customers", "Field agents", "Call rating", "Conversion"): finding a
 * customer in its three variants (staff, field agent, digitally assisted), what the customer view
 * shows about them (limits, messages, phones they qualify for), rating a call, and converting a
 * customer between normal and business.
 *
 * Which customers a caller sees (the server answers 404 `errors.customer_not_found` for any other,
 * so a number cannot be probed):
 * - staff without a shop holding FIND_CUSTOMER or FIND_DIGITAL_ASSISTED_CUSTOMER: every customer;
 * - anyone attached to a shop: the customers of that shop (registered there, or with a loan sold there);
 * - FIND_CUSTOMER_FIELDAGENT: the customers the field agent registered;
 * - FIND_CUSTOMER_FIELDAGENT_STORE without a shop: the customers of any shop, looked up by shop.
 * Every call below that takes a `msisdn` or `loan_reference` applies the same rule.
 */
import { z } from 'zod';
import type { RoleCode } from './roles';
import { defineCall, id } from './define';
import { customerLookup, email, msisdn, personName } from './fields';

/** The currency every amount is in (spec §9: the label is ZAR). */
export const CURRENCY = 'ZAR' as const;

export const CUSTOMER_TYPES = ['normal', 'business'] as const;
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export const ID_TYPES = ['national_id', 'passport'] as const;
export const GENDERS = ['female', 'male', 'other'] as const;
/** How a customer first came: at a shop, through a field agent, or digitally assisted. */
export const CUSTOMER_CHANNELS = ['shop', 'field_agent', 'digital_assisted'] as const;
/** Spec §9. */
export const INDUSTRY_VERTICALS = [
    'retail',
    'manufacturing',
    'services',
    'agriculture',
    'technology',
    'healthcare',
    'education',
] as const;
/** Spec §9: "under 100k" to "above 5M" (ZAR a year). */
export const TURNOVER_BANDS = ['under_100k', '100k_500k', '500k_1m', '1m_5m', 'above_5m'] as const;

/** The roles that find customers; each sees the customers its rule allows (see the header). */
export const CUSTOMER_FINDERS = [
    'FIND_CUSTOMER',
    'FIND_DIGITAL_ASSISTED_CUSTOMER',
    'FIND_CUSTOMER_FIELDAGENT',
    'FIND_CUSTOMER_FIELDAGENT_STORE',
] as const satisfies readonly RoleCode[];

const text = (max: number) => z.string().trim().max(max);
const nullableText = z.string().nullable();

export const address = z.object({
    unit_house_number: nullableText,
    street: nullableText,
    suburb: nullableText,
    town: nullableText,
    province: nullableText,
    postal_code: nullableText,
});
export type Address = z.infer<typeof address>;

const addressInput = z.object({
    unit_house_number: text(40).optional(),
    street: text(120).optional(),
    suburb: text(80).optional(),
    town: text(80),
    province: text(80).optional(),
    postal_code: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z -]{2,10}$/, 'valid postal code required')
        .optional(),
});

export const business = z.object({
    business_name: z.string(),
    employee_count: z.number().int(),
    industry_vertical: z.enum(INDUSTRY_VERTICALS),
    turnover_band: z.enum(TURNOVER_BANDS),
    address,
});

const person = z.object({ id: z.number().int(), name: z.string() });

/** A customer as every lookup answers it. Amounts are in `CURRENCY`. */
export const customer = z.object({
    id: z.number().int(),
    /** The customer's name in an address (`customerByPublicId`): random, unlike the phone or id number. */
    public_id: z.uuid(),
    msisdn: z.string(),
    username: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    id_type: z.enum(ID_TYPES),
    id_number: z.string(),
    alternate_msisdn: z.string().nullable(),
    email: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    /** YYYY-MM-DD. */
    date_of_birth: z.string().nullable(),
    address,
    customer_type: z.enum(CUSTOMER_TYPES),
    /** Set for business customers, null for normal ones. */
    business: business.nullable(),
    credit_limit: z.number(),
    currency: z.literal(CURRENCY),
    kyc_status: z.enum(KYC_STATUSES),
    channel: z.enum(CUSTOMER_CHANNELS),
    /** The shop the customer belongs to (registered there), if any. */
    store: person.nullable(),
    /** The field agent or staff member who registered the customer, if known. */
    registered_by: person.nullable(),
    created_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const findCustomer = defineCall({
    summary:
        'Find a customer by phone number, username, id number or IMEI. Answers the matches the caller may see, the customer first; 404 when there is none.',
    method: 'POST',
    path: '/api/v1/view_customer_msisdn',
    access: 'FIND_CUSTOMER',
    body: z.object({ username: customerLookup }),
    response: z.object({ users: z.array(customer) }),
});

/** `?find=fieldagent`: the field agent's own customers; `?find=shop`: a shop's customers. */
export const FIELD_AGENT_SCOPES = ['fieldagent', 'shop'] as const;

export const findFieldAgentCustomer = defineCall({
    summary:
        "Find a customer as a field agent: `find=fieldagent` among the customers the agent registered (FIND_CUSTOMER_FIELDAGENT), `find=shop` among a shop's customers (FIND_CUSTOMER_FIELDAGENT_STORE; `store_id` is the caller's own shop when they have one, and required when they have none).",
    method: 'POST',
    path: '/api/v1/get_lipa_pole_pole_customers',
    access: ['FIND_CUSTOMER_FIELDAGENT', 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    query: z.object({ find: z.enum(FIELD_AGENT_SCOPES).default('fieldagent') }),
    body: z.object({ username: customerLookup, store_id: id.optional() }),
    response: z.object({ users: z.array(customer) }),
});

export const customerLimits = defineCall({
    summary: "A customer's credit limit, what their open loans use of it, and what is left",
    method: 'POST',
    path: '/api/v1/customer_limits',
    access: CUSTOMER_FINDERS,
    body: z.object({ msisdn }),
    response: z.object({
        msisdn: z.string(),
        credit_limit: z.number(),
        used: z.number(),
        available: z.number(),
        currency: z.literal(CURRENCY),
        kyc_status: z.enum(KYC_STATUSES),
        open_loans: z.number().int(),
    }),
});

export const MESSAGE_PURPOSES = ['otp', 'notice'] as const;

export const customerMessages = defineCall({
    summary:
        'The SMS messages sent to a customer, newest first (at most 200). One-time codes are never shown: their text reads as a hidden code.',
    method: 'POST',
    path: '/api/v1/get_customer_sms',
    access: 'VIEW_CUSTOMER_MESSAGES',
    body: z.object({ msisdn }),
    response: z.object({
        texts: z.array(
            z.object({
                id: z.number().int(),
                msisdn: z.string(),
                text: z.string(),
                purpose: z.enum(MESSAGE_PURPOSES),
                created_at: z.string(),
            }),
        ),
    }),
});

export const CALL_RATINGS = [1, 2, 3, 4, 5] as const;

export const callRating = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    rated_by: person,
    created_at: z.string(),
});

export const rateCall = defineCall({
    summary: 'Rate a call with a customer, from 1 (poor) to 5 (excellent)',
    method: 'POST',
    path: '/api/v1/customer_call_rating',
    access: 'RATE_CALL',
    body: z.object({
        msisdn,
        rating: z.number().int().min(1).max(5),
        comment: text(500).optional(),
    }),
    response: callRating,
});

/** How many of a customer's latest call ratings the customer view shows. */
export const CALL_RATINGS_SHOWN = 5;

export const customerCallRatings = defineCall({
    summary:
        "A customer's latest call ratings, newest first (at most CALL_RATINGS_SHOWN), each with who rated and when, and how many there are in all: the trace a rating leaves on the customer view.",
    method: 'POST',
    path: '/api/v1/customer_call_ratings',
    access: 'RATE_CALL',
    body: z.object({ msisdn }),
    response: z.object({ ratings: z.array(callRating), total: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Data awards (AWARD_DATA): a mobile-data bundle given to a customer, as goodwill or a reward

/** The bundles staff may award, in MB, smallest first. */
export const DATA_BUNDLES_MB = [100, 500, 1024] as const;
/** A customer is awarded data at most once in this many days. */
export const DATA_AWARD_INTERVAL_DAYS = 30;

export const dataAward = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    bundle_mb: z.number().int(),
    reason: z.string(),
    awarded_by: person,
    created_at: z.string(),
});
export type DataAward = z.infer<typeof dataAward>;

export const customerDataAwards = defineCall({
    summary: "A customer's data awards, newest first, and when the next one may be given",
    method: 'POST',
    path: '/api/v1/customer_data_awards',
    access: 'AWARD_DATA',
    body: z.object({ msisdn }),
    response: z.object({
        data: z.array(dataAward),
        /** ISO time from which another award may be given; null when one may be given now. */
        next_award_at: z.string().nullable(),
    }),
});

export const awardCustomerData = defineCall({
    summary: `Award a customer a data bundle (${DATA_BUNDLES_MB.join(', ')} MB) with a reason; the customer is told by SMS. At most one award per customer in ${DATA_AWARD_INTERVAL_DAYS} days (409 errors.award_too_soon).`,
    method: 'POST',
    path: '/api/v1/award_customer_data',
    access: 'AWARD_DATA',
    body: z.object({
        msisdn,
        bundle_mb: z.literal(DATA_BUNDLES_MB),
        reason: text(500).pipe(z.string().min(3)),
    }),
    response: dataAward,
});

const businessInput = z.object({
    business_name: z.string().trim().min(2).max(120),
    employee_count: z.number().int().min(1).max(1_000_000),
    industry_vertical: z.enum(INDUSTRY_VERTICALS),
    turnover_band: z.enum(TURNOVER_BANDS),
    address: addressInput,
});

export const convertCustomer = defineCall({
    summary:
        'Convert a customer to a business customer (with the business details) or back to a normal one. Converting to the type the customer already has is a 409.',
    method: 'POST',
    path: '/api/v1/customer_conversion',
    access: 'CONVERT_CUSTOMER',
    body: z.union([
        z.object({ msisdn, customer_type: z.literal('business'), business: businessInput }),
        z.object({ msisdn, customer_type: z.literal('normal') }),
    ]),
    response: customer,
});

// ---------------------------------------------------------------------------------------------
// Digitally assisted

/** A digitally assisted sale in progress: the customer's loan not yet active. */
export const existingOrder = z.object({
    is_existing_order: z.literal(true),
    loan_reference: z.string(),
    /** The loan's status: `draft`, `awaiting_deposit` or `awaiting_lock`. */
    status: z.string(),
    sku: z.string(),
    /** The phone as its loan names it: brand and model ("Vivo Y17s"). */
    model: z.string(),
    price: z.number(),
    deposit: z.number(),
    currency: z.literal(CURRENCY),
    created_at: z.string(),
    customer,
});

export const digitalAssistedIdentification = defineCall({
    summary:
        'Find a customer for a digitally assisted sale. `data` is the order in progress (`is_existing_order: true`) when the customer has one, else `{ is_existing_order: false, users }`.',
    method: 'POST',
    path: '/api/digital_assisted/customer-identification',
    access: 'FIND_DIGITAL_ASSISTED_CUSTOMER',
    body: z.object({ username: customerLookup }),
    response: z.object({
        data: z.union([existingOrder, z.object({ is_existing_order: z.literal(false), users: z.array(customer) })]),
    }),
});

/**
 * The four customer views (staff, digitally assisted, field agent, field agent by shop), each
 * opened by its own lookup's role: a view by address sees whom that lookup would find.
 */
export const CUSTOMER_VIEWS = ['staff', 'assisted', 'fieldagent', 'shop'] as const;
export type CustomerViewKey = (typeof CUSTOMER_VIEWS)[number];
export const CUSTOMER_VIEW_ROLES = {
    staff: 'FIND_CUSTOMER',
    assisted: 'FIND_DIGITAL_ASSISTED_CUSTOMER',
    fieldagent: 'FIND_CUSTOMER_FIELDAGENT',
    shop: 'FIND_CUSTOMER_FIELDAGENT_STORE',
} as const satisfies Record<CustomerViewKey, RoleCode>;

export const customerByPublicId = defineCall({
    summary:
        "The customer a view's address names (`?customer=<public_id>`), for the view `view` under its lookup's rule: `staff` and `assisted` whom the caller sees, `fieldagent` the customers the agent registered, `shop` the customers of the caller's shop (of any shop for a caller without one). `order` is the digitally assisted sale in progress, for `assisted` only. 403 `errors.forbidden` naming `view` without that view's role; 404 `errors.customer_not_found` alike for an id out of sight and one that does not exist.",
    method: 'GET',
    path: '/api/v1/customers/by_public_id/:public_id',
    access: CUSTOMER_FINDERS,
    params: z.object({ public_id: z.uuid() }),
    query: z.object({ view: z.enum(CUSTOMER_VIEWS) }),
    response: z.object({ customer, order: existingOrder.nullable() }),
});

export const LOCK_SOLUTIONS = ['trustonic', 'think_adams', 'samsung', 'oguard', 'rguard', 'zte', 'vivo', 'own'] as const;
export type LockSolution = (typeof LOCK_SOLUTIONS)[number];
export const INSTALMENT_PERIODS = ['weekly', 'monthly'] as const;

export const phoneModel = z.object({
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    image: z.string().nullable(),
    cash_price: z.number(),
    deposit: z.number(),
    instalment_amount: z.number(),
    instalment_period: z.enum(INSTALMENT_PERIODS),
    /** Number of instalments. */
    term: z.number().int(),
    lock_solution: z.enum(LOCK_SOLUTIONS),
});

export const qualifiedDevices = defineCall({
    summary:
        "The phones a customer qualifies for: models whose financed amount (price less deposit) fits the credit left, with the units in stock (at the caller's shop when they have one). An empty list means the customer does not qualify for any phone.",
    method: 'POST',
    path: '/api/digital_assisted/customer-qualified-devices',
    access: 'VIEW_CUSTOMERS_QUALIFIED_PHONES',
    body: z.object({ msisdn }),
    response: z.object({
        available_limit: z.number(),
        currency: z.literal(CURRENCY),
        devices: z.array(phoneModel.extend({ in_stock: z.number().int() })),
    }),
});

// ---------------------------------------------------------------------------------------------
// Field agents

export const FIELD_AGENT_REQUEST_STATUSES = ['open', 'done', 'cancelled'] as const;

export const fieldAgentRequestRecord = z.object({
    id: z.number().int(),
    msisdn: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    town: z.string(),
    note: z.string().nullable(),
    status: z.enum(FIELD_AGENT_REQUEST_STATUSES),
    store: person.nullable(),
    created_at: z.string(),
});

export const fieldAgentRequest = defineCall({
    summary:
        "A field agent's customer requests. `action: 'add'` records a prospective customer met in the field (a new phone number becomes a customer registered by the agent; the answer is the same whether or not the number was known). `action: 'fetch'` lists the agent's own requests, newest first.",
    method: 'POST',
    path: '/api/v1/field_agent_request',
    access: ['FIND_CUSTOMER_FIELDAGENT', 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    body: z.union([
        z.object({
            action: z.literal('add'),
            msisdn,
            first_name: personName,
            last_name: personName,
            id_type: z.enum(ID_TYPES).default('national_id'),
            id_number: z
                .string()
                .trim()
                .regex(/^[A-Za-z0-9]{6,20}$/, 'valid id number required'),
            town: z.string().trim().min(2).max(80),
            email: email.optional(),
            store_id: id.optional(),
            note: text(500).optional(),
        }),
        z.object({ action: z.literal('fetch') }),
    ]),
    response: z.union([
        z.object({ action: z.literal('add'), request: fieldAgentRequestRecord }),
        z.object({ action: z.literal('fetch'), data: z.array(fieldAgentRequestRecord), total_items: z.number().int() }),
    ]),
});

export const customerCalls = {
    findCustomer,
    findFieldAgentCustomer,
    customerByPublicId,
    customerLimits,
    customerMessages,
    rateCall,
    customerCallRatings,
    convertCustomer,
    digitalAssistedIdentification,
    qualifiedDevices,
    fieldAgentRequest,
    customerDataAwards,
    awardCustomerData,
};
