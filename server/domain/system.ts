/**
 * The system check (contract/system.ts `systemCheck`): the server's version and clock, and the
 * outside services as this server reaches them. A read: nothing is written, nothing audited.
 *
 * The lock providers are each an adapter (devices/lockProviders.ts) that says whether it is
 * live or the simulator; their load is read from the device locks (commands in flight, refusals
 * in the last day). The SMS gateway is the outbox (schema/messages.ts) that a real gateway would
 * read; its state is when it last received a message and how many in the last hour.
 */
import { and, count, gt, isNotNull, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PORTAL_VERSION } from '../../contract';
import { LOCK_SOLUTIONS } from '../../contract/customers';
import { systemCheck, type CheckState } from '../../contract/system';
import { deviceLocks, smsOutbox } from '../db/schema';
import { mount } from '../http';
import { iso } from '../wire';
import { LOCK_PROVIDERS } from './devices';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const registerSystemRoutes = (app: FastifyInstance): void => {
    mount(app, systemCheck, async (_input, context) => {
        const now = context.now();
        const dayAgo = new Date(now.getTime() - DAY_MS);
        const hourAgo = new Date(now.getTime() - HOUR_MS);
        // Each count reads only what it counts, along an index (migration 0038): the locks waiting
        // (`device_locks_requested_idx`), the last day's failures (`device_locks_failed_idx`), the
        // newest message and the last hour's (`sms_outbox_created_idx`).
        const [waiting, failed, [newest], [lastHour]] = await Promise.all([
            context.db
                .select({ solution: deviceLocks.lockSolution, value: count() })
                .from(deviceLocks)
                .where(isNotNull(deviceLocks.requestedState))
                .groupBy(deviceLocks.lockSolution),
            context.db
                .select({ solution: deviceLocks.lockSolution, value: count() })
                .from(deviceLocks)
                .where(and(isNotNull(deviceLocks.failureReason), gt(deviceLocks.updatedAt, dayAgo)))
                .groupBy(deviceLocks.lockSolution),
            context.db.select({ last: max(smsOutbox.createdAt) }).from(smsOutbox),
            context.db.select({ value: count() }).from(smsOutbox).where(gt(smsOutbox.createdAt, hourAgo)),
        ]);
        const of = (rows: { solution: string; value: number }[], solution: string) =>
            rows.find(row => row.solution === solution)?.value ?? 0;
        return {
            version: PORTAL_VERSION,
            server_time: iso(now),
            lock_providers: LOCK_SOLUTIONS.map(solution => {
                const failedLastDay = of(failed, solution);
                // A refusal is a provider's answer, so the provider is reached; it is worth a look, not an outage.
                const state: CheckState = failedLastDay > 0 ? 'warning' : 'ok';
                return {
                    solution,
                    mode: LOCK_PROVIDERS[solution].mode,
                    state,
                    waiting: of(waiting, solution),
                    failed_last_day: failedLastDay,
                };
            }),
            sms: {
                mode: 'outbox' as const,
                state: 'ok' as const,
                last_message_at: newest?.last ? iso(newest.last) : null,
                messages_last_hour: lastHour?.value ?? 0,
            },
        };
    });
};
