/**
 * A loan's schedule and standing (contract/lending.ts), the one place they are worked out: the
 * customer view, the collections queue and the lock policy read it through `standingsOf`
 * (./standing.ts), and analytics counts the same due dates in SQL (./scheduleSql.ts, which a test
 * holds to this arithmetic day by day). Pure: no database, no clock; `today` is a business day.
 *
 * The rule: instalment 1 falls due on the loan's first due date, the day the customer accepted
 * (Honest terms; a deposit paid later moves it as late, never earlier:
 * server/domain/origination/deposit.ts), and instalment k (up to the term) k − 1 periods after
 * it: a week, or a calendar month on the first due date's day of the month, clipped to a shorter
 * month's end (a first due date of 31 January: 28 or 29 February, then 31 March). The customer
 * was told the first due date and the period, so that is all the schedule follows. Payments
 * (instalments less reversals) pay the oldest instalment first; what is paid beyond the last
 * instalment is kept by no instalment (the balance shows it).
 */
import type { INSTALMENT_PERIODS } from '../../../contract/customers';
import type { InstalmentStatus } from '../../../contract/lending';

export type InstalmentPeriod = (typeof INSTALMENT_PERIODS)[number];

export interface ScheduleTerms {
    instalment: number;
    term: number;
    period: InstalmentPeriod;
    /** YYYY-MM-DD. */
    firstDueDate: string;
}

export interface ScheduledInstalment {
    number: number;
    due_date: string;
    amount: number;
    paid: number;
    outstanding: number;
    status: InstalmentStatus;
}

export interface Standing {
    /** Due on or before yesterday and unpaid (0 when none). */
    amount_overdue: number;
    /** Today − the due date of the oldest unpaid instalment; 0 when that is today or later. */
    days_overdue: number;
    oldest_unpaid_due: string | null;
    /** The next instalment due today or later that is not paid in full, and what it still asks. */
    next_due: { date: string; amount: number } | null;
    /** Instalments paid (the deposit apart), less reversals. */
    paid_to_date: number;
}

const DAY_MS = 86_400_000;

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

const addDays = (day: string, days: number): string => new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** `months` calendar months after `day`, its day of the month clipped to the month's length. */
const addMonths = (day: string, months: number): string => {
    const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
    const first = new Date(Date.UTC(year, month - 1 + months, 1));
    const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    first.setUTCDate(Math.min(date, length));
    return first.toISOString().slice(0, 10);
};

/** The due date of instalment `number` (1-based; not bounded by the term). */
export const dueDateOf = (terms: Pick<ScheduleTerms, 'period' | 'firstDueDate'>, number: number): string =>
    terms.period === 'weekly' ? addDays(terms.firstDueDate, 7 * (number - 1)) : addMonths(terms.firstDueDate, number - 1);

/**
 * How many instalments fell due on or before `day`, bounded by the term: what
 * `instalmentsDueBy` in ./scheduleSql.ts counts in SQL.
 */
export const instalmentsDueBy = (terms: ScheduleTerms, day: string): number => {
    let count = 0;
    while (count < terms.term && dueDateOf(terms, count + 1) <= day) count += 1;
    return count;
};

/** Money is added up in cents, as the database holds it, so the parts add up to the cent. */
const toCents = (amount: number): number => Math.round(amount * 100);
const fromCents = (amount: number): number => amount / 100;

export const scheduleOf = (
    terms: ScheduleTerms,
    instalmentsPaid: number,
    today: string,
): { instalments: ScheduledInstalment[]; standing: Standing } => {
    const amount = toCents(terms.instalment);
    let left = Math.max(0, toCents(instalmentsPaid));
    let overdue = 0;
    let oldestUnpaid: string | null = null;
    let next: { date: string; amount: number } | null = null;
    const instalments: ScheduledInstalment[] = [];
    for (let number = 1; number <= terms.term; number += 1) {
        const due = dueDateOf(terms, number);
        const paid = Math.min(amount, left);
        left -= paid;
        const outstanding = amount - paid;
        if (outstanding > 0) {
            oldestUnpaid ??= due;
            if (due < today) overdue += outstanding;
            else next ??= { date: due, amount: fromCents(outstanding) };
        }
        const status: InstalmentStatus =
            outstanding === 0 ? 'paid' : due < today ? 'overdue' : due === today ? 'due' : paid > 0 ? 'part_paid' : 'upcoming';
        instalments.push({
            number,
            due_date: due,
            amount: fromCents(amount),
            paid: fromCents(paid),
            outstanding: fromCents(outstanding),
            status,
        });
    }
    return {
        instalments,
        standing: {
            amount_overdue: fromCents(overdue),
            days_overdue: oldestUnpaid !== null && oldestUnpaid < today ? daysBetween(oldestUnpaid, today) : 0,
            oldest_unpaid_due: oldestUnpaid,
            next_due: next,
            paid_to_date: fromCents(Math.max(0, toCents(instalmentsPaid))),
        },
    };
};
