/**
 * The user an administrator acts on: one in the actor's reach (their own shop when they belong to
 * one; else it answers as a user that does not exist), and for a change, one whose every role the
 * actor holds now.
 */
import { eq } from 'drizzle-orm';
import type { Admin } from '../../../contract/users';
import type { Transaction } from '../../db';
import { adminRoles, admins, groupRoles } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { forbidden } from '../security/standing';
import { findAdmin } from './admins';

/** A user as the caller may see them: within the caller's shop when they belong to one. */
export const visibleAdmin = async ({ db, session }: CallContext, adminId: number) => {
    const found = await findAdmin(db, adminId);
    const actorStore = session?.admin.storeId ?? null;
    if (!found || (actorStore !== null && found.store_id !== actorStore)) {
        throw new HttpError(404, 'errors.not_found', 'There is no such user', 'id');
    }
    return found;
};

/**
 * The user an administrator acts on, locked for the transaction, once the rules allow it: within the
 * actor's shop when they belong to one (else 404, as a user that does not exist), and in a group
 * whose every role the actor holds now (nobody acts on a more powerful account).
 */
export const adminToChange = async (tx: Transaction, context: CallContext, adminId: number, held: ReadonlySet<string>) => {
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
    const target = await findAdmin(tx, adminId);
    const actorStore = context.session?.admin.storeId ?? null;
    if (!target || (actorStore !== null && target.store_id !== actorStore)) {
        throw new HttpError(404, 'errors.not_found', 'There is no such user', 'id');
    }
    const targetCodes = await tx
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, target.group_id));
    if (target.id !== context.session?.admin.id && targetCodes.some(({ code }) => !held.has(code))) {
        throw forbidden('errors.group_roles_not_held', 'You can only change users whose roles you all hold', 'id');
    }
    return target;
};

export const notOwnAccount = (context: CallContext, target: Admin, what: string, field: string) => {
    if (target.id === context.session?.admin.id)
        throw forbidden('errors.own_account', `You cannot change your own ${what}`, field);
};
