/**
 * Agent self-registration's liveness step (server/domain/registration): the token a
 * registration answers and the one live photo it binds to that registration. The photo's bytes are
 * a file in the KYC image store (server/domain/kyc/imageStore.ts), named here; its checker sees it
 * beside the request (contract/registration.ts `registrationCapture`).
 */
import { boolean, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns';
import { admins } from './security';

export const registrationLiveness = pgTable(
    'registration_liveness',
    {
        id: identity(),
        /** SHA-256 (hex) of the token answered once by the registration; the token itself is never kept. */
        tokenSha256: text('token_sha256').notNull().unique(),
        /**
         * The registrant; null for a registration refused unseen (its phone number was known): its
         * token behaves as any other and binds nothing, so the answers reveal no numbers.
         */
        adminId: integer('admin_id').references(() => admins.id),
        expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
        /** Photos taken so far (at most REGISTRATION_CAPTURES); each replaces the last. */
        captures: integer('captures').notNull().default(0),
        /** The latest photo: its file in the image store, type, size, SHA-256 and liveness result. */
        storedAs: text('stored_as'),
        contentType: text('content_type'),
        size: integer('size'),
        sha256: text('sha256'),
        livenessPassed: boolean('liveness_passed'),
        livenessScore: real('liveness_score'),
        capturedAt: timestamp('captured_at', { withTimezone: true }),
        createdAt: createdAt(),
    },
    table => [index('registration_liveness_admin_idx').on(table.adminId)],
);
