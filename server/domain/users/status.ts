/** Disabling a user (their sessions end at once) and enabling them again. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { setAdminStatus } from '../../../contract/users';
import type { Queryable } from '../../db';
import { admins, approvalRequests } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { lockGroupRoles, rolesHeldNow } from '../security/standing';
import { awaitingApproval, findAdmin } from './admins';
import { revokeSessions } from './sessions';
import { adminToChange, notOwnAccount } from './target';

/**
 * Whether a checker rejected this account's self-registration: its agent_registration request is
 * `rejected` (the account was disabled by that decision, server/domain/approvals/kinds.ts).
 */
const registrationRejected = async (db: Queryable, adminId: number): Promise<boolean> => {
    const [row] = await db
        .select({ id: approvalRequests.id })
        .from(approvalRequests)
        .where(
            and(
                eq(approvalRequests.kind, 'agent_registration'),
                eq(approvalRequests.subjectAdminId, adminId),
                eq(approvalRequests.status, 'rejected'),
            ),
        )
        .limit(1);
    return row !== undefined;
};

export const registerStatusRoute = (app: FastifyInstance): void => {
    mount(app, setAdminStatus, async ({ params, body }, context) =>
        context.write(async tx => {
            await lockGroupRoles(tx);
            const before = await adminToChange(tx, context, params.id, await rolesHeldNow(tx, context));
            notOwnAccount(context, before, 'status', 'status');
            if (before.status === 'pending_approval') throw awaitingApproval('status');
            // A registration a checker rejected is disabled; enabling it would undo that decision alone.
            if (body.status === 'active' && before.status === 'disabled' && (await registrationRejected(tx, before.id))) {
                throw new HttpError(
                    409,
                    'errors.registration_rejected',
                    'A checker rejected this registration: the account stays disabled',
                    'status',
                );
            }
            await tx.update(admins).set({ status: body.status }).where(eq(admins.id, params.id));
            const ended = body.status === 'disabled' ? await revokeSessions(tx, params.id, context.now()) : 0;
            const after = await findAdmin(tx, params.id);
            if (!after) throw new Error('The user could not be read back');
            return {
                result: after,
                audit: {
                    action: body.status === 'disabled' ? 'admins.disable' : 'admins.enable',
                    entity: 'admins',
                    entityId: after.id,
                    before,
                    after: { ...after, sessions_ended: ended },
                },
            };
        }),
    );
};
