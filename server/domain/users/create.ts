/** Adding a portal user: in a group whose every role the creator holds, and a shop's staff only in their shop. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAdmin } from '../../../contract/users';
import type { Queryable } from '../../db';
import { adminGroups, adminRoles, groupRoles } from '../../db/schema';
import { mount, type CallContext } from '../../http';
import { checkNewPassword, hashPassword } from '../auth';
import { forbidden, lockGroupRoles, rolesHeldNow, unknownGroup } from '../security/standing';
import {
    ADMIN_CONFLICTS,
    insertAdmin,
    isMsisdnTaken,
    isUsernameTaken,
    lockMsisdn,
    msisdnTaken,
    storeExists,
    unknownStore,
    usernameTaken,
} from './admins';

/**
 * What staff may create: a group whose every role the creator holds (`held`), and a shop that is
 * the creator's own when they belong to one. Answers the shop the new user gets.
 */
export const checkMayCreateIn = async (
    db: Queryable,
    context: CallContext,
    held: ReadonlySet<string>,
    input: { group_id: number; store_id?: number | null | undefined },
) => {
    const [group] = await db.select({ id: adminGroups.id }).from(adminGroups).where(eq(adminGroups.id, input.group_id));
    if (!group) throw unknownGroup();
    const groupCodes = await db
        .select({ code: adminRoles.code })
        .from(groupRoles)
        .innerJoin(adminRoles, eq(adminRoles.id, groupRoles.roleId))
        .where(eq(groupRoles.groupId, input.group_id));
    if (groupCodes.some(({ code }) => !held.has(code))) {
        throw forbidden('errors.group_roles_not_held', 'You can only add a user to a group whose roles you all hold', 'group_id');
    }
    const creatorStore = context.session?.admin.storeId ?? null;
    const storeId = input.store_id ?? creatorStore;
    if (creatorStore !== null && storeId !== creatorStore) {
        throw forbidden('errors.store_not_allowed', 'You can only add users to your own shop', 'store_id');
    }
    if (storeId !== null && !(await storeExists(db, storeId))) throw unknownStore();
    return storeId;
};

export const registerCreateAdminRoute = (app: FastifyInstance): void => {
    mount(app, createAdmin, async ({ body }, context) => {
        const { db } = context;
        // The cheap checks first, in the order the form shows its fields: a refusal costs no password hash.
        if (await isUsernameTaken(db, body.username)) throw usernameTaken();
        if (await isMsisdnTaken(db, body.msisdn)) throw msisdnTaken();
        await checkMayCreateIn(db, context, context.roles, body);
        checkNewPassword(body.password, body.username, 'password');
        const passwordHash = await hashPassword(body.password);
        return context.write(
            async tx => {
                // Again under the locks: the group's roles or the phone may have changed during the hash.
                await lockGroupRoles(tx);
                await lockMsisdn(tx, body.msisdn);
                if (await isUsernameTaken(tx, body.username)) throw usernameTaken();
                if (await isMsisdnTaken(tx, body.msisdn)) throw msisdnTaken();
                const storeId = await checkMayCreateIn(tx, context, await rolesHeldNow(tx, context), body);
                const created = await insertAdmin(
                    tx,
                    { ...body, store_id: storeId, status: 'active' },
                    passwordHash,
                    context.now(),
                );
                return {
                    result: created,
                    audit: { action: 'admins.create', entity: 'admins', entityId: created.id, after: created },
                };
            },
            { conflicts: ADMIN_CONFLICTS },
        );
    });
};
