/**
 * The lending loop: each loan's schedule and standing, computed in one place
 * (server/domain/lending/schedule.ts) and read by the customer view, analytics, the collections
 * queue and the lock policy.
 *
 * A loan's schedule: `term` instalments of `instalment`, the first on the loan's `first_due_date`
 * (the day the customer accepted, or one period after a later deposit day), then one a week, or
 * one a calendar month on the first due date's day of the month (clipped to a shorter month's
 * end: 31 January, 28 or 29 February, 31 March). Its instalment payments, less reversals, pay
 * the oldest instalment due first. Amounts are in the loan's currency (ZAR), to the cent; days
 * are business days (YYYY-MM-DD).
 */
import { z } from 'zod';
import { defineCall, estimatedTotal, id } from './define';
import { DEVICE_STATES, LOCK_SOLUTIONS } from './devices';
import { CURRENCY } from './fields';

/**
 * An instalment as today finds it: `paid` (every earlier one is paid before it), `part_paid`
 * (some paid, due later), `overdue` (due before today, not all paid), `due` (due today, not all
 * paid), `upcoming` (due later, nothing paid).
 */
export const INSTALMENT_STATUSES = ['paid', 'part_paid', 'overdue', 'due', 'upcoming'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export const scheduledInstalment = z.object({
    /** 1 to the term. */
    number: z.number().int(),
    /** YYYY-MM-DD. */
    due_date: z.string(),
    amount: z.number(),
    paid: z.number(),
    /** amount − paid. */
    outstanding: z.number(),
    status: z.enum(INSTALMENT_STATUSES),
});
export type ScheduledInstalmentRecord = z.infer<typeof scheduledInstalment>;

export const loanStanding = z.object({
    /** What fell due on or before yesterday and is unpaid; 0 when nothing is overdue. */
    amount_overdue: z.number(),
    /** Today − the due date of the oldest unpaid instalment, when that was before today; else 0. */
    days_overdue: z.number().int(),
    /** The due date of the oldest instalment not paid in full (null once all are paid). */
    oldest_unpaid_due: z.string().nullable(),
    /** The first instalment due today or later that is not paid in full, and what it still asks. */
    next_due: z.object({ date: z.string(), amount: z.number() }).nullable(),
    /** The instalments paid, less reversals (the deposit apart). */
    paid_to_date: z.number(),
});
export type LoanStandingRecord = z.infer<typeof loanStanding>;

// ---------------------------------------------------------------------------------------------
// The collections queue (docs/domain.md "Collections")

/**
 * How long a loan has been behind, by the days since its oldest unpaid instalment fell due:
 * 1 to 7, 8 to 30, 31 to 60, and more than 60.
 */
export const ARREARS_BUCKETS = ['1-7', '8-30', '31-60', '60+'] as const;
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number];

/** The days overdue each bucket holds, both ends included (`to` null: no end). */
export const ARREARS_BUCKET_DAYS: Record<ArrearsBucket, { from: number; to: number | null }> = {
    '1-7': { from: 1, to: 7 },
    '8-30': { from: 8, to: 30 },
    '31-60': { from: 31, to: 60 },
    '60+': { from: 61, to: null },
};

/** The bucket of a loan `days` overdue (at least 1). */
export const arrearsBucketOf = (days: number): ArrearsBucket =>
    ARREARS_BUCKETS.find(bucket => {
        const { from, to } = ARREARS_BUCKET_DAYS[bucket];
        return days >= from && (to === null || days <= to);
    }) ?? '1-7';

export const COLLECTION_SORTS = ['days_overdue', 'amount_overdue', 'last_paid_at'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

const reference = z.object({ id: z.number().int(), name: z.string() });

/** A loan in arrears, as the queue lists it. Its `id` is the loan's. */
export const collectionItem = z.object({
    id: z.number().int(),
    loan_reference: z.string(),
    /** The customer: their view's address names them by `public_id`; the phone masked (`•••005`). */
    customer: z.object({ public_id: z.string(), name: z.string(), msisdn: z.string() }),
    days_overdue: z.number().int(),
    bucket: z.enum(ARREARS_BUCKETS),
    /** The due date of the oldest unpaid instalment (YYYY-MM-DD). */
    oldest_unpaid_due: z.string(),
    amount_overdue: z.number(),
    currency: z.literal(CURRENCY),
    /** The device's lock state (its requested-then-confirmed lifecycle); null for a loan without one. */
    lock_state: z.enum(DEVICE_STATES).nullable(),
    shop: reference.nullable(),
    agent: reference.nullable(),
    /** The payment recorded last on the loan (deposit or instalment), when any. */
    last_payment: z.object({ paid_at: z.string(), amount: z.number() }).nullable(),
    /** When the last message to the customer's phone was queued (the SMS outbox), when any. */
    last_message_at: z.string().nullable(),
});
export type CollectionItem = z.infer<typeof collectionItem>;

export const listCollections = defineCall({
    summary:
        'The collections queue: active loans in reach with an instalment due before today unpaid, by days overdue (oldest first) by default; filtered by bucket, shop, agent, lock state and a search (loan reference, customer name or phone number)',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/collections',
    access: 'VIEW_COLLECTIONS',
    body: z.object({
        bucket: z.enum(ARREARS_BUCKETS).optional(),
        store_id: id.optional(),
        agent_id: id.optional(),
        lock_state: z.enum(DEVICE_STATES).optional(),
        q: z.string().trim().max(64).optional(),
        sort: z.enum(COLLECTION_SORTS).default('days_overdue'),
        order: z.enum(['asc', 'desc']).default('desc'),
        page_number: z.number().int().min(1).max(1_000_000).default(1),
        /** Pages run to 500 rows so an export walks a whole list. */
        page_size: z.number().int().min(1).max(500).default(25),
    }),
    response: z.object({ data: z.array(collectionItem), total_items: z.number().int(), estimated: estimatedTotal }),
});

// ---------------------------------------------------------------------------------------------
// The lock policy (server/domain/lending/policy.ts) and its job (server/domain/lending/job.ts)

/** The job's texts to a customer: the day before an instalment falls due, and the day after one was missed. */
export const REMINDER_KINDS = ['before_due', 'after_miss'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Bounds of the days overdue before a lock is asked for. */
export const LOCK_AFTER_DAYS = { min: 1, max: 90, default: 3 } as const;

/** What the job does for the phones of one lock solution. */
export const lockPolicy = z.object({
    /** The lock solution again: the record's id for the portal's form. */
    id: z.enum(LOCK_SOLUTIONS),
    lock_solution: z.enum(LOCK_SOLUTIONS),
    /** Days the oldest unpaid instalment is overdue before the job asks for the lock. */
    lock_after_days: z.number().int(),
    /** Texts the day before a due date and the day after a miss. */
    reminders: z.boolean(),
    /** Null while the defaults stand. */
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
});
export type LockPolicyRecord = z.infer<typeof lockPolicy>;

export const lockPolicies = defineCall({
    summary: 'The lock policy of every lock solution: days overdue before a lock is asked for, and the reminders.',
    method: 'GET',
    path: '/api/v1/lock_policies',
    access: ['EDIT_LOCK_POLICY', 'LOCK_CUSTOMER_DEVICE'],
    response: z.object({ data: z.array(lockPolicy), total: z.number().int() }),
});

export const updateLockPolicy = defineCall({
    summary:
        "Change one lock solution's policy: the fields sent, the others kept. The job applies it from its next pass: a lock already asked for stays, a phone newly past the days is locked.",
    method: 'PUT',
    path: '/api/v1/lock_policies/:id',
    access: 'EDIT_LOCK_POLICY',
    params: z.object({ id: z.enum(LOCK_SOLUTIONS) }),
    body: z.object({
        lock_after_days: z.number().int().min(LOCK_AFTER_DAYS.min).max(LOCK_AFTER_DAYS.max).optional(),
        reminders: z.boolean().optional(),
    }),
    response: lockPolicy,
});

/** Every call of the lending loop (after all of them: an object naming a call above its definition would not load). */
export const lendingCalls = {
    listCollections,
    lockPolicies,
    updateLockPolicy,
};
