/** Signing in: sessions, sign-in attempts (throttling), second-factor codes and operator sign-ins. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, identity } from './columns';
import { admins } from './security';

export const sessions = pgTable(
    'sessions',
    {
        id: identity(),
        tokenHash: text('token_hash').notNull().unique(),
        adminId: integer('admin_id')
            .notNull()
            .references(() => admins.id, { onDelete: 'cascade' }),
        createdAt: createdAt(),
        expiresAt: at('expires_at').notNull(),
        revokedAt: at('revoked_at'),
    },
    table => [index('sessions_admin_id_idx').on(table.adminId)],
);

/**
 * One row: a counter the triggers of migration 0002 raise in the transaction of every change a
 * signed-in session depends on (the same change that sends NOTIFY portal_auth). A session cached
 * at one revision is trusted only while the revision is unchanged (server/domain/auth/sessionCache.ts).
 */
export const authRevision = pgTable(
    'auth_revision',
    {
        id: smallint('id').primaryKey(),
        revision: bigint('revision', { mode: 'number' }).notNull(),
    },
    table => [check('auth_revision_one_row', sql`${table.id} = 1`)],
);

export const signInAttempts = pgTable(
    'sign_in_attempts',
    {
        id: identity(),
        username: text('username').notNull(),
        succeeded: boolean('succeeded').notNull(),
        /**
         * ok, otp_sent, bad_credentials, not_active, throttled, or released (forgiven by an
         * administrator). Only bad_credentials (and a pending one cut off before it settled) counts
         * towards throttling, so refused attempts while throttled do not extend the wait.
         */
        outcome: text('outcome').notNull(),
        /** The address the attempt came from: throttling counts per account and source, and per source. */
        source: text('source'),
        /**
         * The id of the valid device token the attempt presented (a browser that signed in as this
         * username before): such an attempt counts against that token alone (throttle.ts). Null when none.
         */
        device: text('device'),
        at: at('at').notNull(),
    },
    table => [
        index('sign_in_attempts_username_at_idx').on(table.username, table.at),
        index('sign_in_attempts_source_at_idx').on(table.source, table.at),
        index('sign_in_attempts_device_at_idx').on(table.device, table.at),
    ],
);

/**
 * Secrets the server makes for itself when the environment gives none (the key that signs device
 * tokens, server/domain/auth/devices.ts), kept here so every instance uses the same one.
 */
export const serverSecrets = pgTable('server_secrets', {
    name: text('name').primaryKey(),
    value: text('value').notNull(),
    createdAt: createdAt(),
});

/**
 * Counted events for simple rate limits (`bucket` names what and who, e.g. `register:<address>`):
 * kept in the database so every server instance counts the same.
 */
export const rateEvents = pgTable(
    'rate_events',
    {
        id: identity(),
        bucket: text('bucket').notNull(),
        at: at('at').notNull(),
    },
    table => [index('rate_events_bucket_at_idx').on(table.bucket, table.at)],
);

export const otps = pgTable('otps', {
    /** The `auth_id` the client holds while the sign-in waits for its code. */
    id: uuid('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** What the code proves: for a sign-in, the admin's id. */
    subject: text('subject').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Guesses at the current code. */
    attempts: integer('attempts').notNull().default(0),
    /** Codes sent for this sign-in (the first plus resends), capped so guesses stay bounded. */
    sends: integer('sends').notNull().default(1),
    /** The outbox message that carried the current code (a sign-in's), marked used when the code signs in. */
    smsId: integer('sms_id'),
    usedAt: at('used_at'),
    createdAt: createdAt(),
});

export const operatorSignIns = pgTable('operator_sign_ins', {
    /** The `auth_id` carried through the operator's page and back to the portal's callback. */
    id: uuid('id').primaryKey(),
    provider: text('provider').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
});
