/** Messages sent to phones: the SMS outbox, the seam for a real gateway. */
import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, identity } from './columns';

export const messagePurpose = pgEnum('message_purpose', ['otp', 'notice']);

export const smsOutbox = pgTable(
    'sms_outbox',
    {
        id: identity(),
        msisdn: text('msisdn').notNull(),
        text: text('text').notNull(),
        purpose: messagePurpose('purpose').notNull(),
        /**
         * When the one-time code this message carried signed someone in: from then on it no longer
         * counts against the phone's hourly share of unused codes (domain/auth/otp.ts).
         */
        usedAt: at('used_at'),
        createdAt: createdAt(),
    },
    table => [
        index('sms_outbox_msisdn_idx').on(table.msisdn, table.id),
        // The system check: the newest message and the last hour's, read from the index's end.
        index('sms_outbox_created_idx').on(table.createdAt),
    ],
);
