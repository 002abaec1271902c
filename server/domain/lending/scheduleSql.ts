/**
 * The schedule's due dates (./schedule.ts) as SQL arithmetic, for reads that count what fell due
 * over many loans at once (analytics: server/domain/analytics/figures.ts, the lending job, the
 * collections queue's amount overdue: ./arrearsSql.ts) without listing any schedule. It is the
 * SQL form of the schedule the queries build: tests/server/scheduleSql.test.ts holds it to
 * `instalmentsDueBy` day by day. The database has one more, for a day held in a value: migration
 * 0046's `loan_amount_overdue`, which a trigger runs on every loan written (./amounts.ts);
 * tests/server/amountsOverdue.test.ts holds it to this file's amount overdue, day by day.
 *
 * It reads a loan's schedule (`LoanSchedule`): whether it pays weekly, its first due date `f0`,
 * that day's month (`m0`, year × 12 + month) and day of the month (`dd`), and its `term`.
 * Instalment k falls due k − 1 weeks after f0, or in month m0 + k − 1 on day min(dd, the month's
 * length). By default it runs on a row `x` holding them (`SCHEDULE_COLUMNS`, selected from a loan
 * `l`, with `x.term`); `scheduleOfLoan` reads them straight from a loan's columns instead.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A loan's schedule as SQL expressions, which the arithmetic reads. */
export interface LoanSchedule {
    weekly: SQL;
    f0: SQL;
    m0: SQL;
    dd: SQL;
    term: SQL;
}

/** The loan's columns a schedule is read from (a table's, its columns in an index, or raw names). */
export interface LoanScheduleColumns {
    instalmentPeriod: SQLWrapper;
    firstDueDate: SQLWrapper;
    term: SQLWrapper;
}

/** A loan's schedule read from its own columns, for a query on `loans` itself (no row `x`). */
export const scheduleOfLoan = (l: LoanScheduleColumns): LoanSchedule => ({
    weekly: sql`(${l.instalmentPeriod} = 'weekly')`,
    f0: sql`${l.firstDueDate}`,
    m0: sql`(date_part('year', ${l.firstDueDate}) * 12 + date_part('month', ${l.firstDueDate}))::int`,
    dd: sql`date_part('day', ${l.firstDueDate})::int`,
    term: sql`${l.term}`,
});

const FROM_L = scheduleOfLoan({
    instalmentPeriod: sql.raw('l.instalment_period'),
    firstDueDate: sql.raw('l.first_due_date'),
    term: sql.raw('l.term'),
});

/** The columns of a loan `l` that the arithmetic reads from `x` (with `x.term`). */
export const SCHEDULE_COLUMNS = sql`${FROM_L.weekly} AS weekly, ${FROM_L.f0} AS f0, ${FROM_L.m0} AS m0, ${FROM_L.dd} AS dd`;

/** The schedule on a row `x` holding `SCHEDULE_COLUMNS` and `term`. */
const ROW_X: LoanSchedule = {
    weekly: sql.raw('x.weekly'),
    f0: sql.raw('x.f0'),
    m0: sql.raw('x.m0'),
    dd: sql.raw('x.dd'),
    term: sql.raw('x.term'),
};

const DAY_MS = 86_400_000;

/** A day as the arithmetic takes it: its month number, its day, and whether it ends its month. */
const dayParts = (day: string) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
    return { month: year * 12 + month, date, last: next.getUTCDate() === 1 };
};

/**
 * The number of the last instalment due on or before `day` (YYYY-MM-DD), unbounded by the term;
 * 0 or less when none. Weekly: ⌊(day − f0) ÷ 7⌋ + 1, written (day − f0 + 7) ÷ 7 so that
 * PostgreSQL's division, which truncates towards zero, answers 0 or less for every day before f0.
 * Monthly: the months from m0 to the day's month, plus one when the day reaches dd (or ends its
 * month, so a shorter month's clipped date counts).
 */
export const lastDueBy = (day: string, s: LoanSchedule = ROW_X): SQL => {
    const parts = dayParts(day);
    const monthly = parts.last
        ? sql`(${parts.month}::int - ${s.m0} + 1)`
        : sql`(${parts.month}::int - ${s.m0} + CASE WHEN ${s.dd} <= ${parts.date}::int THEN 1 ELSE 0 END)`;
    return sql`CASE WHEN ${s.weekly} THEN (${day}::date - ${s.f0} + 7) / 7 ELSE ${monthly} END`;
};

/** The same for a day held in a column or expression (`null` answers null). */
export const lastDueOn = (day: SQL): SQL =>
    sql`CASE WHEN ${day} IS NULL THEN NULL
             WHEN x.weekly THEN (${day} - x.f0 + 7) / 7
             ELSE (date_part('year', ${day}) * 12 + date_part('month', ${day}))::int - x.m0
                  + CASE WHEN x.dd <= date_part('day', ${day}) OR date_part('day', ${day} + 1) = 1 THEN 1 ELSE 0 END END`;

/** How many instalments fell due on or before `day`, bounded by the term (./schedule.ts `instalmentsDueBy`). */
export const instalmentsDueBy = (day: string, s: LoanSchedule = ROW_X): SQL =>
    sql`greatest(0, least(${s.term}, ${lastDueBy(day, s)}))`;
