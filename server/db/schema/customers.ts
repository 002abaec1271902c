/**
 * Customers (normal and business), the ratings staff give calls with them, and the prospective
 * customers field agents record. Looked up by msisdn, username and id number (unique indexes), and
 * by IMEI through their loans (schema/loans.ts).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
    CUSTOMER_CHANNELS,
    CUSTOMER_TYPES,
    FIELD_AGENT_REQUEST_STATUSES,
    GENDERS,
    ID_TYPES,
    INDUSTRY_VERTICALS,
    KYC_STATUSES,
    TURNOVER_BANDS,
} from '../../../contract/customers';
import { fullNameOf, trigramsOf } from '../search';
import { money } from './catalogue';
import { createdAt, identity } from './columns';
import { admins } from './security';
import { stores } from './stores';

export const customerType = pgEnum('customer_type', CUSTOMER_TYPES);
export const kycStatus = pgEnum('kyc_status', KYC_STATUSES);
export const idType = pgEnum('id_type', ID_TYPES);
export const gender = pgEnum('gender', GENDERS);
export const customerChannel = pgEnum('customer_channel', CUSTOMER_CHANNELS);
export const industryVertical = pgEnum('industry_vertical', INDUSTRY_VERTICALS);
export const turnoverBand = pgEnum('turnover_band', TURNOVER_BANDS);
export const fieldAgentRequestStatus = pgEnum('field_agent_request_status', FIELD_AGENT_REQUEST_STATUSES);

export const customers = pgTable(
    'customers',
    {
        id: identity(),
        /**
         * The customer's name in an address (the customer view's `?customer=`): random, so it says
         * nothing of the customer and cannot be guessed from another, unlike the phone or id number,
         * which must never land in browser history or logs. Every insert takes the default.
         */
        publicId: uuid('public_id').notNull().defaultRandom().unique('customers_public_id_key'),
        msisdn: text('msisdn').notNull().unique(),
        /** Lower case when set; unique whatever the case. */
        username: text('username'),
        firstName: text('first_name').notNull(),
        lastName: text('last_name').notNull(),
        idType: idType('id_type').notNull().default('national_id'),
        idNumber: text('id_number').notNull(),
        alternateMsisdn: text('alternate_msisdn'),
        email: text('email'),
        gender: gender('gender'),
        dateOfBirth: date('date_of_birth'),
        unitHouseNumber: text('unit_house_number'),
        street: text('street'),
        suburb: text('suburb'),
        town: text('town'),
        province: text('province'),
        postalCode: text('postal_code'),
        customerType: customerType('customer_type').notNull().default('normal'),
        businessName: text('business_name'),
        employeeCount: integer('employee_count'),
        industryVertical: industryVertical('industry_vertical'),
        turnoverBand: turnoverBand('turnover_band'),
        businessUnitHouseNumber: text('business_unit_house_number'),
        businessStreet: text('business_street'),
        businessSuburb: text('business_suburb'),
        businessTown: text('business_town'),
        businessProvince: text('business_province'),
        businessPostalCode: text('business_postal_code'),
        creditLimit: money('credit_limit').notNull().default(0),
        kycStatus: kycStatus('kyc_status').notNull().default('none'),
        channel: customerChannel('channel').notNull().default('shop'),
        /** The shop the customer was registered at, if any. */
        storeId: integer('store_id').references(() => stores.id),
        registeredByAdminId: integer('registered_by_admin_id').references(() => admins.id),
        createdAt: createdAt(),
    },
    table => [
        uniqueIndex('customers_username_lower_key').on(sql`lower(${table.username})`),
        unique('customers_id_number_key').on(table.idType, table.idNumber),
        index('customers_id_number_idx').on(table.idNumber),
        index('customers_store_id_idx').on(table.storeId),
        index('customers_registered_by_idx').on(table.registeredByAdminId),
        // A search for part of a name or phone number (server/domain/records/search.ts): the queues
        // find the customers it names here, then their rows by customer.
        index('customers_name_trgm_idx').using('gin', trigramsOf(fullNameOf(table))),
        index('customers_msisdn_trgm_idx').using('gin', trigramsOf(table.msisdn)),
    ],
);

export const callRatings = pgTable(
    'call_ratings',
    {
        id: identity(),
        customerId: integer('customer_id')
            .notNull()
            .references(() => customers.id),
        ratedByAdminId: integer('rated_by_admin_id')
            .notNull()
            .references(() => admins.id),
        rating: integer('rating').notNull(),
        comment: text('comment'),
        createdAt: createdAt(),
    },
    table => [index('call_ratings_customer_idx').on(table.customerId, table.id)],
);

/** A mobile-data bundle awarded to a customer (AWARD_DATA); at most one per customer in DATA_AWARD_INTERVAL_DAYS. */
export const dataAwards = pgTable(
    'data_awards',
    {
        id: identity(),
        customerId: integer('customer_id')
            .notNull()
            .references(() => customers.id),
        bundleMb: integer('bundle_mb').notNull(),
        reason: text('reason').notNull(),
        awardedByAdminId: integer('awarded_by_admin_id')
            .notNull()
            .references(() => admins.id),
        createdAt: createdAt(),
    },
    table => [index('data_awards_customer_idx').on(table.customerId, table.createdAt)],
);

export const fieldAgentRequests = pgTable(
    'field_agent_requests',
    {
        id: identity(),
        fieldAgentAdminId: integer('field_agent_admin_id')
            .notNull()
            .references(() => admins.id),
        customerId: integer('customer_id')
            .notNull()
            .references(() => customers.id),
        /** What the agent typed (an existing customer's own record is not shown back to the agent). */
        msisdn: text('msisdn').notNull(),
        firstName: text('first_name').notNull(),
        lastName: text('last_name').notNull(),
        town: text('town').notNull(),
        note: text('note'),
        storeId: integer('store_id').references(() => stores.id),
        status: fieldAgentRequestStatus('status').notNull().default('open'),
        createdAt: createdAt(),
    },
    table => [index('field_agent_requests_agent_idx').on(table.fieldAgentAdminId, table.id)],
);
