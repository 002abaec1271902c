/**
 * The lending loop's own state (the rules in server/domain/lending/, docs/domain.md
 * "Locks that follow the schedule"): the lock policy of each lock solution, the reminders sent
 * (one per loan, instalment and kind), the loans a payment touched since the job last looked at
 * them, and the job's one row (who runs it now, when it last looked at every loan).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgEnum, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { REMINDER_KINDS } from '../../../contract/lending';
import { lockSolution } from './catalogue';
import { at } from './columns';
import { loans } from './loans';
import { smsOutbox } from './messages';
import { admins } from './security';

/**
 * One row per lock solution (migration 0033 writes one for each with the defaults; a solution
 * added later without its row is read with the same defaults, `DEFAULT_LOCK_POLICY`).
 */
export const lockPolicies = pgTable(
    'lock_policies',
    {
        lockSolution: lockSolution('lock_solution').primaryKey(),
        /** Days the oldest unpaid instalment is overdue before the job asks for the phone's lock. */
        lockAfterDays: integer('lock_after_days').notNull().default(3),
        /** Whether the job texts the customer the day before a due date and the day after a miss. */
        reminders: boolean('reminders').notNull().default(true),
        updatedAt: at('updated_at').notNull().defaultNow(),
        /** Null until someone changes the defaults. */
        updatedByAdminId: integer('updated_by_admin_id').references(() => admins.id),
    },
    table => [check('lock_policies_days_check', sql`${table.lockAfterDays} BETWEEN 1 AND 90`)],
);

export const reminderKind = pgEnum('reminder_kind', REMINDER_KINDS);

/** The reminders sent: the unique key is what makes a second pass, or a second instance, send nothing. */
export const lendingReminders = pgTable(
    'lending_reminders',
    {
        loanId: integer('loan_id')
            .notNull()
            .references(() => loans.id),
        instalment: integer('instalment').notNull(),
        kind: reminderKind('kind').notNull(),
        dueDate: date('due_date').notNull(),
        smsId: integer('sms_id').references(() => smsOutbox.id),
        sentAt: at('sent_at').notNull(),
    },
    table => [unique('lending_reminders_key').on(table.loanId, table.instalment, table.kind)],
);

/**
 * Loans whose payments changed since the job last looked at them, written by triggers on
 * `transactions` (migration 0033) whoever records the payment; `version` rises with each new mark,
 * so the job removes only the mark it read and one made meanwhile waits for the next pass.
 */
export const lendingMarks = pgTable('lending_marks', {
    loanId: integer('loan_id')
        .primaryKey()
        .references(() => loans.id),
    version: integer('version').notNull().default(1),
});

/**
 * The job's one row: a lease so one instance runs a pass at a time, when every loan was last
 * looked at, and the day of the loans' stored amounts overdue (server/domain/lending/amounts.ts).
 */
export const lendingJob = pgTable(
    'lending_job',
    {
        id: integer('id').primaryKey().default(1),
        leasedBy: text('leased_by'),
        leaseUntil: at('lease_until'),
        fullPassAt: at('full_pass_at'),
        /** The business day `loans.amount_overdue` is worked out as of, by whoever writes a loan from then on. */
        amountsDay: date('amounts_day'),
        /** The day every active loan's stored amount was last made that day's: the queue trusts them on it alone. */
        amountsReadyDay: date('amounts_ready_day'),
    },
    table => [check('lending_job_one_row', sql`${table.id} = 1`)],
);
