/** A user's sessions ended, and their sign-in throttle released, by an administrator with standing over them. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endAdminSessions, releaseAdminThrottle } from '../../../contract/users';
import type { Transaction } from '../../db';
import { sessions } from '../../db/schema';
import { mount } from '../../http';
import { maskMsisdn } from '../auth/codes';
import { releaseCodeBudget } from '../auth/otp';
import { releaseSignInFailures } from '../auth/throttle';
import { lockGroupRoles, rolesHeldNow } from '../security/standing';
import { adminToChange } from './target';

/** Ends a user's live sessions; answers how many. Every instance forgets them at once (NOTIFY). */
export const revokeSessions = async (tx: Transaction, adminId: number, now: Date) =>
    (
        await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
            .returning({ id: sessions.id })
    ).length;

export const registerSessionRoutes = (app: FastifyInstance): void => {
    mount(app, endAdminSessions, async ({ params }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const target = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            const ended = await revokeSessions(tx, target.id, context.now());
            return {
                result: { ended },
                audit: { action: 'sessions.end_all', entity: 'admins', entityId: target.id, after: { ended } },
            };
        }),
    );

    mount(app, releaseAdminThrottle, async ({ params }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const target = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            const released = await releaseSignInFailures(tx, target.username, context.now());
            // A two-factor user who spent the phone's hourly codes is as shut out as a throttled one.
            const codesReleased = await releaseCodeBudget(tx, target.msisdn, context.now());
            return {
                result: { released },
                audit: {
                    action: 'sign_in_attempts.release',
                    entity: 'admins',
                    entityId: target.id,
                    after: { released, codes_released: codesReleased, phone: maskMsisdn(target.msisdn) },
                },
            };
        }),
    );
};
