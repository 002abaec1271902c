/**
 * The lock policy's job (docs/domain.md "Locks that follow the schedule"): each pass texts the
 * reminders, asks for the lock of a phone whose loan is overdue past its lock solution's policy,
 * and asks for the unlock of a phone it locked for arrears once nothing is overdue, through the
 * lock providers' seam (`commandChanges`: requested now, confirmed when the provider answers).
 *
 * It is state-based: every decision is taken from the loan's standing today (./standing.ts), the
 * device's state and the reminders already sent, never from what a previous pass did, so a pass
 * after downtime catches up (a reminder missed yesterday goes once today, within its window) and
 * a second pass finds nothing left to do. Safe with several instances on one PostgreSQL:
 * - one runner at a time: a pass first takes the lease in `lending_job` (one row, an UPDATE that
 *   only one instance wins until the lease ends or is given back);
 * - and even if two ran, nothing is done twice: every action is decided again inside its write,
 *   on the loans' and devices' rows locked `FOR UPDATE` (a lock is asked for only of an `active`
 *   device, an unlock only of a `locked` one), and a reminder is sent only when its key
 *   (loan, instalment, kind) is new (`lending_reminders_key`).
 *
 * A payment that clears the arrears, whoever records it, marks its loan (`lending_marks`, written
 * by triggers on `transactions`, migration 0033), and every pass looks at the marked loans, so an
 * unlock is asked for within one pass of the payment (LENDING_PASS_INTERVAL_MS), not at the next
 * full pass over every loan (FULL_PASS_INTERVAL_MS). A payment racing a lock: the lock's write
 * waits for the loan's row (every payment moves the loan's balance, so it holds that row until it
 * commits) and reads the standing after it; a payment committed after the lock marks the loan, and
 * the next pass unlocks it. So a paid-up loan never ends with its phone locked for arrears.
 *
 * Every command and reminder is audited as done by the system (no actor), naming the rule that
 * fired (`after.rule`).
 *
 * Each pass first makes the loans' stored amounts overdue today's, when a day has begun (./amounts.ts).
 *
 * This file runs the passes (the lease, the batches, the marks); what one loan needs is decided in
 * ./plan.ts, the loans to look at chosen in ./candidates.ts, and each batch acted on in ./act.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, isNotNull, lte, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db';
import { deviceLocks } from '../../db/schema';
import { writeAs } from '../../write';
import { businessDay } from '../../time';
import { refreshDevices } from '../devices';
import { lockPoliciesOf } from './policy';
import { actOn, systemActor } from './act';
import { keepAmountsDay } from './amounts';
import { candidates } from './candidates';
import { intArray } from './rows';

/** How often each instance tries a pass (only the lease holder runs it): the marked loans, and every loan when due. */
export const LENDING_PASS_INTERVAL_MS = 5_000;
/** How often a pass looks at every active loan (reminders, locks), not only the marked ones. */
export const FULL_PASS_INTERVAL_MS = 10 * 60_000;
/**
 * A pass's lease: renewed after each batch and given back at its end, so a long pass (the first
 * over a large book behind on its payments: 3 minutes at 100,000 loans on PGlite,
 * bench/lendingJob.ts) keeps it, and a runner that died holding it delays the next pass this long
 * at most.
 */
const LEASE_MS = 2 * 60_000;
/** Loans decided and written per transaction: short transactions, so PGlite serves requests between them. */
const BATCH = 100;
/** Marked loans looked at per pass; more wait for the next. */
const MARKS_PER_PASS = 2_000;

export interface LendingPassReport {
    /** False when another runner held the lease: this pass did nothing. */
    ran: boolean;
    full: boolean;
    looked_at: number;
    locks: number;
    unlocks: number;
    reminders: number;
    /** Loans whose stored amount overdue the pass made today's (./amounts.ts); null when the day could not begin yet. */
    amounts: number | null;
}

/**
 * Takes the job's lease for `runner`, answering when every loan was last looked at, or null when
 * another runner holds it. The lease and the marks are the job's own bookkeeping, not business
 * records: written outside `writeAs`, unaudited (a pass every few seconds would fill the trail).
 */
const takeLease = async (db: Database, runner: string, now: Date): Promise<{ fullPassAt: Date | null } | null> => {
    const [row] = rowsOf<{ full_pass_at: string | Date | null }>(
        await db.execute(sql`
            UPDATE lending_job SET leased_by = ${runner}, lease_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
            WHERE id = 1 AND (lease_until IS NULL OR lease_until <= ${now.toISOString()}::timestamptz OR leased_by = ${runner})
            RETURNING full_pass_at`),
    );
    if (!row) return null;
    return { fullPassAt: row.full_pass_at === null ? null : new Date(row.full_pass_at) };
};

/** Keeps the lease for another LEASE_MS while the pass goes on (the batches' own clock: the pass's `now` is fixed). */
const renewLease = async (db: Database, runner: string, started: Date, startedAt: number): Promise<void> => {
    const until = new Date(started.getTime() + (performance.now() - startedAt) + LEASE_MS);
    await db.execute(sql`
        UPDATE lending_job SET lease_until = ${until.toISOString()}::timestamptz WHERE id = 1 AND leased_by = ${runner}`);
};

const giveBackLease = async (db: Database, runner: string, fullPassAt: Date | null): Promise<void> => {
    await db.execute(sql`
        UPDATE lending_job SET leased_by = NULL, lease_until = NULL
            ${fullPassAt ? sql`, full_pass_at = ${fullPassAt.toISOString()}::timestamptz` : sql``}
        WHERE id = 1 AND leased_by = ${runner}`);
};

/** Brings the devices whose provider's answer is due up to date, as a read would (devices/commands.ts). */
const confirmAnswers = async (db: Database, now: Date): Promise<void> => {
    const due = await db
        .select({ loanId: deviceLocks.loanId })
        .from(deviceLocks)
        .where(and(isNotNull(deviceLocks.requestedState), lte(deviceLocks.answerDueAt, now)))
        .limit(500);
    if (due.length === 0) return;
    await refreshDevices(
        { db, now: () => now, write: (work, options) => writeAs(db, systemActor(now), work, options) },
        due.map(row => row.loanId),
    );
};

/**
 * One pass of the job at `now`: the devices' answers due, then the marked loans, and every active
 * loan when the last full pass is FULL_PASS_INTERVAL_MS old (or `full` asks for it). Answers what
 * it did; does nothing when another runner holds the lease.
 */
export const runLendingPass = async (
    db: Database,
    now: Date,
    options: { full?: boolean; runner?: string } = {},
): Promise<LendingPassReport> => {
    const runner = options.runner ?? randomUUID();
    const report: LendingPassReport = { ran: false, full: false, looked_at: 0, locks: 0, unlocks: 0, reminders: 0, amounts: 0 };
    const lease = await takeLease(db, runner, now);
    if (!lease) return report;
    const startedAt = performance.now();
    report.ran = true;
    const full =
        options.full === true || lease.fullPassAt === null || now.getTime() - lease.fullPassAt.getTime() >= FULL_PASS_INTERVAL_MS;
    report.full = full;
    try {
        await confirmAnswers(db, now);
        const today = businessDay(now);
        report.amounts = await keepAmountsDay(db, today, () => renewLease(db, runner, now, startedAt));
        const marks = rowsOf<{ loan_id: number; version: number }>(
            await db.execute(sql`SELECT loan_id, version FROM lending_marks ORDER BY loan_id LIMIT ${MARKS_PER_PASS}`),
        ).map(row => ({ loanId: Number(row.loan_id), version: Number(row.version) }));
        const ids = await candidates(db, today, full ? null : marks.map(mark => mark.loanId));
        report.looked_at = ids.length;
        if (ids.length > 0) {
            const policies = await lockPoliciesOf(db);
            for (let start = 0; start < ids.length; start += BATCH) {
                const outcome = await actOn(db, ids.slice(start, start + BATCH), policies, now);
                report.locks += outcome.locks;
                report.unlocks += outcome.unlocks;
                report.reminders += outcome.reminders;
                await renewLease(db, runner, now, startedAt);
            }
        }
        // A mark is done with once its loan was looked at, unless a command is in flight on its
        // phone (an unlock waits for a lock's answer): then the next pass looks again.
        if (marks.length > 0) {
            await db.execute(sql`
                DELETE FROM lending_marks m
                USING unnest(${intArray(marks.map(mark => mark.loanId))}::int[], ${intArray(marks.map(mark => mark.version))}::int[]) AS v(loan_id, version)
                WHERE m.loan_id = v.loan_id AND m.version = v.version
                  AND NOT EXISTS (SELECT 1 FROM device_locks d WHERE d.loan_id = m.loan_id AND d.requested_state IS NOT NULL)`);
        }
    } finally {
        await giveBackLease(db, runner, full ? now : null);
    }
    return report;
};

/**
 * The job on this instance's timer, every LENDING_PASS_INTERVAL_MS (and once at start); a pass
 * still running is not started again, and a failed one is logged and tried at the next tick.
 * Answers the function that stops it.
 */
export const startLendingJob = (
    db: Database,
    now: () => Date,
    log: { error: (value: unknown, message: string) => void },
): (() => void) => {
    const runner = randomUUID();
    let running = false;
    const pass = () => {
        if (running) return;
        running = true;
        runLendingPass(db, now(), { runner })
            .catch((error: unknown) => log.error(error, 'The lending job failed'))
            .finally(() => {
                running = false;
            });
    };
    pass();
    const timer = setInterval(pass, LENDING_PASS_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
};
