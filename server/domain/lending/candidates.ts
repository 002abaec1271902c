/** Which loans a pass looks at: one SQL pass over the active loans, or over the marked ones. */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db';
import { addDays } from '../../time';
import { MISS_REMINDER_DAYS } from './plan';
import { intArray } from './rows';
import { instalmentsDueBy, lastDueOn, SCHEDULE_COLUMNS } from './scheduleSql';

/**
 * The loans a pass may have something to do for, by the schedule's SQL (./scheduleSql.ts, the
 * same arithmetic as the module): a phone locked for arrears with nothing overdue; an active
 * device whose oldest unpaid instalment fell due at least the policy's days ago, with no checker
 * request waiting; an instalment due today or tomorrow, or missed within MISS_REMINDER_DAYS, not
 * yet reminded. Each is decided again, exactly, in its write.
 */
export const candidates = async (db: Database, today: string, only: readonly number[] | null): Promise<number[]> => {
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
