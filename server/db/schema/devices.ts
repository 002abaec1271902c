/**
 * The lock of each financed device (requested state apart from confirmed state) and the offline
 * unlock PINs issued for it. The lifecycle and the provider adapters are in server/domain/devices/.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { CONFIRMED_DEVICE_STATES, LOCK_REASONS } from '../../../contract/devices';
import { deviceState, lockSolution } from './catalogue';
import { at, createdAt, identity } from './columns';
import { loans } from './loans';
import { admins } from './security';

export const confirmedDeviceState = pgEnum('confirmed_device_state', CONFIRMED_DEVICE_STATES);
export const lockReason = pgEnum('lock_reason', LOCK_REASONS);

export const deviceLocks = pgTable(
    'device_locks',
    {
        id: identity(),
        loanId: integer('loan_id')
            .notNull()
            .unique()
            .references(() => loans.id),
        imei: text('imei').notNull(),
        lockSolution: lockSolution('lock_solution').notNull(),
        state: deviceState('state').notNull().default('pending'),
        confirmedState: confirmedDeviceState('confirmed_state').notNull().default('pending'),
        /** What the command in flight asks for; null when none is. */
        requestedState: confirmedDeviceState('requested_state'),
        /** The provider's reference for the command in flight. */
        commandRef: text('command_ref'),
        requestedAt: at('requested_at'),
        /** When the provider answers the command in flight (the simulator's delay; a real adapter polls). */
        answerDueAt: at('answer_due_at'),
        confirmedAt: at('confirmed_at'),
        failureReason: text('failure_reason'),
        /** The code the locked phone shows for an offline unlock; a new one after each use. */
        challenge: text('challenge').notNull(),
        vivoAuthorizedAt: at('vivo_authorized_at'),
        /**
         * Why the phone is locked or a lock is asked for: `arrears` (the lock policy's job, which
         * alone unlocks it when the arrears are paid) or `staff`; null once it is unlocked.
         */
        lockReason: lockReason('lock_reason'),
        updatedAt: at('updated_at').notNull().defaultNow(),
    },
    table => [
        index('device_locks_imei_idx').on(table.imei),
        index('device_locks_answer_due_idx').on(table.answerDueAt),
        // The system check's counts: the locks awaiting a provider's answer (an index condition, not a
        // walk: few rows are ever waiting) and the last day's failures, per solution.
        index('device_locks_requested_idx').on(table.requestedState, table.lockSolution),
        index('device_locks_failed_idx')
            .on(table.updatedAt, table.lockSolution)
            .where(sql`${table.failureReason} IS NOT NULL`),
    ],
);

export const offlinePins = pgTable(
    'offline_pins',
    {
        id: identity(),
        deviceLockId: integer('device_lock_id')
            .notNull()
            .references(() => deviceLocks.id),
        /** The challenge the PIN answers: one PIN per challenge, whoever asks at the same time. */
        challenge: text('challenge').notNull(),
        /** HMAC of the PIN keyed by the device and challenge (server/domain/devices/offlinePins.ts). */
        pinHash: text('pin_hash').notNull(),
        issuedByAdminId: integer('issued_by_admin_id')
            .notNull()
            .references(() => admins.id),
        expiresAt: at('expires_at').notNull(),
        usedAt: at('used_at'),
        createdAt: createdAt(),
    },
    table => [unique('offline_pins_challenge_key').on(table.deviceLockId, table.challenge)],
);
