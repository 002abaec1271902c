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
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { LOAN_APPROVAL_KINDS } from '../../../contract/approvals';
import { CURRENCY } from '../../../contract/customers';
import type { LockReason } from '../../../contract/devices';
import type { ReminderKind } from '../../../contract/lending';
import type { Database, Transaction } from '../../db';
import { approvalRequests, customers, deviceLocks, lendingReminders, loans, smsOutbox } from '../../db/schema';
import { writeAs, type AuditEntry } from '../../write';
import { addDays, businessDay } from '../analytics/figures';
import { commandChanges, refreshDevices } from '../devices';
import type { DeviceCommand } from '../records';
import { lockPoliciesOf, type LockPolicies, type PolicyOf } from './policy';
import { instalmentsDueBy, lastDueOn, SCHEDULE_COLUMNS } from './scheduleSql';
import { standingsOf, type LoanSchedule } from './standing';

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
/** How long after a miss its reminder may still go (a pass after downtime), in days. */
export const MISS_REMINDER_DAYS = 7;

/** The rules a pass applies: named in each audit event it records. */
export const LENDING_RULES = {
    lock: 'lock_after_days_overdue',
    unlock: 'unlock_when_arrears_paid',
    before_due: 'remind_day_before_due',
    after_miss: 'remind_day_after_miss',
} as const;

export interface LendingPassReport {
    /** False when another runner held the lease: this pass did nothing. */
    ran: boolean;
    full: boolean;
    looked_at: number;
    locks: number;
    unlocks: number;
    reminders: number;
}

// ---------------------------------------------------------------------------------------------
// Deciding (pure)

export interface LoanFacts {
    loanId: number;
    loanReference: string;
    status: string;
    msisdn: string;
    firstName: string;
    device: { state: string; confirmedState: string; lockReason: LockReason | null };
    schedule: LoanSchedule | undefined;
    /** A deregistration, IMEI change or transfer waits for a checker: no lock meanwhile. */
    checkerPending: boolean;
}

export interface PlannedReminder {
    kind: ReminderKind;
    instalment: number;
    dueDate: string;
    text: string;
}

export interface Plan {
    command: { command: Extract<DeviceCommand, 'lock' | 'unlock'>; rule: string } | null;
    reminders: PlannedReminder[];
}

const money = (amount: number) => `${CURRENCY} ${amount.toFixed(2)}`;
const dayWords = (day: string) =>
    new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const lockedNow = (device: LoanFacts['device']) =>
    device.state === 'locked' || (device.state === 'failed' && device.confirmedState === 'locked');

/** What the policy asks for one loan today: a command (or none) and the reminders due. */
export const planFor = (facts: LoanFacts, policy: PolicyOf, today: string): Plan => {
    const plan: Plan = { command: null, reminders: [] };
    const schedule = facts.schedule;
    const overdue = schedule?.standing.amount_overdue ?? 0;
    if (facts.device.lockReason === 'arrears' && lockedNow(facts.device) && overdue === 0) {
        plan.command = { command: 'unlock', rule: LENDING_RULES.unlock };
    }
    if (!schedule || facts.status !== 'active') return plan;
    const { standing, instalments } = schedule;
    if (
        facts.device.state === 'active' &&
        !facts.checkerPending &&
        standing.oldest_unpaid_due !== null &&
        standing.days_overdue >= policy.lockAfterDays
    ) {
        plan.command = { command: 'lock', rule: LENDING_RULES.lock };
    }
    if (!policy.reminders) return plan;
    const tomorrow = addDays(today, 1);
    const upcoming = instalments.find(item => item.outstanding > 0 && item.due_date >= today && item.due_date <= tomorrow);
    if (upcoming) {
        const behind = overdue > 0 ? ` You are also ${money(overdue)} behind.` : '';
        plan.reminders.push({
            kind: 'before_due',
            instalment: upcoming.number,
            dueDate: upcoming.due_date,
            text: `Hello ${facts.firstName}, your instalment of ${money(upcoming.outstanding)} on loan ${facts.loanReference} is due ${upcoming.due_date === today ? 'today' : 'tomorrow'}, ${dayWords(upcoming.due_date)}. Pay with the reference ${facts.loanReference}.${behind}`,
        });
    }
    const missed = instalments
        .filter(item => item.outstanding > 0 && item.due_date < today && item.due_date >= addDays(today, -MISS_REMINDER_DAYS))
        .at(-1);
    if (missed) {
        plan.reminders.push({
            kind: 'after_miss',
            instalment: missed.number,
            dueDate: missed.due_date,
            text: `Hello ${facts.firstName}, your instalment on loan ${facts.loanReference} was due ${dayWords(missed.due_date)} and ${money(overdue)} is now overdue. Pay it with the reference ${facts.loanReference}: your phone is locked once a payment is ${policy.lockAfterDays} days overdue.`,
        });
    }
    return plan;
};

// ---------------------------------------------------------------------------------------------
// Choosing the loans (SQL: one pass over the active loans, or the marked ones)

/** The rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
const rowsOf = <Row>(result: unknown): Row[] =>
    Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

const intArray = (values: readonly number[]) => `{${values.map(value => String(Math.trunc(value))).join(',')}}`;

/**
 * The loans a pass may have something to do for, by the schedule's SQL (./scheduleSql.ts, the
 * same arithmetic as the module): a phone locked for arrears with nothing overdue; an active
 * device whose oldest unpaid instalment fell due at least the policy's days ago, with no checker
 * request waiting; an instalment due today or tomorrow, or missed within MISS_REMINDER_DAYS, not
 * yet reminded. Each is decided again, exactly, in its write.
 */
const candidates = async (db: Database, today: string, only: readonly number[] | null): Promise<number[]> => {
    const yesterday = addDays(today, -1);
    const tomorrow = addDays(today, 1);
    const dueTomorrow = instalmentsDueBy(tomorrow);
    const dueYesterday = instalmentsDueBy(yesterday);
    const lockDay = sql`(${today}::date - x.lock_after_days)`;
    const within: SQL = only === null ? sql`` : sql`AND l.id = ANY(${intArray(only)}::int[])`;
    const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
            SELECT x.id FROM (
                SELECT l.id, l.status, l.term, ${SCHEDULE_COLUMNS},
                       greatest(0, floor((l.price - l.deposit - l.balance) / nullif(l.instalment, 0)))::int AS covered,
                       d.state AS device_state, d.confirmed_state, d.lock_reason,
                       coalesce(p.lock_after_days, 3) AS lock_after_days, coalesce(p.reminders, true) AS reminders
                FROM loans l
                JOIN device_locks d ON d.loan_id = l.id
                LEFT JOIN lock_policies p ON p.lock_solution = d.lock_solution
                WHERE (l.status = 'active' OR (l.status = 'completed' AND d.lock_reason = 'arrears'))
                  AND l.deposit_paid_at IS NOT NULL ${within}
            ) x
            WHERE (x.lock_reason = 'arrears'
                   AND (x.device_state = 'locked' OR (x.device_state = 'failed' AND x.confirmed_state = 'locked'))
                   AND x.covered >= ${dueYesterday})
               OR (x.status = 'active' AND x.device_state = 'active'
                   AND x.covered < greatest(0, least(x.term, ${lastDueOn(lockDay)}))
                   AND NOT EXISTS (SELECT 1 FROM approval_requests a
                                   WHERE a.entity_key = 'loan:' || x.id AND a.status = 'pending'
                                     AND a.kind IN ('deregistration', 'imei_change', 'loan_transfer')))
               OR (x.status = 'active' AND x.reminders
                   AND ((x.covered < ${dueTomorrow} AND ${dueTomorrow} > ${dueYesterday}
                         AND NOT EXISTS (SELECT 1 FROM lending_reminders r
                                         WHERE r.loan_id = x.id AND r.instalment = ${dueTomorrow} AND r.kind = 'before_due'))
                     OR (x.covered < ${dueYesterday} AND ${dueYesterday} > ${instalmentsDueBy(addDays(today, -(MISS_REMINDER_DAYS + 1)))}
                         AND NOT EXISTS (SELECT 1 FROM lending_reminders r
                                         WHERE r.loan_id = x.id AND r.instalment = ${dueYesterday} AND r.kind = 'after_miss'))))
            ORDER BY x.id`),
    );
    return rows.map(row => Number(row.id));
};

// ---------------------------------------------------------------------------------------------
// Acting (one write per batch of loans)

/** Nothing was left to do in a batch (a payment or another runner came first): roll it back quietly. */
class NothingToDo extends Error {}

const systemActor = (now: Date) => () => ({ adminId: null, roleUsed: null, coords: null, at: now });

interface BatchOutcome {
    locks: number;
    unlocks: number;
    reminders: number;
}

/**
 * Decides and acts for these loans in one write, on their rows locked (loans, then devices, in id
 * order): the standing is read after the locks, so a payment committed meanwhile is counted.
 */
const actOn = async (db: Database, ids: readonly number[], policies: LockPolicies, now: Date): Promise<BatchOutcome> => {
    const today = businessDay(now);
    const outcome: BatchOutcome = { locks: 0, unlocks: 0, reminders: 0 };
    try {
        await writeAs(db, systemActor(now), async tx => {
            const loanRows = await tx
                .select({
                    id: loans.id,
                    loanReference: loans.loanReference,
                    status: loans.status,
                    lockSolution: loans.lockSolution,
                    msisdn: customers.msisdn,
                    firstName: customers.firstName,
                })
                .from(loans)
                .innerJoin(customers, eq(customers.id, loans.customerId))
                .where(inArray(loans.id, [...ids]))
                .orderBy(loans.id)
                .for('update', { of: loans });
            const devices = await tx
                .select()
                .from(deviceLocks)
                .where(inArray(deviceLocks.loanId, [...ids]))
                .orderBy(deviceLocks.id)
                .for('update');
            const schedules = await standingsOf(tx, ids, today);
            const pending = new Set(
                (
                    await tx
                        .select({ loanId: approvalRequests.loanId })
                        .from(approvalRequests)
                        .where(
                            and(
                                inArray(approvalRequests.loanId, [...ids]),
                                eq(approvalRequests.status, 'pending'),
                                inArray(approvalRequests.kind, [...LOAN_APPROVAL_KINDS]),
                            ),
                        )
                ).map(row => row.loanId),
            );
            const audit: AuditEntry[] = [];
            for (const loan of loanRows) {
                const device = devices.find(row => row.loanId === loan.id);
                if (!device) continue;
                const policy = policies.of(loan.lockSolution);
                const plan = planFor(
                    {
                        loanId: loan.id,
                        loanReference: loan.loanReference,
                        status: loan.status,
                        msisdn: loan.msisdn,
                        firstName: loan.firstName,
                        device,
                        schedule: schedules.get(loan.id),
                        checkerPending: pending.has(loan.id),
                    },
                    policy,
                    today,
                );
                const standing = schedules.get(loan.id)?.standing;
                if (plan.command) {
                    const { command, rule } = plan.command;
                    const lockReason: LockReason | null = command === 'lock' ? 'arrears' : device.lockReason;
                    const [updated] = await tx
                        .update(deviceLocks)
                        .set({ ...commandChanges(device, command, now), lockReason })
                        .where(eq(deviceLocks.id, device.id))
                        .returning({ state: deviceLocks.state, requestedState: deviceLocks.requestedState });
                    audit.push({
                        action: `device_locks.${command}`,
                        entity: 'device_locks',
                        entityId: device.id,
                        before: { state: device.state },
                        after: {
                            state: updated?.state,
                            requested_state: updated?.requestedState,
                            loan_reference: loan.loanReference,
                            by: 'system',
                            rule,
                            reason: 'arrears',
                            days_overdue: standing?.days_overdue ?? 0,
                            amount_overdue: standing?.amount_overdue ?? 0,
                            ...(command === 'lock' ? { lock_after_days: policy.lockAfterDays } : {}),
                        },
                    });
                    if (command === 'lock') outcome.locks += 1;
                    else outcome.unlocks += 1;
                }
                for (const reminder of plan.reminders) {
                    const sent = await sendReminder(tx, loan.id, loan.msisdn, reminder, now);
                    if (!sent) continue;
                    outcome.reminders += 1;
                    audit.push({
                        action: 'loans.remind',
                        entity: 'loans',
                        entityId: loan.id,
                        after: {
                            loan_reference: loan.loanReference,
                            by: 'system',
                            rule: LENDING_RULES[reminder.kind],
                            instalment: reminder.instalment,
                            due_date: reminder.dueDate,
                            amount_overdue: standing?.amount_overdue ?? 0,
                        },
                    });
                }
            }
            const [first, ...rest] = audit;
            if (!first) throw new NothingToDo();
            return { result: undefined, audit: [first, ...rest] as const };
        });
    } catch (error) {
        if (error instanceof NothingToDo) return { locks: 0, unlocks: 0, reminders: 0 };
        throw error;
    }
    return outcome;
};

/** Sends a reminder once per loan, instalment and kind: false when its key was taken (sent before). */
const sendReminder = async (
    tx: Transaction,
    loanId: number,
    msisdn: string,
    reminder: PlannedReminder,
    now: Date,
): Promise<boolean> => {
    const [kept] = await tx
        .insert(lendingReminders)
        .values({ loanId, instalment: reminder.instalment, kind: reminder.kind, dueDate: reminder.dueDate, sentAt: now })
        .onConflictDoNothing({ target: [lendingReminders.loanId, lendingReminders.instalment, lendingReminders.kind] })
        .returning({ loanId: lendingReminders.loanId });
    if (!kept) return false;
    const [sms] = await tx
        .insert(smsOutbox)
        .values({ msisdn, text: reminder.text, purpose: 'notice', createdAt: now })
        .returning({ id: smsOutbox.id });
    await tx
        .update(lendingReminders)
        .set({ smsId: sms?.id ?? null })
        .where(
            and(
                eq(lendingReminders.loanId, loanId),
                eq(lendingReminders.instalment, reminder.instalment),
                eq(lendingReminders.kind, reminder.kind),
            ),
        );
    return true;
};

// ---------------------------------------------------------------------------------------------
// The pass

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
    const report: LendingPassReport = { ran: false, full: false, looked_at: 0, locks: 0, unlocks: 0, reminders: 0 };
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
