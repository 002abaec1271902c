/**
 * Agent self-registration's liveness step (contract/registration.ts `register`,
 * `registerLiveness`, `registrationCapture`): details → live photo → received.
 *
 * The registration (./register.ts) answers a token once: 32 random bytes, kept only as
 * their SHA-256, good for REGISTRATION_LIVENESS_MINUTES. The photo step takes that token and nothing
 * else, so a photo binds to the registration that issued it and no other: a stranger's token, an
 * expired one, one spent on REGISTRATION_CAPTURES photos or one whose registration a checker has
 * decided is refused alike (409 `errors.registration_step_closed`), saying nothing of which it was.
 * A registration refused unseen (its phone number was known) answers a token too, which takes
 * photos as any other and binds them to nothing: its answers reveal no numbers either, nor does its
 * timing (its photo is written to the store as any other, then removed).
 *
 * The photo step is public, so before a byte of its file is read it takes a rate slot per source
 * (REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR) and checks the token, sent before the file (mount's
 * `beforeForm`, `beforeFile`); server/http.ts reads few public uploads at once.
 *
 * The photo is judged as every KYC image is (contract/imageFormat.ts: type, structure, size in
 * pixels, a face's minimum side) and its bytes go to the KYC image store off the server's thread
 * (server/domain/kyc/imageStore.ts), named by the registration's row, so the store's sweep of
 * unattached KYC images never touches it. Each photo replaces the last; the checker of the
 * registration sees the latest with its liveness result (`registrationCapture`), under the
 * approvals' reach (domain/approvals/index.ts): a caller attached to a shop, the registrations to
 * that shop only. A rejected registration's photo, and a pending one's after
 * PENDING_REGISTRATION_PHOTO_DAYS, is removed by the sweep (`sweepRegistrationPhotos`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LIVENESS_MIN_SIDE, readImage } from '../../../contract/imageFormat';
import { REGISTRATION_CAPTURES, REGISTRATION_LIVENESS_MINUTES, registerLiveness } from '../../../contract/registration';
import type { Database, Transaction } from '../../db';
import { admins, registrationLiveness } from '../../db/schema';
import { HttpError, invalidInput, mount } from '../../http';
import { iso } from '../../wire';
import { takeRateSlot, tooManyAttempts } from '../auth/throttle';
import type { ImageStore } from '../kyc/imageStore';
import { livenessOf } from '../kyc/images';

const sha256Of = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Opens the liveness step of a registration (inside its write): answers the token, once, and when
 * it closes. `adminId` null for a registration refused unseen.
 */
export const openLivenessStep = async (
    tx: Transaction,
    adminId: number | null,
    now: Date,
): Promise<{ registration_token: string; liveness_until: string }> => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + REGISTRATION_LIVENESS_MINUTES * 60_000);
    await tx.insert(registrationLiveness).values({ tokenSha256: sha256Of(token), adminId, expiresAt, createdAt: now });
    return { registration_token: token, liveness_until: iso(expiresAt) };
};

const stepClosed = () =>
    new HttpError(
        409,
        'errors.registration_step_closed',
        `This registration's photo step is closed: it takes ${REGISTRATION_CAPTURES} photos within ${REGISTRATION_LIVENESS_MINUTES} minutes of registering, while the registration waits for its checker`,
        'registration_token',
    );

/** The step's row of a token, when the step is still open (locked, in a write); else 409. */
const openStepOf = async (db: Transaction | Database, token: string, now: Date, lock: boolean) => {
    const query = db
        .select({ step: registrationLiveness, status: admins.status })
        .from(registrationLiveness)
        .leftJoin(admins, eq(admins.id, registrationLiveness.adminId))
        .where(eq(registrationLiveness.tokenSha256, sha256Of(token)))
        .$dynamic();
    const [found] = lock ? await query.for('update', { of: registrationLiveness }) : await query;
    const open =
        found !== undefined &&
        found.step.expiresAt > now &&
        found.step.captures < REGISTRATION_CAPTURES &&
        (found.step.adminId === null || found.status === 'pending_approval');
    if (!open) throw stepClosed();
    return found.step;
};

/**
 * Photos one source may send in an hour, whatever their tokens: five registrations' three photos
 * each, twice over for refused pictures. Taken before the form is read, as `register` takes its own.
 */
export const REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR = 30;
/** Why the bytes are no photo the step takes: the KYC upload's refusals (server/domain/kyc/index.ts). */
const judgePhoto = (bytes: Uint8Array) => {
    const image = readImage(bytes);
    if (!image.ok) {
        if (image.problem === 'type')
            throw new HttpError(
                415,
                'errors.unsupported_media_type',
                'The file is not a JPEG, PNG or WebP image (judged by its content, not its name)',
                'file',
            );
        throw image.problem === 'structure'
            ? new HttpError(400, 'errors.image_malformed', `The image is damaged: ${image.detail}`, 'file')
            : new HttpError(400, 'errors.image_dimensions', `The image is ${image.detail}`, 'file');
    }
    if (Math.min(image.width, image.height) < LIVENESS_MIN_SIDE) {
        throw new HttpError(
            400,
            'errors.liveness_too_small',
            `The picture is ${image.width} × ${image.height} pixels: a face needs at least ${LIVENESS_MIN_SIDE} on the shorter side`,
            'file',
        );
    }
    return image;
};

/** The photo step: each photo judged, written to `store`, and bound to the registration of its token. */
export const registerLivenessRoute = (app: FastifyInstance, store: ImageStore): void => {
    mount(
        app,
        registerLiveness,
        async ({ body, file }, context) => {
            const openStep = (db: Transaction | Database, lock: boolean) =>
                openStepOf(db, body.registration_token, context.now(), lock);
            const image = judgePhoto(file.bytes);
            const liveness = livenessOf(image);
            const capturedAt = context.now();
            const photo = { contentType: image.type, size: file.bytes.length, sha256: sha256Of(file.bytes) };
            // Every photo is written, a registration refused unseen's too (removed once its step is
            // counted): the step takes the same time either way, so its timing reveals no numbers.
            const storedAs = await store.put(file.bytes);
            /** A file no registration holds; a failure to remove it is logged, never the caller's answer. */
            const discard = (name: string) =>
                store
                    .remove(name)
                    .catch((error: unknown) =>
                        context.request.log.error({ error }, 'A registration photo no longer held could not be removed'),
                    );
            let written: { saved: typeof registrationLiveness.$inferSelect; replaced: string | null; kept: boolean };
            try {
                written = await context.write(async tx => {
                    const now = await openStep(tx, true);
                    const [saved] = await tx
                        .update(registrationLiveness)
                        .set(
                            now.adminId === null
                                ? { captures: now.captures + 1 }
                                : {
                                      captures: now.captures + 1,
                                      storedAs,
                                      ...photo,
                                      livenessPassed: liveness.passed,
                                      livenessScore: liveness.score,
                                      capturedAt,
                                  },
                        )
                        .where(eq(registrationLiveness.id, now.id))
                        .returning();
                    if (!saved) throw new Error('The liveness step could not be read back');
                    const after = { ...photo, liveness, captures: saved.captures };
                    return {
                        result: { saved, replaced: now.storedAs, kept: now.adminId !== null },
                        audit:
                            now.adminId === null
                                ? {
                                      action: 'admins.register_refused',
                                      entity: 'admins',
                                      after: { reason: 'liveness_of_refused_registration', ...after },
                                  }
                                : {
                                      actorAdminId: now.adminId,
                                      action: 'admins.register_liveness',
                                      entity: 'admins',
                                      entityId: now.adminId,
                                      after,
                                  },
                    };
                });
            } catch (error) {
                await discard(storedAs);
                throw error;
            }
            // After the commit (a failed write keeps the old photo), and outside the write's failure
            // path: a failed removal must never take the photo just committed with it.
            const leftOver = written.kept ? written.replaced : storedAs;
            if (leftOver !== null) await discard(leftOver);
            return {
                liveness,
                captured_at: iso(capturedAt),
                captures_left: Math.max(0, REGISTRATION_CAPTURES - written.saved.captures),
            };
        },
        {
            // A stranger is held to a rate per source before the form is read, and the token
            // (which must come before the file) is checked before a byte of the file is: without an
            // open step, nothing of the file is held (and mount reads few public uploads at once).
            beforeForm: async request => {
                const wait = await takeRateSlot(
                    app.portal.db,
                    `registration-photo:${request.ip}`,
                    REGISTRATION_PHOTOS_PER_SOURCE_PER_HOUR,
                    60 * 60_000,
                    app.portal.settings.now(),
                );
                if (wait > 0) throw tooManyAttempts('Too many photos from here; try again later', wait);
            },
            beforeFile: async fields => {
                const token = fields.registration_token;
                if (token === undefined) {
                    throw invalidInput([
                        {
                            field: 'registration_token',
                            message: 'registration_token is required, before the file',
                            key: 'errors.field_required',
                        },
                    ]);
                }
                const sent = registerLiveness.body.safeParse(fields);
                if (!sent.success) {
                    throw invalidInput([
                        {
                            field: 'registration_token',
                            message: 'registration_token is not a token',
                            key: 'errors.field_invalid',
                        },
                    ]);
                }
                await openStepOf(app.portal.db, sent.data.registration_token, app.portal.settings.now(), false);
            },
        },
    );
};
