/**
 * Loans' schedules and standings as the database holds them today (./schedule.ts for the rule).
 *
 * What a loan's instalments were paid is read from its row, `price − deposit − balance`: every
 * writer of a payment moves the balance in the same transaction (deposit, reconciliation, suspense
 * assignment, insurance, reversals, which raise it again), so this is the instalment payments less
 * reversals, read without adding up its payments, and the same figure the statement ends on.
 *
 * A loan has a schedule once its deposit is paid and while it runs or ran to the end
 * (`awaiting_lock`, `active`, `completed`). A sale not yet paid has none (its first due date is
 * only the quote's), nor a cancelled or deactivated (deregistered) loan, which owes no schedule.
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db';
import { loans } from '../../db/schema';
import { scheduleOf, type InstalmentPeriod, type ScheduledInstalment, type ScheduleTerms, type Standing } from './schedule';

export interface LoanSchedule {
    instalments: ScheduledInstalment[];
    standing: Standing;
}

/** The statuses of a loan that has a schedule. */
export const SCHEDULED_STATUSES = ['awaiting_lock', 'active', 'completed'] as const;

/** The loan columns a schedule and its payments are worked out from. */
export const SCHEDULE_FIELDS = {
    id: loans.id,
    instalment: loans.instalment,
    term: loans.term,
    period: loans.instalmentPeriod,
    firstDueDate: loans.firstDueDate,
    price: loans.price,
    deposit: loans.deposit,
    balance: loans.balance,
};

export interface ScheduleRow {
    id: number;
    instalment: number;
    term: number;
    period: InstalmentPeriod;
    firstDueDate: string;
    price: number;
    deposit: number;
    balance: number;
}

/** The terms of a loan's row, as the schedule takes them. */
export const termsOf = (row: ScheduleRow): ScheduleTerms => ({
    instalment: row.instalment,
    term: row.term,
    period: row.period,
    firstDueDate: row.firstDueDate,
});

/** What a loan's instalments were paid, less reversals (to the cent). */
export const instalmentsPaidOf = (row: Pick<ScheduleRow, 'price' | 'deposit' | 'balance'>): number =>
    Math.round((row.price - row.deposit - row.balance) * 100) / 100;

/** A loan row's schedule and standing on `today` (a business day, YYYY-MM-DD). */
export const scheduleOfRow = (row: ScheduleRow, today: string): LoanSchedule =>
    scheduleOf(termsOf(row), instalmentsPaidOf(row), today);

/**
 * The schedules and standings of these loans on `today`, by loan id, in one query: the loans
 * without a schedule (see above) are not in the map.
 */
export const standingsOf = async (
    db: Queryable,
    loanIds: readonly number[],
    today: string,
): Promise<Map<number, LoanSchedule>> => {
    const found = new Map<number, LoanSchedule>();
    if (loanIds.length === 0) return found;
    const rows = await db
        .select(SCHEDULE_FIELDS)
        .from(loans)
        .where(
            and(inArray(loans.id, [...loanIds]), isNotNull(loans.depositPaidAt), inArray(loans.status, [...SCHEDULED_STATUSES])),
        );
    for (const row of rows) found.set(row.id, scheduleOfRow(row, today));
    return found;
};
