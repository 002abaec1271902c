/**
 * What the lock policy asks for one loan today, decided from its facts alone (pure, so a test can
 * hold it to every case): a lock, an unlock, or nothing, and the reminders due. Every write decides
 * again with these rules on the rows it locked (./act.ts).
 */
import { CURRENCY } from '../../../contract/customers';
import type { LockReason } from '../../../contract/devices';
import type { ReminderKind } from '../../../contract/lending';
import { addDays } from '../../time';
import type { DeviceCommand } from '../records';
import type { PolicyOf } from './policy';
import type { LoanSchedule } from './standing';

/** The rules a pass applies: named in each audit event it records. */
export const LENDING_RULES = {
    lock: 'lock_after_days_overdue',
    unlock: 'unlock_when_arrears_paid',
    before_due: 'remind_day_before_due',
    after_miss: 'remind_day_after_miss',
} as const;

/** How long after a miss its reminder may still go (a pass after downtime), in days. */
export const MISS_REMINDER_DAYS = 7;

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
