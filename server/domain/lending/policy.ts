/**
 * The lock policy (contract/lending.ts `lockPolicies`, `updateLockPolicy`): for each lock solution,
 * the days overdue before the job (./job.ts) asks for a phone's lock, and whether it texts
 * reminders. One row per solution (migration 0033 writes them); a solution without its row is read
 * with the defaults. It holds for every shop, so only staff without a shop change it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LOCK_SOLUTIONS, type LockSolution } from '../../../contract/customers';
import { LOCK_AFTER_DAYS, lockPolicies, updateLockPolicy, type LockPolicyRecord } from '../../../contract/lending';
import type { Queryable } from '../../db';
import { admins, lockPolicies as lockPolicyRows } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { iso } from '../../wire';

export interface PolicyOf {
    lockAfterDays: number;
    reminders: boolean;
}

export const DEFAULT_LOCK_POLICY: PolicyOf = { lockAfterDays: LOCK_AFTER_DAYS.default, reminders: true };

export interface LockPolicies {
    of(solution: LockSolution): PolicyOf;
}

type PolicyRow = typeof lockPolicyRows.$inferSelect & { updatedBy: string | null };

const readRows = (db: Queryable): Promise<PolicyRow[]> =>
    db
        .select({
            lockSolution: lockPolicyRows.lockSolution,
            lockAfterDays: lockPolicyRows.lockAfterDays,
            reminders: lockPolicyRows.reminders,
            updatedAt: lockPolicyRows.updatedAt,
            updatedByAdminId: lockPolicyRows.updatedByAdminId,
            updatedBy: admins.username,
        })
        .from(lockPolicyRows)
        .leftJoin(admins, eq(admins.id, lockPolicyRows.updatedByAdminId));

/** Every solution's policy as the job applies it. */
export const lockPoliciesOf = async (db: Queryable): Promise<LockPolicies> => {
    const rows = new Map((await readRows(db)).map(row => [row.lockSolution, row]));
    return {
        of: solution => {
            const row = rows.get(solution);
            return row ? { lockAfterDays: row.lockAfterDays, reminders: row.reminders } : DEFAULT_LOCK_POLICY;
        },
    };
};

const toRecord = (solution: LockSolution, row: PolicyRow | undefined): LockPolicyRecord => ({
    id: solution,
    lock_solution: solution,
    lock_after_days: row?.lockAfterDays ?? DEFAULT_LOCK_POLICY.lockAfterDays,
    reminders: row?.reminders ?? DEFAULT_LOCK_POLICY.reminders,
    // A row nobody changed holds the defaults: it says so by naming no one.
    updated_at: row?.updatedByAdminId ? iso(row.updatedAt) : null,
    updated_by: row?.updatedBy ?? null,
});

const staffOnly = () =>
    new HttpError(
        403,
        'errors.lock_policy_staff_only',
        'The lock policy holds for every shop: only staff without a shop may change it',
    );

export const registerLockPolicyRoutes = (app: FastifyInstance): void => {
    mount(app, lockPolicies, async (_input, context) => {
        const rows = new Map((await readRows(context.db)).map(row => [row.lockSolution, row]));
        const data = LOCK_SOLUTIONS.map(solution => toRecord(solution, rows.get(solution)));
        return { data, total: data.length };
    });

    mount(app, updateLockPolicy, async ({ params, body }, context) => {
        const admin = context.session?.admin;
        if (!admin || admin.storeId !== null) throw staffOnly();
        const now = context.now();
        await context.write(async tx => {
            const [before] = await tx
                .select()
                .from(lockPolicyRows)
                .where(eq(lockPolicyRows.lockSolution, params.id))
                .for('update');
            const values = {
                lockAfterDays: body.lock_after_days ?? before?.lockAfterDays ?? DEFAULT_LOCK_POLICY.lockAfterDays,
                reminders: body.reminders ?? before?.reminders ?? DEFAULT_LOCK_POLICY.reminders,
                updatedAt: now,
                updatedByAdminId: admin.id,
            };
            await tx
                .insert(lockPolicyRows)
                .values({ lockSolution: params.id, ...values })
                .onConflictDoUpdate({ target: lockPolicyRows.lockSolution, set: values });
            return {
                result: undefined,
                audit: {
                    action: 'lock_policies.update',
                    entity: 'lock_policies',
                    entityId: params.id,
                    before: before ? { lock_after_days: before.lockAfterDays, reminders: before.reminders } : null,
                    after: { lock_after_days: values.lockAfterDays, reminders: values.reminders },
                },
            };
        });
        const [row] = (await readRows(context.db)).filter(found => found.lockSolution === params.id);
        return toRecord(params.id, row);
    });
};
