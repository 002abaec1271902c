/**
 * The schedule's due dates (./schedule.ts) as SQL arithmetic, for reads that count what fell due
 * over many loans at once (analytics: server/domain/analytics/figures.ts) without listing any
 * schedule. tests/server/scheduleSql.test.ts holds it to `instalmentsDueBy` day by day.
 *
 * It runs on a row `x` holding the loan's schedule columns (`SCHEDULE_COLUMNS`, selected from a
 * loan `l`): whether it pays weekly, its first due date `f0`, that day's month (`m0`, year × 12 +
 * month) and day of the month (`dd`), and its `term`. Instalment k falls due k − 1
 * weeks after f0, or in month m0 + k − 1 on day min(dd, the month's length).
 */
import { sql, type SQL } from 'drizzle-orm';

/** The columns of a loan `l` that the arithmetic reads from `x` (with `x.term`). */
export const SCHEDULE_COLUMNS = sql`l.instalment_period = 'weekly' AS weekly, l.first_due_date AS f0,
    (date_part('year', l.first_due_date) * 12 + date_part('month', l.first_due_date))::int AS m0,
    date_part('day', l.first_due_date)::int AS dd`;

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
export const lastDueBy = (day: string): SQL => {
    const parts = dayParts(day);
    const monthly = parts.last
        ? sql`(${parts.month}::int - x.m0 + 1)`
        : sql`(${parts.month}::int - x.m0 + CASE WHEN x.dd <= ${parts.date}::int THEN 1 ELSE 0 END)`;
    return sql`CASE WHEN x.weekly THEN (${day}::date - x.f0 + 7) / 7 ELSE ${monthly} END`;
};

/** The same for a day held in a column or expression (`null` answers null). */
export const lastDueOn = (day: SQL): SQL =>
    sql`CASE WHEN ${day} IS NULL THEN NULL
             WHEN x.weekly THEN (${day} - x.f0 + 7) / 7
             ELSE (date_part('year', ${day}) * 12 + date_part('month', ${day}))::int - x.m0
                  + CASE WHEN x.dd <= date_part('day', ${day}) OR date_part('day', ${day} + 1) = 1 THEN 1 ELSE 0 END END`;

/** How many instalments fell due on or before `day`, bounded by the term (./schedule.ts `instalmentsDueBy`). */
export const instalmentsDueBy = (day: string): SQL => sql`greatest(0, least(x.term, ${lastDueBy(day)}))`;
