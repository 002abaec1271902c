/**
 * A payment reference as every part of the system compares it: without letter case and
 * surrounding spaces, so `p-x-1` is the payment `P-X-1` already recorded. The database holds the
 * same rule (the unique `transactions_reference_unique` on `lower(btrim(reference))`), so a
 * lookup written with `referenceKeyOf` reads that index, and a write the code failed to stop
 * is still refused.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A reference's key in code: equal to the database's `lower(btrim(…))` for every valid reference
 * (PAYMENT_REFERENCE_PATTERN: ASCII letters, digits and `-_/.`, so no locale lowers it differently).
 */
export const referenceKey = (reference: string): string => reference.trim().toLowerCase();

/** A reference column's (or value's) key in SQL: the expression the unique index is on. */
export const referenceKeyOf = (reference: SQLWrapper | SQL): SQL => sql`lower(btrim(${reference}))`;
