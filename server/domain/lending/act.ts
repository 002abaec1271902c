/**
 * Acting for a batch of loans in one write: their rows locked, each decided again (./plan.ts) on
 * what the rows hold now, the commands asked of the lock providers and the reminders sent, every
 * one audited as done by the system.
 */

import { and, eq, inArray } from 'drizzle-orm';
import { LOAN_APPROVAL_KINDS } from '../../../contract/approvals';
import type { LockReason } from '../../../contract/devices';
import type { Database, Transaction } from '../../db';
import { approvalRequests, customers, deviceLocks, lendingReminders, loans, smsOutbox } from '../../db/schema';
import { writeAs, type AuditEntry } from '../../write';
import { businessDay } from '../../time';
import { commandChanges } from '../devices';
import type { LockPolicies } from './policy';
import { standingsOf } from './standing';
import { LENDING_RULES, planFor, type PlannedReminder } from './plan';

/** Nothing was left to do in a batch (a payment or another runner came first): roll it back quietly. */
class NothingToDo extends Error {}

export const systemActor = (now: Date) => () => ({ adminId: null, roleUsed: null, coords: null, at: now });

interface BatchOutcome {
    locks: number;
    unlocks: number;
    reminders: number;
}

/**
 * Decides and acts for these loans in one write, on their rows locked (loans, then devices, in id
 * order): the standing is read after the locks, so a payment committed meanwhile is counted.
 */
export const actOn = async (db: Database, ids: readonly number[], policies: LockPolicies, now: Date): Promise<BatchOutcome> => {
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
