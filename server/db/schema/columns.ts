/** Column builders every table shares. */
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });
export const identity = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
