/**
 * Each active loan's amount overdue, stored for the day (`loans.amount_overdue`), so the collections
 * queue's sort by it is a walk of `loans_amount_overdue_idx` (./collections.ts) instead of working
 * it out for every loan in arrears on each call: it depends on today, so no index on the loan's
 * terms alone can hold it (./arrearsSql.ts).
 *
 * The figure is as of the day in `lending_job.amounts_day`, and two writers keep it:
 * - the database, whoever writes a loan (migration 0046's trigger): a loan added, or its terms,
 *   balance or status written, works its figure out as of that day (`loan_amount_overdue`);
 * - the lending job, when a day begins (`keepAmountsDay`, at each pass until it is done): it moves
 *   `amounts_day` to today, then brings every active loan not written since up to today, then marks
 *   the day ready (`amounts_ready_day`).
 *
 * The queue trusts the stored figures only on the ready day (`amountsReadyOn`); on any other (a day
 * the job has not yet begun, or the minutes it takes to) it works the figure out for each loan, as
 * before. So the order is always today's, and only its speed waits for the job.
 *
 * Why no loan is left with yesterday's figure: the day moves only when no writer is between the
 * trigger's read of the old day and its commit. The trigger takes a shared advisory lock, held to
 * the end of its transaction; the day is moved under the exclusive one, tried, never waited for
 * (a writer holding a loan's row while it waits for the shared lock would wait on the job, and the
 * job on the row: instead the move is tried again at the next pass). Once moved, every write reads
 * the new day; the loans not written since are the job's catch-up, which writes them in id order
 * (as every writer of several loans locks them), a batch per statement, each only if still behind.
 *
 * The figure is derived from the loan's own columns, not a business record: the job's writes of it
 * are outside `writeAs` and unaudited, as its lease and marks are (./job.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../db';
import { intArray } from './rows';

/** The lock the trigger holds shared and the day's move takes exclusively (migration 0046). */
const AMOUNTS_LOCK = sql`hashtext('loans.amount_overdue')`;

/** Loans brought up to the day per statement: short row locks beside the calls' writes. */
const CATCH_UP_BATCH = 2_000;

/** The stored figure's expression on a loan's row for `day` (migration 0046's function). */
const amountAsOf = (day: string) =>
    sql`loan_amount_overdue(instalment, price, deposit, balance, term, instalment_period, first_due_date, ${day}::date)`;

interface AmountsDays {
    amounts_day: string | null;
    amounts_ready_day: string | null;
}

/** The two days, as text (YYYY-MM-DD) on PGlite and postgres.js alike. */
const amountsDays = async (db: Queryable): Promise<{ day: string | null; ready: string | null }> => {
    const [row] = rowsOf<AmountsDays>(
        await db.execute(sql`SELECT amounts_day::text, amounts_ready_day::text FROM lending_job WHERE id = 1`),
    );
    return { day: row?.amounts_day ?? null, ready: row?.amounts_ready_day ?? null };
};

/** Whether the stored amounts are all as of `today`, so the queue may sort by them. */
export const amountsReadyOn = async (db: Queryable, today: string): Promise<boolean> => (await amountsDays(db)).ready === today;

/**
 * Moves the day the writers work the figure out as of to `today`, if no writer is between reading
 * the old day and committing; answers whether it moved (false: try again at the next pass).
 */
const moveDay = (db: Queryable, today: string): Promise<boolean> =>
    db.transaction(async tx => {
        const [taken] = rowsOf<{ taken: boolean }>(
            await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${AMOUNTS_LOCK}) AS taken`),
        );
        if (taken?.taken !== true) return false;
        await tx.execute(sql`UPDATE lending_job SET amounts_day = ${today}::date WHERE id = 1`);
        return true;
    });

/**
 * Brings every active loan whose figure is not today's up to it, in id order, a batch at a time
 * (each only if still behind: a write meanwhile has already worked it out), then marks the day
 * ready unless it moved meanwhile. `between` runs after each batch (the job renews its lease).
 * Answers the loans written.
 */
const catchUp = async (db: Queryable, today: string, between: () => Promise<void>): Promise<number> => {
    const behind = rowsOf<{ id: number }>(
        await db.execute(sql`
            SELECT id FROM loans
            WHERE status = 'active' AND amount_overdue IS DISTINCT FROM ${amountAsOf(today)}
            ORDER BY id`),
    ).map(row => Number(row.id));
    for (let start = 0; start < behind.length; start += CATCH_UP_BATCH) {
        await db.execute(sql`
            UPDATE loans SET amount_overdue = ${amountAsOf(today)}
            WHERE id = ANY(${intArray(behind.slice(start, start + CATCH_UP_BATCH))}::int[])
              AND amount_overdue IS DISTINCT FROM ${amountAsOf(today)}`);
        await between();
    }
    await db.execute(
        sql`UPDATE lending_job SET amounts_ready_day = ${today}::date WHERE id = 1 AND amounts_day = ${today}::date`,
    );
    return behind.length;
};

/**
 * Makes the stored amounts today's, if they are not yet: the day moved (when no writer is in the
 * way), then the catch-up. Answers the loans the catch-up wrote, or null when the day could not
 * move at this try. Run by the lending job at each pass (./job.ts) and by the seed once it has
 * written its loans.
 */
export const keepAmountsDay = async (
    db: Queryable,
    today: string,
    between: () => Promise<void> = async () => undefined,
): Promise<number | null> => {
    const { day, ready } = await amountsDays(db);
    if (ready === today) return 0;
    if (day !== today && !(await moveDay(db, today))) return null;
    return catchUp(db, today, between);
};
