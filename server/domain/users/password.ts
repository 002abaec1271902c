/**
 * An administrator resets a user's password to a temporary one the server makes: every session of
 * the user ends and the throttle is released in the same write, the user is told by SMS, and must
 * choose a new password at their next sign-in.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resetAdminPassword } from '../../../contract/users';
import { admins, smsOutbox } from '../../db/schema';
import { mount } from '../../http';
import { hashPassword, temporaryPassword } from '../auth';
import { releaseSignInFailures } from '../auth/throttle';
import { forbidden, lockGroupRoles, rolesHeldNow } from '../security/standing';
import { awaitingApproval, findAdmin } from './admins';
import { revokeSessions } from './sessions';
import { adminToChange } from './target';

const passwordResetNotice =
    'Your staff portal password was reset by an administrator and your sessions have ended. Sign in with the temporary password your administrator gives you, then choose a new one. If you did not ask for this, tell your administrator at once.';

export const registerPasswordResetRoute = (app: FastifyInstance): void => {
    mount(app, resetAdminPassword, async ({ params }, context) => {
        // Made by the server, never chosen by the administrator, and hashed before the transaction
        // (the slow hash holds no lock). Only its hash is stored; the answer carries it once.
        const temporary = temporaryPassword();
        const passwordHash = await hashPassword(temporary);
        const user = await context.write(async tx => {
            const now = context.now();
            await lockGroupRoles(tx);
            const before = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            // A registrant awaiting approval signs in with its own password once approved, or never.
            if (before.status === 'pending_approval') throw awaitingApproval('id');
            // One's own password is changed knowing the current one (changeOwnPassword), never reset.
            if (before.id === context.session?.admin.id) {
                throw forbidden('errors.own_account', 'You cannot reset your own password; change it from your profile', 'id');
            }
            const [flag] = await tx
                .select({ mustChangePassword: admins.mustChangePassword })
                .from(admins)
                .where(eq(admins.id, before.id));
            await tx.update(admins).set({ passwordHash, mustChangePassword: true }).where(eq(admins.id, before.id));
            // In the same transaction as the new password: no session outlives the old one.
            const ended = await revokeSessions(tx, before.id, now);
            const released = await releaseSignInFailures(tx, before.username, now);
            await tx
                .insert(smsOutbox)
                .values({ msisdn: before.msisdn, text: passwordResetNotice, purpose: 'notice', createdAt: now });
            const after = await findAdmin(tx, before.id);
            if (!after) throw new Error('The user could not be read back');
            return {
                result: after,
                audit: {
                    action: 'admins.reset_password',
                    entity: 'admins',
                    entityId: after.id,
                    before: { ...before, must_change_password: flag?.mustChangePassword ?? false },
                    after: {
                        ...after,
                        must_change_password: true,
                        sessions_ended: ended,
                        sign_in_failures_released: released,
                    },
                },
            };
        });
        return { temporary_password: temporary, user };
    });
};
