/**
 * Agent self-registration, step 1: the shops one may register with, and the details. The account
 * waits for a checker (server/domain/approvals) as a sales agent of the chosen shop; the answer is
 * the same whether or not the phone number is known, and opens the photo step (./liveness.ts).
 */
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { register, registrationOptions } from '../../../contract/registration';
import { adminGroups, smsOutbox, stores } from '../../db/schema';
import { mount } from '../../http';
import { checkNewPassword, hashPassword } from '../auth';
import { takeRateSlot, tooManyAttempts } from '../auth/throttle';
import { insertAgentRegistration } from '../approvals/requests';
import { SALES_AGENT_GROUP } from '../security/namedGroups';
import {
    insertAdmin,
    isMsisdnTaken,
    isUsernameTaken,
    lockMsisdn,
    storeExists,
    unknownStore,
    usernameTaken,
} from '../users/admins';
import { openLivenessStep } from './liveness';

/** Self-registrations one source may make in an hour. */
export const REGISTRATIONS_PER_SOURCE_PER_HOUR = 5;

const registrationNotice =
    'Someone tried to register a staff portal account with this phone number. If it was you, sign in with your existing account; otherwise you can ignore this message.';

export const registerDetailsRoutes = (app: FastifyInstance): void => {
    mount(app, registrationOptions, async (_input, { db }) => ({
        stores: await db
            .select({ id: stores.id, name: stores.name, town: stores.town })
            .from(stores)
            .orderBy(asc(stores.name), asc(stores.id)),
    }));

    mount(app, register, async ({ body }, context) => {
        const { db } = context;
        const wait = await takeRateSlot(
            db,
            `register:${context.source}`,
            REGISTRATIONS_PER_SOURCE_PER_HOUR,
            60 * 60_000,
            context.now(),
        );
        if (wait > 0) throw tooManyAttempts('Too many registrations from here; try again later', wait);
        // The cheap checks before the costly hash. Whether the phone number is registered is not
        // among them: the answer must not tell (see below).
        if (!(await storeExists(db, body.store_id))) throw unknownStore();
        if (await isUsernameTaken(db, body.username)) throw usernameTaken();
        checkNewPassword(body.password, body.username, 'password');
        const passwordHash = await hashPassword(body.password);
        const answer = { username: body.username, status: 'pending_approval' as const };
        // Step 2, the live photo (./liveness.ts), takes the token answered here.
        return context.write(
            async tx => {
                await lockMsisdn(tx, body.msisdn);
                if (await isMsisdnTaken(tx, body.msisdn)) {
                    // The same answer as a registration, so nobody learns the number is known; its
                    // owner is told by SMS instead.
                    await tx.insert(smsOutbox).values({
                        msisdn: body.msisdn,
                        text: registrationNotice,
                        purpose: 'notice',
                        createdAt: context.now(),
                    });
                    return {
                        result: { ...answer, ...(await openLivenessStep(tx, null, context.now())) },
                        audit: {
                            action: 'admins.register_refused',
                            entity: 'admins',
                            after: { username: body.username, reason: 'msisdn_taken' },
                        },
                    };
                }
                const [group] = await tx
                    .select({ id: adminGroups.id })
                    .from(adminGroups)
                    .where(sql`lower(${adminGroups.name}) = lower(${SALES_AGENT_GROUP})`);
                if (!group) throw new Error(`The "${SALES_AGENT_GROUP}" group is missing; the start-up should have created it`);
                const created = await insertAdmin(
                    tx,
                    { ...body, group_id: group.id, otp_enabled: false, status: 'pending_approval' },
                    passwordHash,
                    context.now(),
                );
                // The registration waits for a checker (server/domain/approvals), made by the agent.
                const request = await insertAgentRegistration(
                    tx,
                    { id: created.id, username: created.username, storeId: body.store_id },
                    context.now(),
                );
                return {
                    result: { ...answer, ...(await openLivenessStep(tx, created.id, context.now())) },
                    audit: [
                        {
                            actorAdminId: created.id,
                            action: 'admins.register',
                            entity: 'admins',
                            entityId: created.id,
                            after: created,
                        },
                        request,
                    ],
                };
            },
            // Only the username can lose a race here; the phone number is locked above.
            { conflicts: { admins_username_unique: usernameTaken } },
        );
    });
};
