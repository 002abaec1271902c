/**
 * A customer as every lookup answers it, and the values its fields take (contract/customers/index.ts
 * says which customers a caller sees).
 */
import { z } from 'zod';
import { CURRENCY, person } from '../fields';
import type { RoleCode } from '../roles';

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

/** The roles that find customers; each sees the customers its rule allows (contract/customers/index.ts). */
export const CUSTOMER_FINDERS = [
    'FIND_CUSTOMER',
    'FIND_DIGITAL_ASSISTED_CUSTOMER',
    'FIND_CUSTOMER_FIELDAGENT',
    'FIND_CUSTOMER_FIELDAGENT_STORE',
] as const satisfies readonly RoleCode[];

/** Text of at most `max` characters, trimmed. */
export const boundedText = (max: number) => z.string().trim().max(max);

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

export const addressInput = z.object({
    unit_house_number: boundedText(40).optional(),
    street: boundedText(120).optional(),
    suburb: boundedText(80).optional(),
    town: boundedText(80),
    province: boundedText(80).optional(),
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
