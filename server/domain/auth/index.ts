/**
 * Signing in and out (contract/auth.ts). The parts live beside this file, so other domains import
 * only what they need: passwords, sessions, throttling, the staff second factor (otp) and the
 * mobile-operator sign-in.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PORTAL_VERSION } from '../../../contract';
import { changeOwnPassword, health, login, logout, myRoles, resendOtp, startOperatorSignIn } from '../../../contract/auth';
import { adminRoles, groupRoles, sessions } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { completeOperatorSignIn, startOperatorSignIn as startOperator } from './operator';
import { otpSignIn, resendSignInOtp } from './otp';
import { changeOwnPassword as changePassword } from './passwordChange';
import { passwordSignIn } from './passwordSignIn';

export { hashPassword, temporaryPassword } from './passwords';
export { checkNewPassword } from './passwordRules';
export { approveOperatorSignIn, pendingOperatorSignIn } from './operator';

export const registerAuthRoutes = (app: FastifyInstance): void => {
    mount(app, login, async ({ body }, context) => {
        if ('password' in body) return passwordSignIn(body, context);
        if ('otp' in body) return otpSignIn(body, context);
        return completeOperatorSignIn(body, context);
    });

    mount(app, resendOtp, async ({ body }, context) => resendSignInOtp(body.auth_id, context));

    mount(app, startOperatorSignIn, async ({ body }, context) => startOperator(body.provider, context));

    mount(app, logout, async (_input, context) => {
        const session = context.session;
        if (!session) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
        const { sessionId, admin } = session;
        await context.write(async tx => {
            await tx.update(sessions).set({ revokedAt: context.now() }).where(eq(sessions.id, sessionId));
            return {
                result: undefined,
                audit: {
                    action: 'sessions.revoke',
                    entity: 'sessions',
                    entityId: sessionId,
                    after: { username: admin.username },
                },
            };
        });
        return { ok: true as const };
    });

    mount(app, changeOwnPassword, async ({ body }, context) => changePassword(body, context));

    mount(app, myRoles, async (_input, context) => {
        const groupId = context.session?.admin.groupId ?? 0;
        const rows = await context.db
            .select({
                id: groupRoles.id,
                group_id: groupRoles.groupId,
                role_id: groupRoles.roleId,
                admin_role: { id: adminRoles.id, code: adminRoles.code, name: adminRoles.name },
            })
            .from(groupRoles)
            .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
            .where(eq(groupRoles.groupId, groupId))
            .orderBy(adminRoles.code);
        return { group_id: groupId, data: rows };
    });

    mount(app, health, async (_input, context) => {
        await context.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, version: PORTAL_VERSION };
    });
};
