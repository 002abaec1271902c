/**
 * Development stand-ins for the phone's side of the lock (contract/dev.ts): what a financed
 * phone shows, and the customer typing an offline unlock PIN on it. Mounted only when DEV_TOOLS
 * is on, and answering only the callers the other stand-ins answer (server/dev.ts).
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devPhoneOfflineUnlock, devPhoneScreen } from '../../../contract/dev';
import type { Queryable } from '../../db';
import { deviceLocks } from '../../db/schema';
import { mount } from '../../http';
import { writeAs } from '../../write';
import { devToolsAllowed } from '../../settings';
import { redeemOfflinePin } from './offlinePins';

const screenOf = async (db: Queryable, imei: string) => {
    const [device] = await db.select().from(deviceLocks).where(eq(deviceLocks.imei, imei)).orderBy(desc(deviceLocks.id)).limit(1);
    return {
        imei,
        state: device?.state ?? ('pending' as const),
        challenge:
            device && (device.state === 'locked' || (device.state === 'failed' && device.confirmedState === 'locked'))
                ? device.challenge
                : null,
    };
};

export const registerPhoneStandIns = (app: FastifyInstance): void => {
    if (!app.portal.settings.devTools) return;
    app.register(async scope => {
        scope.addHook('onRequest', async (request, reply) => {
            if (!devToolsAllowed(request, app.portal.settings)) return reply.callNotFound();
        });

        mount(scope, devPhoneScreen, async ({ query }, { db }) => screenOf(db, query.imei));

        mount(scope, devPhoneOfflineUnlock, async ({ body }, { db, settings, coords }) => {
            // The phone acts for itself: no portal user is the actor.
            const outcome = await writeAs(
                db,
                () => ({ adminId: null, roleUsed: null, coords, at: settings.now() }),
                tx => redeemOfflinePin(tx, body.imei, body.pin, settings.now()),
            );
            return { ...(await screenOf(db, body.imei)), outcome };
        });
    });
};
