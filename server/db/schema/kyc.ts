/**
 * Knowing the customer: the images uploaded for KYC (their metadata; an upload's bytes are a file
 * in the image store, server/domain/kyc/imageStore.ts, the demo's few small ones in `content`),
 * the identity-register checks, and the submissions a checker verifies. The rules
 * are in server/domain/kyc/; the calls in contract/kyc.ts.
 */
import { sql } from 'drizzle-orm';
import {
    boolean,
    check,
    customType,
    index,
    integer,
    jsonb,
    pgEnum,
    pgTable,
    real,
    text,
    uniqueIndex,
    uuid,
} from 'drizzle-orm/pg-core';
import { CUSTOMER_CHANNELS, ID_TYPES } from '../../../contract/customers';
import { KYC_IMAGE_KINDS, KYC_SUBMISSION_STATUSES, type OcrFields } from '../../../contract/kyc';
import { trigramsOf } from '../search';
import { at, createdAt, identity } from './columns';
import { customers } from './customers';
import { admins } from './security';
import { stores } from './stores';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const kycImageKind = pgEnum('kyc_image_kind', KYC_IMAGE_KINDS);
export const kycSubmissionStatus = pgEnum('kyc_submission_status', KYC_SUBMISSION_STATUSES);
export const kycChannel = pgEnum('kyc_channel', CUSTOMER_CHANNELS);
export const kycIdType = pgEnum('kyc_id_type', ID_TYPES);

export const kycImages = pgTable(
    'kyc_images',
    {
        id: uuid('id').primaryKey(),
        kind: kycImageKind('kind').notNull(),
        contentType: text('content_type').notNull(),
        size: integer('size').notNull(),
        sha256: text('sha256').notNull(),
        /** The bytes of an image kept in the database (the seed's); null for an upload, kept in the store. */
        content: bytea('content'),
        /** The file's random name in the image store (server/domain/kyc/imageStore.ts); null when `content` holds the bytes. */
        storedAs: text('stored_as'),
        ocr: jsonb('ocr').$type<OcrFields>(),
        livenessPassed: boolean('liveness_passed'),
        livenessScore: real('liveness_score'),
        uploadedByAdminId: integer('uploaded_by_admin_id')
            .notNull()
            .references(() => admins.id),
        /** Set once a submission names the image: it then belongs to that customer. */
        customerId: integer('customer_id').references(() => customers.id),
        createdAt: createdAt(),
    },
    table => [
        index('kyc_images_uploader_idx').on(table.uploadedByAdminId, table.createdAt),
        // The sweep of unattached uploads (server/domain/kyc/imageStore.ts) reads them by age.
        index('kyc_images_unattached_idx')
            .on(table.createdAt)
            .where(sql`${table.customerId} IS NULL`),
        check('kyc_images_bytes_somewhere', sql`(${table.content} IS NULL) <> (${table.storedAs} IS NULL)`),
    ],
);

export const identityChecks = pgTable(
    'identity_checks',
    {
        id: identity(),
        reference: text('reference').notNull().unique(),
        idType: kycIdType('id_type').notNull(),
        idNumber: text('id_number').notNull(),
        firstName: text('first_name').notNull(),
        lastName: text('last_name').notNull(),
        dateOfBirth: text('date_of_birth').notNull(),
        verified: boolean('verified').notNull(),
        mismatch: text('mismatch'),
        checkedByAdminId: integer('checked_by_admin_id')
            .notNull()
            .references(() => admins.id),
        createdAt: createdAt(),
    },
    table => [index('identity_checks_id_number_idx').on(table.idNumber)],
);

export const kycSubmissions = pgTable(
    'kyc_submissions',
    {
        id: identity(),
        customerId: integer('customer_id')
            .notNull()
            .references(() => customers.id),
        status: kycSubmissionStatus('status').notNull().default('pending'),
        idType: kycIdType('id_type').notNull(),
        idNumber: text('id_number').notNull(),
        ocr: jsonb('ocr').$type<OcrFields>(),
        confirmed: jsonb('confirmed').$type<OcrFields>().notNull(),
        identityCheckId: integer('identity_check_id')
            .notNull()
            .references(() => identityChecks.id),
        idFrontImageId: uuid('id_front_image_id')
            .notNull()
            .references(() => kycImages.id),
        idBackImageId: uuid('id_back_image_id')
            .notNull()
            .references(() => kycImages.id),
        selfieImageId: uuid('selfie_image_id')
            .notNull()
            .references(() => kycImages.id),
        livenessImageId: uuid('liveness_image_id').references(() => kycImages.id),
        channel: kycChannel('channel').notNull(),
        storeId: integer('store_id').references(() => stores.id),
        submittedByAdminId: integer('submitted_by_admin_id')
            .notNull()
            .references(() => admins.id),
        decidedByAdminId: integer('decided_by_admin_id').references(() => admins.id),
        decidedAt: at('decided_at'),
        reason: text('reason'),
        createdAt: createdAt(),
    },
    table => [
        // One pending submission per customer: a new one replaces it.
        uniqueIndex('kyc_submissions_one_pending_key')
            .on(table.customerId)
            .where(sql`${table.status} = 'pending'`),
        // The queue in its order, ties by id: a page, however deep, is a walk of this index alone.
        index('kyc_submissions_queue_idx').on(table.status, table.createdAt, table.id),
        // The decided queue newest decided first, or sorted by when decided either way, ties by id.
        index('kyc_submissions_decided_idx').on(table.status, table.decidedAt, table.id),
        index('kyc_submissions_customer_idx').on(table.customerId, table.createdAt),
        // A search for part of the ID number (server/domain/kyc/submissions.ts).
        index('kyc_submissions_id_number_trgm_idx').using('gin', trigramsOf(table.idNumber)),
    ],
);
