/**
 * Numbers sent as JSON strings: the shop and agent calls (spec §4, §7) send their ids, page
 * numbers and page sizes as text, and the inventory list pages the same way.
 */
import { z } from 'zod';

/** A whole number from 1 to `max`, sent as digits in a string (or as a number). */
export const numberText = (max: number) =>
    z
        .union([z.string().regex(/^[0-9]{1,10}$/, 'a whole number in digits'), z.number()])
        .transform(Number)
        .pipe(z.number().int().min(1).max(max));

/** The largest numbered page these calls answer; the portal asks for more as 'all' where a call allows it. */
export const PAGE_SIZE_MAX = 1000;

/** `page_size`: a number as a string, or 'all'. */
export const pageSizeText = z.union([z.literal('all'), numberText(PAGE_SIZE_MAX)]);
