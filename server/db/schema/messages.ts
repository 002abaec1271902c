/** Messages sent to phones: the SMS outbox, the seam for a real gateway. */
import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identity } from './columns';

export const messagePurpose = pgEnum('message_purpose', ['otp', 'notice']);

export const smsOutbox = pgTable(
    'sms_outbox',
    {
        id: identity(),
        msisdn: text('msisdn').notNull(),
        text: text('text').notNull(),
        purpose: messagePurpose('purpose').notNull(),
        createdAt: createdAt(),
    },
    table => [index('sms_outbox_msisdn_idx').on(table.msisdn, table.id)],
);
