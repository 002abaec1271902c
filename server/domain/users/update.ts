/**
 * Changing a user: names, contact, group and shop, under the standing rules; on one's own account a
 * change to the second factor asks for the current password again.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { updateAdmin } from '../../../contract/users';
import { admins } from '../../db/schema';
import { mount, type CallContext } from '../../http';
import {
    confirmCurrentPassword,
    currentPasswordRequired,
    settleReauthentication,
    type CurrentPasswordProof,
} from '../auth/reauthenticate';
import { checkStandingOver, forbidden, lockGroupRoles, rolesHeldNow } from '../security/standing';
import { ADMIN_CONFLICTS, awaitingApproval, findAdmin, isMsisdnTaken, lockMsisdn, msisdnTaken } from './admins';
import { checkMayCreateIn } from './create';
import { adminToChange, notOwnAccount, visibleAdmin } from './target';

/**
 * What a change to one's own account does to its second factor that asks for the current password
 * again (auth/reauthenticate.ts): a new phone number (where the sign-in codes go, now or once the
 * second factor is on; also where a reset's notice goes) and turning the second factor off. None
 * on another user's account: their own password is not the caller's to give.
 */
const ownTwoFactorChanges = (
    context: CallContext,
    current: { id: number; msisdn: string; otp_enabled: boolean },
    body: { msisdn?: string; otp_enabled?: boolean },
): string[] => {
    if (current.id !== context.session?.admin.id) return [];
    return [
        ...(body.msisdn !== undefined && body.msisdn !== current.msisdn ? ['msisdn'] : []),
        ...(body.otp_enabled === false && current.otp_enabled ? ['otp_enabled'] : []),
    ];
};

/** The current password, checked before the write (the slow hash holds no transaction) when the change needs it. */
const ownTwoFactorProof = async (
    context: CallContext,
    adminId: number,
    body: { msisdn?: string; otp_enabled?: boolean },
    currentPassword: string | undefined,
): Promise<CurrentPasswordProof | undefined> => {
    if (adminId !== context.session?.admin.id) return undefined;
    const current = await findAdmin(context.db, adminId);
    const needs = current ? ownTwoFactorChanges(context, current, body) : [];
    return needs.length > 0 ? confirmCurrentPassword(context, currentPassword, needs) : undefined;
};

export const registerUpdateAdminRoute = (app: FastifyInstance): void => {
    mount(app, updateAdmin, async ({ params, body: { current_password: currentPassword, ...body } }, context) => {
        // Nothing to change: the user as they are, and nothing written.
        if (Object.keys(body).length === 0) return visibleAdmin(context, params.id);
        const proof = await ownTwoFactorProof(context, params.id, body, currentPassword);
        return context.write(
            async tx => {
                await lockGroupRoles(tx);
                const held = await rolesHeldNow(tx, context);
                const before = await adminToChange(tx, context, params.id, held);
                // Decided again on the locked row: the account may have changed since the password was checked.
                const needs = ownTwoFactorChanges(context, before, body);
                if (needs.length > 0 && !proof) throw currentPasswordRequired();
                const reauthenticated = proof ? [await settleReauthentication(tx, before.id, proof, needs)] : [];
                const groupId = body.group_id ?? before.group_id;
                const storeId = body.store_id === undefined ? before.store_id : body.store_id;
                // A registrant awaiting approval stays what the checker is asked to approve: a sales
                // agent of the shop it registered for, reached at its own number (names may be corrected).
                if (before.status === 'pending_approval') {
                    const moved: [boolean, string][] = [
                        [groupId !== before.group_id, 'group_id'],
                        [storeId !== before.store_id, 'store_id'],
                        [body.msisdn !== undefined && body.msisdn !== before.msisdn, 'msisdn'],
                    ];
                    const field = moved.find(([changed]) => changed)?.[1];
                    if (field) throw awaitingApproval(field);
                }
                // Nobody moves themselves; whoever moves a member of a full group holds every role, so is
                // in a full group too and still active: someone can always do everything.
                if (groupId !== before.group_id) {
                    notOwnAccount(context, before, 'group', 'group_id');
                    // Moving a user takes a member from one group and gives one to another.
                    await checkStandingOver(tx, context, held, before.group_id, 'members');
                    await checkStandingOver(tx, context, held, groupId, 'members');
                }
                if (storeId !== before.store_id) {
                    notOwnAccount(context, before, 'shop', 'store_id');
                    // A shop's staff keep their users in the shop: no shop at all would mean every shop.
                    const actorStore = context.session?.admin.storeId ?? null;
                    if (actorStore !== null && storeId !== actorStore) {
                        throw forbidden('errors.store_not_allowed', 'You can only keep users in your own shop', 'store_id');
                    }
                }
                if (groupId !== before.group_id || storeId !== before.store_id) {
                    await checkMayCreateIn(tx, context, held, { group_id: groupId, store_id: storeId });
                }
                if (body.msisdn !== undefined && body.msisdn !== before.msisdn) {
                    await lockMsisdn(tx, body.msisdn);
                    if (await isMsisdnTaken(tx, body.msisdn)) throw msisdnTaken();
                }
                await tx
                    .update(admins)
                    .set({
                        firstName: body.first_name,
                        lastName: body.last_name,
                        msisdn: body.msisdn,
                        email: body.email,
                        otpEnabled: body.otp_enabled,
                        groupId,
                        storeId,
                    })
                    .where(eq(admins.id, params.id));
                const after = await findAdmin(tx, params.id);
                if (!after) throw new Error('The user could not be read back');
                return {
                    result: after,
                    audit: [{ action: 'admins.update', entity: 'admins', entityId: after.id, before, after }, ...reauthenticated],
                };
            },
            { conflicts: ADMIN_CONFLICTS },
        );
    });
};
