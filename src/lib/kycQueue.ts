/**
 * A sale's KYC as one outbox item (lib/offlineQueue.ts): the photos taken offline
 * (lib/photoStore.ts), the identity check and the KYC details, sent in that order with the keys
 * fixed when the item was made, each later request given the earlier answers (the images' ids,
 * the check's reference). Each answer is written to the item as it comes (`save`), so a reload or
 * a dropped connection mid-way goes on from the first request without one, and a request that did
 * arrive without its answer coming back is answered again by the server from its key
 * (server/idempotency.ts), never done twice.
 *
 * The identity check is sent just before the details, since kyc-details takes only a check of the
 * last hour: a check older than CHECK_FRESH_MS is made again, with a new key, as long as the
 * details were never sent (once they were, their key holds the first check's reference and must
 * be sent with the same body).
 */
import { HttpError } from 'ra-core';
import { z } from 'zod';
import { customer } from '../../contract/customers';
import type { CallInput, CallResponse } from '../../contract/define';
import { IDENTITY_MISMATCHES, identityValidation, KYC_IMAGE_KINDS, kycDetails, kycImage, uploadImage } from '../../contract/kyc';
import { photoStore } from './photoStore';
import { callApi, newIdempotencyKey, uploadCall } from './portalApi';
import { ENTRY_KEYS } from './saleEntries';

/** A check is good for an hour on the server; past this one is made again before the details. */
export const CHECK_FRESH_MS = 50 * 60_000;

const kycPhoto = z.object({
    kind: z.enum(KYC_IMAGE_KINDS),
    /** The kept photo's id (photoStore.ts); null for a photo sent before the item was made. */
    photo: z.string().nullable(),
    file_name: z.string(),
    /** The upload's Idempotency-Key. */
    key: z.string(),
    /** The upload's answer, once it came. */
    image: kycImage.nullable(),
});
export type KycPhoto = z.infer<typeof kycPhoto>;

export const kycChain = z.object({
    entry: z.enum(ENTRY_KEYS),
    msisdn: z.string(),
    /** The identity step's form as typed, so a resumed sale shows it again. */
    form: z.record(z.string(), z.unknown()),
    photos: z.array(kycPhoto),
    check: z.object({
        key: z.string(),
        body: z.record(z.string(), z.unknown()),
        reference: z.string().nullable(),
        /** When the check's answer came (this browser's clock). */
        checked_at: z.number().nullable(),
    }),
    details: z.object({
        key: z.string(),
        /** kyc-details' body without its images and check reference, which the earlier answers give. */
        body: z.record(z.string(), z.unknown()),
        attempted: z.boolean(),
    }),
    /** The customer registered, once the details were answered: the sale goes on with them. */
    customer: customer.nullable(),
});
export type KycChain = z.infer<typeof kycChain>;

export type KycAnswer = CallResponse<typeof kycDetails>;
type Mismatch = (typeof IDENTITY_MISMATCHES)[number];

/** The identity register said no: a refusal, named by what did not match. */
export class IdentityMismatch extends HttpError {
    readonly mismatch: Mismatch;
    constructor(mismatch: Mismatch) {
        super(`loans.wizard.identity.mismatch.${mismatch}`, 409, null);
        this.mismatch = mismatch;
    }
}

type DetailsBody = CallInput<typeof kycDetails>['body'];

/** A new chain: every request's key fixed now. */
export const newKycChain = (input: {
    entry: KycChain['entry'];
    msisdn: string;
    form: Record<string, unknown>;
    photos: Omit<KycPhoto, 'key'>[];
    check: CallInput<typeof identityValidation>['body'];
    details: Omit<DetailsBody, 'images' | 'identity_reference'>;
}): KycChain => ({
    entry: input.entry,
    msisdn: input.msisdn,
    form: input.form,
    photos: input.photos.map(photo => ({ ...photo, key: newIdempotencyKey() })),
    check: { key: newIdempotencyKey(), body: input.check, reference: null, checked_at: null },
    details: {
        key: newIdempotencyKey(),
        body: JSON.parse(JSON.stringify(input.details)) as Record<string, unknown>,
        attempted: false,
    },
    customer: null,
});

/** The kept photo is gone (its user's storage was cleared): a refusal, the photo must be taken again. */
const photoLost = () => new HttpError('loans.wizard.queued.photo_lost', 410, null);

/**
 * Sends what of the chain is still unanswered, in order. `save` hears the chain after each
 * answer (and before the details are first sent). Resolves with kyc-details' answer; rejects with
 * the first failure (an `IdentityMismatch` when the register said no).
 */
export const sendKycChain = async (start: KycChain, save: (chain: KycChain) => void): Promise<KycAnswer> => {
    let chain = start;
    const keep = (next: KycChain) => {
        chain = next;
        save(chain);
    };
    for (const photo of chain.photos) {
        if (photo.image) continue;
        const file = photo.photo ? await photoStore.read(photo.photo) : null;
        if (!file) throw photoLost();
        const image = await uploadCall(uploadImage, { body: { kind: photo.kind } }, file, {
            fileName: photo.file_name,
            idempotencyKey: photo.key,
        });
        keep({ ...chain, photos: chain.photos.map(one => (one.key === photo.key ? { ...one, image } : one)) });
    }
    const stale = chain.check.checked_at !== null && Date.now() - chain.check.checked_at > CHECK_FRESH_MS;
    if (stale && !chain.details.attempted) {
        keep({ ...chain, check: { ...chain.check, key: newIdempotencyKey(), reference: null, checked_at: null } });
    }
    if (chain.check.reference === null) {
        const check = await callApi(
            identityValidation,
            { body: chain.check.body as CallInput<typeof identityValidation>['body'] },
            { idempotencyKey: chain.check.key },
        );
        if (!check.verified) throw new IdentityMismatch(check.mismatch ?? 'not_found');
        keep({ ...chain, check: { ...chain.check, reference: check.reference, checked_at: Date.now() } });
    }
    const reference = chain.check.reference;
    if (reference === null) throw new HttpError('errors.identity_not_verified', 409, null);
    if (!chain.details.attempted) keep({ ...chain, details: { ...chain.details, attempted: true } });
    const images = Object.fromEntries(chain.photos.flatMap(photo => (photo.image ? [[photo.kind, photo.image.id]] : [])));
    const body = { ...chain.details.body, images, identity_reference: reference } as DetailsBody;
    const answer = await callApi(kycDetails, { body }, { idempotencyKey: chain.details.key });
    keep({ ...chain, customer: answer.customer });
    return answer;
};

/** The ids of the kept photos a chain still needs. */
export const photosNeeded = (chain: KycChain): string[] =>
    chain.photos.flatMap(photo => (photo.photo && !photo.image ? [photo.photo] : []));

/** Every kept photo a chain names (sent or not): deleted with it once it is done. */
export const photosOf = (chain: KycChain): string[] => chain.photos.flatMap(photo => (photo.photo ? [photo.photo] : []));
