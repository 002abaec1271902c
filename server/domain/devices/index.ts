/**
 * A financed phone's lock (contract/devices.ts): commands requested at once and confirmed by the
 * lock provider later (commands.ts, through one adapter per lock solution: lockProviders.ts), the
 * lock's own calls (locks.ts), offline unlock PINs (offlinePins.ts), the Vivo authorisation code
 * (vivo.ts), and the phone's side as a development stand-in (phoneStandIns.ts). The lifecycle a
 * lock's state follows is server/domain/records/lifecycles.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerLockRoutes } from './locks';
import { registerOfflinePinRoutes } from './offlinePins';
import { registerPhoneStandIns } from './phoneStandIns';
import { registerVivoRoutes } from './vivo';

export { commandChanges, newChallenge, refreshDevices } from './commands';
export { LOCK_PROVIDERS } from './lockProviders';
export { OFFLINE_PIN, redeemOfflinePin } from './offlinePins';

export const registerDevicesRoutes = (app: FastifyInstance): void => {
    registerLockRoutes(app);
    registerOfflinePinRoutes(app);
    registerVivoRoutes(app);
    registerPhoneStandIns(app);
};
