/**
 * Agent self-registration (contract/registration.ts): details (./register.ts), then a live photo
 * (./liveness.ts) its checker sees (./capture.ts); photos no checker needs are swept
 * (./photoSweep.ts). The photos are kept in the KYC image store, one per app.
 */
import type { FastifyInstance } from 'fastify';
import { sweepWhileRunning } from '../../sweep';
import { openImageStore, SWEEP_INTERVAL_MS, type ImageStore } from '../kyc/imageStore';
import { registerCaptureRoute } from './capture';
import { registerLivenessRoute } from './liveness';
import { sweepRegistrationPhotos } from './photoSweep';
import { registerDetailsRoutes } from './register';

export { REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR } from './liveness';
export { PENDING_REGISTRATION_PHOTO_DAYS, sweepRegistrationPhotos } from './photoSweep';
export { REGISTRATIONS_PER_SOURCE_PER_HOUR } from './register';

const registrationStores = new WeakMap<FastifyInstance, ImageStore>();

/** The store an app keeps registration photos in (for the tests to watch or fail its files). */
export const registrationStoreOf = (app: FastifyInstance): ImageStore => {
    const store = registrationStores.get(app);
    if (!store) throw new Error('This app has no registration photo store');
    return store;
};

export const registerRegistrationRoutes = (app: FastifyInstance): void => {
    const store = openImageStore(app.portal.settings);
    registrationStores.set(app, store);
    sweepWhileRunning(
        app,
        SWEEP_INTERVAL_MS,
        'registration photos',
        () => sweepRegistrationPhotos(app.portal.db, store, app.portal.settings.now()),
        () => store.close(),
    );
    registerDetailsRoutes(app);
    registerLivenessRoute(app, store);
    registerCaptureRoute(app, store);
};
