/**
 * Knowing the customer (contract/kyc.ts): the documents the add-loan wizard uploads (images.ts),
 * the ID number and identity-register checks (identity.ts), the submission that registers or
 * updates the customer (details.ts), and the checker's queue and decision (submissions.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    approveKycVerification,
    idValidationCheck,
    identityValidation,
    kycDetails,
    kycImageContent,
    pendingKycVerifications,
    uploadImage,
} from '../../../contract/kyc';
import { customers, identityChecks, kycImages, kycSubmissions } from '../../db/schema';
import { HttpError, invalidInput, mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import { idNumberTaken, submitKycDetails } from './details';
import { CHECK_REFERENCE_PREFIX, readSaId, registerAnswer } from './identity';
import { LIVENESS_MIN_SIDE, sniffImageType } from '../../../contract/imageFormat';
import { livenessOf, readIdFront, readImage } from './images';
import { openImageStore, quotaWait, scheduleSweep, uploadQuotaSpent } from './imageStore';
import { decide } from './decision';
import { queuePage, reachOf } from './submissions';

/** Why the bytes are no image the portal takes: not one of the three types (415), or a broken or absurd one (400). */
const imageRefusal = (problem: 'type' | 'structure' | 'size', detail: string) =>
    problem === 'type'
        ? new HttpError(
              415,
              'errors.unsupported_media_type',
              'The file is not a JPEG, PNG or WebP image (judged by its content, not its name)',
              'file',
          )
        : problem === 'structure'
          ? new HttpError(400, 'errors.image_malformed', `The image is damaged: ${detail}`, 'file')
          : new HttpError(400, 'errors.image_dimensions', `The image is ${detail}`, 'file');

const imageNotFound = () =>
    new HttpError(404, 'errors.not_found', 'This image was not found, or it is not one you may see', 'id');

/** May the caller see this image: their own upload, or a document of a submission within their reach. */
const mayViewImage = async (context: CallContext, image: { id: string; uploadedBy: number }): Promise<boolean> => {
    if (image.uploadedBy === context.session?.admin.id) return true;
    if (!context.roles.has('VIEW_CUSTOMER_OCR')) return false;
    const [submission] = await context.db
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(
            and(
                or(
                    eq(kycSubmissions.idFrontImageId, image.id),
                    eq(kycSubmissions.idBackImageId, image.id),
                    eq(kycSubmissions.selfieImageId, image.id),
                    eq(kycSubmissions.livenessImageId, image.id),
                ),
                reachOf(context),
            ),
        )
        .limit(1);
    return submission !== undefined;
};

export const registerKycRoutes = (app: FastifyInstance): void => {
    const store = openImageStore(app.portal.settings);
    scheduleSweep(app, store);

    mount(app, uploadImage, async ({ body, file }, context) => {
        const uploader = context.session?.admin.id ?? 0;
        const size = file.bytes.length;
        // Refused before a byte is stored: past the quota (counted again under its lock below),
        // not a well-formed image of a sane size, or a face picture too small to check.
        const waitBefore = await quotaWait(context.db, uploader, size, context.now());
        if (waitBefore > 0) throw uploadQuotaSpent(waitBefore);
        const image = readImage(file.bytes);
        if (!image.ok) throw imageRefusal(image.problem, image.detail);
        const faces = body.kind === 'liveness' || body.kind === 'selfie';
        if (faces && Math.min(image.width, image.height) < LIVENESS_MIN_SIDE) {
            throw new HttpError(
                400,
                'errors.liveness_too_small',
                `The picture is ${image.width} × ${image.height} pixels: a face needs at least ${LIVENESS_MIN_SIDE} on the shorter side`,
                'file',
            );
        }
        const contentType = image.type;
        const ocr = body.kind === 'id_front' ? readIdFront(file.bytes, contentType) : null;
        const liveness = faces ? livenessOf(image) : null;
        const sha256 = createHash('sha256').update(file.bytes).digest('hex');
        const id = randomUUID();
        const createdAt = context.now();
        // The bytes go to the store first, off the server's thread; the row naming them is the
        // write. A refused or failed write removes the file again.
        const storedAs = await store.put(file.bytes);
        try {
            await context.write(async tx => {
                const wait = await quotaWait(tx, uploader, size, createdAt, { lock: true });
                if (wait > 0) throw uploadQuotaSpent(wait);
                await tx.insert(kycImages).values({
                    id,
                    kind: body.kind,
                    contentType,
                    size,
                    sha256,
                    storedAs,
                    ocr,
                    livenessPassed: liveness?.passed ?? null,
                    livenessScore: liveness?.score ?? null,
                    uploadedByAdminId: uploader,
                    createdAt,
                });
                return {
                    result: null,
                    audit: {
                        action: 'kyc_images.upload',
                        entity: 'kyc_images',
                        entityId: id,
                        after: { kind: body.kind, content_type: contentType, size, sha256, liveness },
                    },
                };
            });
        } catch (error) {
            await store.remove(storedAs);
            throw error;
        }
        return {
            id,
            kind: body.kind,
            content_type: contentType,
            size,
            ocr,
            liveness,
            created_at: iso(createdAt),
        };
    });

    mount(app, idValidationCheck, async ({ body }, context) => {
        let dateOfBirth: string | null = null;
        let gender: 'female' | 'male' | null = null;
        if (body.id_type === 'national_id') {
            const reading = readSaId(body.id_number, context.now());
            if (!reading.valid) {
                const message = `Not a valid South African ID number: ${reading.problem}`;
                const error = invalidInput([{ field: 'id_number', message, key: 'errors.id_number_invalid' }]);
                throw new HttpError(400, 'errors.id_number_invalid', message, 'id_number', error.details);
            }
            dateOfBirth = reading.dateOfBirth;
            gender = reading.gender;
        }
        const [holder] = await context.db
            .select({ msisdn: customers.msisdn })
            .from(customers)
            .where(and(eq(customers.idType, body.id_type), eq(customers.idNumber, body.id_number)));
        if (holder && holder.msisdn !== body.msisdn) throw idNumberTaken();
        return { id_type: body.id_type, id_number: body.id_number, date_of_birth: dateOfBirth, gender };
    });

    mount(app, identityValidation, async ({ body }, context) => {
        const [known] = await context.db
            .select({ firstName: customers.firstName, lastName: customers.lastName })
            .from(customers)
            .where(and(eq(customers.idType, body.id_type), eq(customers.idNumber, body.id_number)));
        const mismatch = registerAnswer(
            {
                idType: body.id_type,
                idNumber: body.id_number,
                firstName: body.first_name,
                lastName: body.last_name,
                dateOfBirth: body.date_of_birth,
            },
            known ?? null,
            context.now(),
        );
        const reference = `${CHECK_REFERENCE_PREFIX}${randomBytes(12).toString('hex')}`;
        const checkedAt = context.now();
        const verified = mismatch === null;
        await context.write(async tx => {
            const [check] = await tx
                .insert(identityChecks)
                .values({
                    reference,
                    idType: body.id_type,
                    idNumber: body.id_number,
                    firstName: body.first_name,
                    lastName: body.last_name,
                    dateOfBirth: body.date_of_birth,
                    verified,
                    mismatch,
                    checkedByAdminId: context.session?.admin.id ?? 0,
                    createdAt: checkedAt,
                })
                .returning({ id: identityChecks.id });
            return {
                result: null,
                audit: {
                    action: 'identity_checks.check',
                    entity: 'identity_checks',
                    entityId: check?.id ?? null,
                    after: { reference, id_type: body.id_type, verified, mismatch },
                },
            };
        });
        return { reference, verified, mismatch, checked_at: iso(checkedAt) };
    });

    mount(app, kycDetails, async ({ body }, context) => submitKycDetails(context, body));

    mount(app, pendingKycVerifications, async ({ body }, context) => queuePage(context, body));

    mount(app, kycImageContent, async ({ params }, context) => {
        const [image] = await context.db
            .select({
                id: kycImages.id,
                kind: kycImages.kind,
                contentType: kycImages.contentType,
                uploadedBy: kycImages.uploadedByAdminId,
            })
            .from(kycImages)
            .where(eq(kycImages.id, params.id));
        if (!image || !(await mayViewImage(context, image))) throw imageNotFound();
        const [content] = await context.db
            .select({ bytes: kycImages.content, storedAs: kycImages.storedAs })
            .from(kycImages)
            .where(eq(kycImages.id, image.id));
        if (!content) throw imageNotFound();
        // An upload's bytes are read from the store off the server's thread; the seed's are in the row.
        const bytes = content.storedAs
            ? await store.get(content.storedAs).catch((error: NodeJS.ErrnoException) => {
                  // Swept between the two reads: as gone as the row now is.
                  if (error.code === 'ENOENT') throw imageNotFound();
                  throw error;
              })
            : content.bytes;
        if (!bytes) throw imageNotFound();
        const contentType = sniffImageType(bytes) ?? 'image/jpeg';
        return {
            id: image.id,
            kind: image.kind,
            content_type: contentType,
            data_url: `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`,
        };
    });

    mount(app, approveKycVerification, async ({ body }, context) => decide(context, body));
};
