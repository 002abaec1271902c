/**
 * Changing one's own password (contract/auth.ts `changeOwnPassword`): after an administrator's
 * reset, the only thing a session may do besides signing out; otherwise from the profile menu.
 *
 * The current password proves it is the user and not someone who found a signed-in screen, so a
 * wrong one counts towards the sign-in throttle of the username from that source (the check of
 * reauthenticate.ts, `confirmCurrentPassword`, audited as `admins.change_password_*`). The new one is
 * hashed outside any transaction; the write then checks the password was not changed meanwhile
 * (two changes at once: one wins, the other is a 409), clears the reset's mark, so this session
 * becomes a normal one at once, and ends the user's other sessions.
 */
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { admins, sessions } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { checkNewPassword } from './passwordRules';
import { hashPassword } from './passwords';
import { confirmCurrentPassword } from './reauthenticate';

export const changeOwnPassword = async (
    body: { current_password: string; new_password: string },
    context: CallContext,
): Promise<{ ended: number }> => {
    const session = context.session;
    if (!session) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
    const { admin, sessionId } = session;
    // Compared as typed: whether the current one is right does not matter to this answer.
    if (body.new_password === body.current_password) {
        throw new HttpError(
            400,
            'errors.password_unchanged',
            'The new password must differ from the current one',
            'new_password',
        );
    }
    checkNewPassword(body.new_password, admin.username, 'new_password');

    const proof = await confirmCurrentPassword(context, body.current_password, ['password'], 'admins.change_password');

    const passwordHash = await hashPassword(body.new_password);
    const ended = await context.write(async tx => {
        const now = context.now();
        const [locked] = await tx
            .select({ passwordHash: admins.passwordHash, mustChangePassword: admins.mustChangePassword })
            .from(admins)
            .where(eq(admins.id, admin.id))
            .for('update');
        // Changed (or reset) since it was checked above: the current password typed is no longer current.
        if (!locked || locked.passwordHash !== proof.passwordHash) {
            throw new HttpError(409, 'errors.conflict', 'The password was changed meanwhile; sign in again');
        }
        await tx.update(admins).set({ passwordHash, mustChangePassword: false }).where(eq(admins.id, admin.id));
        const others = await tx
            .update(sessions)
            .set({ revokedAt: now })
            .where(
                and(
                    eq(sessions.adminId, admin.id),
                    ne(sessions.id, sessionId),
                    isNull(sessions.revokedAt),
                    gt(sessions.expiresAt, now),
                ),
            )
            .returning({ id: sessions.id });
        return {
            result: others.length,
            audit: {
                action: 'admins.change_password',
                entity: 'admins',
                entityId: admin.id,
                before: { must_change_password: locked.mustChangePassword },
                after: { must_change_password: false, sessions_ended: others.length },
            },
        };
    });
    return { ended };
};
