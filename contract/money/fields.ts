/** The fields every money call family shares: a person named, dates, and a list's order, page and search. */
import { z } from 'zod';
import { calendarDay } from '../fields';

export const dateText = calendarDay;
export const person = z.object({ id: z.number().int(), name: z.string() });
export const order = z.enum(['asc', 'desc']).default('desc');
export const pageNumber = z.number().int().min(1).max(1_000_000).default(1);
/** Pages run to 500 rows so an export walks a whole list. */
export const pageSize = z.number().int().min(1).max(500).default(25);
/** A search box: contains, over the fields each list names. */
export const searchText = z.string().trim().max(64).optional();
