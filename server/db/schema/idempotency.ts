/**
 * The first answer to each `Idempotency-Key` (contract/define.ts `idempotency`), kept for
 * IDEMPOTENCY_KEY_HOURS so a repeat is answered with it instead of doing the work again
 * (server/idempotency.ts). Neither the key nor the answer is kept readable: the key by its SHA-256,
 * the request by an HMAC keyed by the key, the answer encrypted with a key derived from it (an
 * answer may hold a registration token or an offline PIN, which are otherwise kept only hashed).
 */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const idempotencyKeys = pgTable(
    'idempotency_keys',
    {
        /** The signed-in caller's admin id; 0 for the public registration calls, made before anyone signs in. */
        adminId: integer('admin_id').notNull(),
        /** SHA-256 (hex) of the key. */
        keySha256: text('key_sha256').notNull(),
        /** HMAC-SHA-256 (hex), keyed by the key, of the method, path, body (and an upload's file). */
        request: text('request').notNull(),
        /** The answer's status and body (encrypted); null while the call that claimed the key runs. */
        status: integer('status'),
        answer: text('answer'),
        createdAt: createdAt(),
    },
    table => [
        primaryKey({ name: 'idempotency_keys_pkey', columns: [table.adminId, table.keySha256] }),
        index('idempotency_keys_created_idx').on(table.createdAt),
    ],
);
