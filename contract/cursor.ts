/**
 * Keyset pages (server/keyset.ts): a list that pages by key answers `next`, the opaque key of its
 * page's last row, and takes it back as `after` for the page that follows, instead of counting
 * rows to skip. Without `after` such a list pages by offset as before.
 */
import { z } from 'zod';

/** A page's cursor as the server wrote it (base64url): anything else is refused naming the field. */
export const cursor = z
    .string()
    .min(1)
    .max(2048)
    .regex(/^[A-Za-z0-9_-]+$/);

/** What a list's input gains: the cursor of the page before the one asked for. */
export const afterCursor = { after: cursor.optional() };

/** What a list's answer gains: the cursor of its last row, when its page was full (another may follow). */
export const nextCursor = { next: cursor.optional() };
