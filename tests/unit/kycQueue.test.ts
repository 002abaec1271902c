/**
 * A sale's KYC made offline (issue 24): the photos kept in IndexedDB, encrypted under their user's
 * own key (lib/photoStore.ts), and the KYC as ONE outbox item (lib/kycQueue.ts, offlineQueue.ts)
 * sent in order once online, the uploads, then the identity check, then the details, each with the
 * key fixed when the item was made and given the earlier answers; a retry after no answer, and a
 * reload part way, send nothing twice; a refusal part way stops the chain with its reason.
 */
import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/define';
import { identityValidation, kycDetails, uploadImage, type KycImageKind } from '../../contract/kyc';
import { newKycChain, type KycChain } from '../../src/lib/kycQueue';
import { loanStore } from '../../src/lib/loanStore';
import { outbox } from '../../src/lib/offlineQueue';
import { photoStore } from '../../src/lib/photoStore';
import { session } from '../../src/lib/session';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import {
    BUYER_MSISDN,
    buyer,
    DEMO_PHOTOS,
    demoPhoto,
    identityChecked,
    imageId,
    kycSubmitted,
    uploaded,
} from './support/loanWizardFixtures';
import { browserNetwork } from './support/network';
import { signedInAs } from './support/portal';

/** Every request that reached the network, in order: the call, its key, and what it named. */
const sent: { call: string; key: string | null; body: unknown }[] = [];
/** The answers the next requests of a call get before the handler's own. */
const upcoming: { call: string; answer: 'drop' | 'drop-after' | 'mismatch' | 'malformed' }[] = [];
const next = (call: string) => {
    const index = upcoming.findIndex(one => one.call === call);
    return index < 0 ? null : upcoming.splice(index, 1)[0]?.answer;
};

const server = contractServer(
    answer(uploadImage, async ({ request }) => {
        const form = await request.clone().formData();
        const kind = form.get('kind') as KycImageKind;
        const file = form.get('file') as File;
        sent.push({ call: 'uploadImage', key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body: { kind, name: file.name } });
        if (next('uploadImage') === 'malformed') {
            return errorAnswer(400, {
                code: 400,
                name: 'BadRequest',
                message: 'file: not an image',
                key: 'errors.image_malformed',
                field: 'file',
            });
        }
        return uploaded(kind);
    }),
    answer(identityValidation, async ({ request }) => {
        sent.push({
            call: 'identityValidation',
            key: request.headers.get(IDEMPOTENCY_KEY_HEADER),
            body: await request.clone().json(),
        });
        return identityChecked(next('identityValidation') === 'mismatch' ? 'name_mismatch' : null);
    }),
    answer(kycDetails, async ({ request }) => {
        const body = (await request.clone().json()) as { first_name: string };
        sent.push({ call: 'kycDetails', key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body });
        return kycSubmitted({ first_name: body.first_name, store: null });
    }),
);

/** The next request of this call reaches the server (recorded) but its answer is lost, as a connection dropping mid-way. */
const loseAnswerOf = (call: typeof identityValidation | typeof kycDetails, name: string) =>
    server.use(
        http.post(
            `${API_BASE}${call.path}`,
            async ({ request }) => {
                sent.push({ call: name, key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body: await request.clone().json() });
                return HttpResponse.error();
            },
            { once: true },
        ),
    );

const network = browserNetwork();

beforeEach(() => {
    signedInAs(['ADD_LOAN'], { username: 'agent' });
});
afterEach(async () => {
    sent.length = 0;
    upcoming.length = 0;
    await photoStore.keepOnly(new Set());
});

/** Every stored photo record, as IndexedDB holds it. */
const storedPhotos = () =>
    new Promise<{ id: string; owner: string; data: ArrayBuffer }[]>((resolve, reject) => {
        const request = indexedDB.open('pfp-kept-photos');
        request.onsuccess = () => {
            const db = request.result;
            const all = db.transaction('photos').objectStore('photos').getAll();
            all.onsuccess = () => {
                db.close();
                resolve(all.result as { id: string; owner: string; data: ArrayBuffer }[]);
            };
            all.onerror = () => reject(all.error ?? new Error('getAll failed'));
        };
        request.onerror = () => reject(request.error ?? new Error('open failed'));
    });

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

describe('the photo store', () => {
    it('keeps a photo encrypted: the stored bytes are not the image, and its user reads the image back', async () => {
        const picture = demoPhoto(DEMO_PHOTOS.id_front);
        const kept = await photoStore.keep(picture, picture.name);
        const [record] = await storedPhotos();
        const original = await bytesOf(picture);
        const stored = new Uint8Array(record?.data ?? new ArrayBuffer(0));
        // AES-GCM: as long as the image and its 16-byte tag, and nothing of it readable (not even the PNG signature).
        expect(stored.length).toBe(original.length + 16);
        expect(Buffer.from(stored).includes(Buffer.from(original.subarray(0, 64)))).toBe(false);
        expect(Buffer.from(stored).includes(Buffer.from('IHDR'))).toBe(false);
        const back = await photoStore.read(kept.id);
        expect(back?.name).toBe(picture.name);
        expect(back?.type).toBe('image/png');
        expect(await bytesOf(back ?? new Blob())).toEqual(original);
    });

    it('is read by no other user, not even with the record made theirs', async () => {
        const kept = await photoStore.keep(demoPhoto(DEMO_PHOTOS.selfie), 'selfie.png');
        signedInAs(['ADD_LOAN'], { username: 'someone-else' });
        expect(await photoStore.read(kept.id)).toBeNull();
        // Their own key cannot open it: the record moved to them does not decrypt.
        await photoStore.keep(demoPhoto(DEMO_PHOTOS.id_back), 'back.png');
        await new Promise<void>((resolve, reject) => {
            const request = indexedDB.open('pfp-kept-photos');
            request.onsuccess = () => {
                const db = request.result;
                const store = db.transaction('photos', 'readwrite').objectStore('photos');
                const get = store.get(kept.id);
                get.onsuccess = () => {
                    const put = store.put({ ...(get.result as object), owner: 'someone-else' });
                    put.onsuccess = () => {
                        db.close();
                        resolve();
                    };
                };
                request.onerror = () => reject(request.error ?? new Error('open failed'));
            };
        });
        expect(await photoStore.read(kept.id)).toBeNull();
    });

    it('goes with the session, but for the photos a waiting KYC item still needs', async () => {
        const loose = await photoStore.keep(demoPhoto(DEMO_PHOTOS.id_back), 'back.png');
        const needed = await photoStore.keep(demoPhoto(DEMO_PHOTOS.id_front), 'front.png');
        network.online = false;
        await outbox.submitKyc(chainOf({ id_front: needed.id }), 'Sipho Dlamini, 27831112222');
        session.clear();
        await waitFor(async () => expect((await storedPhotos()).map(photo => photo.id)).toEqual([needed.id]));
        expect(loose.id).not.toBe(needed.id);
    });

    it('goes with the user’s items when they sign out on purpose', async () => {
        await photoStore.keep(demoPhoto(DEMO_PHOTOS.id_back), 'back.png');
        outbox.clearMine();
        await waitFor(async () => expect(await storedPhotos()).toEqual([]));
    });

    it('says the phone’s storage is full rather than losing the photo silently', async () => {
        const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
            throw new DOMException('full', 'QuotaExceededError');
        });
        try {
            await expect(photoStore.keep(demoPhoto(DEMO_PHOTOS.selfie), 'selfie.png')).rejects.toMatchObject({
                message: 'errors.offline_storage_full',
            });
        } finally {
            put.mockRestore();
        }
        expect(await storedPhotos()).toEqual([]);
    });
});

/** A chain for the buyer: the photos kept (by id), the rest of the details as typed. */
const chainOf = (photos: Partial<Record<KycImageKind, string>>): KycChain =>
    newKycChain({
        entry: 'shop',
        msisdn: BUYER_MSISDN,
        form: { first_name: 'Sipho' },
        photos: Object.entries(photos).map(([kind, photo]) => ({
            kind: kind as KycImageKind,
            photo,
            file_name: `${kind}.png`,
            image: null,
        })),
        check: {
            id_type: 'national_id',
            id_number: buyer.id_number,
            first_name: 'Sipho',
            last_name: 'Dlamini',
            date_of_birth: '1992-02-20',
        },
        details: {
            msisdn: BUYER_MSISDN,
            customer_type: 'normal',
            channel: 'shop',
            first_name: 'Sipho',
            last_name: 'Dlamini',
            id_type: 'national_id',
            id_number: buyer.id_number,
            date_of_birth: '1992-02-20',
            address: { town: 'Soweto' },
        },
    });

/** The three documents kept offline, and the KYC item made of them (offline: nothing is sent). */
const queueKyc = async () => {
    const ids: Partial<Record<KycImageKind, string>> = {};
    for (const [kind, name] of Object.entries(DEMO_PHOTOS))
        ids[kind as KycImageKind] = (await photoStore.keep(demoPhoto(name), name)).id;
    network.online = false;
    const result = await outbox.submitKyc(chainOf(ids), 'Sipho Dlamini, 27831112222');
    if (!('queued' in result)) throw new Error('Offline, the KYC should have been kept');
    expect(sent).toEqual([]);
    network.online = true;
    return { item: result.queued, chain: result.queued.chain as KycChain, ids };
};

const KINDS = ['id_front', 'id_back', 'selfie'];

describe('the KYC kept as one outbox item', () => {
    it('is sent in order once online, each request with its own key, each given the earlier answers', async () => {
        loanStore.setCustomer('shop', BUYER_MSISDN, null);
        loanStore.setStep('shop', 'identity');
        const { item, chain } = await queueKyc();
        expect(outbox.mine()).toEqual([expect.objectContaining({ key: item.key, call: 'kycDetails', state: 'waiting' })]);
        await outbox.flush();

        expect(sent.map(one => one.call)).toEqual([
            'uploadImage',
            'uploadImage',
            'uploadImage',
            'identityValidation',
            'kycDetails',
        ]);
        expect(sent.map(one => one.key)).toEqual([...chain.photos.map(photo => photo.key), chain.check.key, chain.details.key]);
        expect(new Set(sent.map(one => one.key)).size).toBe(5);
        expect(sent.slice(0, 3).map(one => (one.body as { kind: string }).kind)).toEqual(KINDS);
        expect(sent[4]?.body).toMatchObject({
            images: { id_front: imageId('id_front'), id_back: imageId('id_back'), selfie: imageId('selfie') },
            identity_reference: 'CTB-7781',
            first_name: 'Sipho',
        });
        const [done] = outbox.mine();
        expect(done).toMatchObject({ state: 'sent', error: null, chain: { customer: { id: buyer.id } } });
        // The kept sale goes on with the customer; the photos are no longer kept on the phone.
        expect(loanStore.read()).toMatchObject({ customer: { id: buyer.id }, step: 'phone' });
        await waitFor(async () => expect(await storedPhotos()).toEqual([]));
    });

    it('sends a request whose answer was lost again with the same key, and nothing answered before again', async () => {
        const { chain } = await queueKyc();
        loseAnswerOf(kycDetails, 'kycDetails');
        await outbox.flush();
        expect(outbox.mine()[0]).toMatchObject({ state: 'waiting' });
        await outbox.flush();
        expect(sent.map(one => one.call)).toEqual([
            'uploadImage',
            'uploadImage',
            'uploadImage',
            'identityValidation',
            'kycDetails',
            'kycDetails',
        ]);
        expect(sent[5]?.key).toBe(chain.details.key);
        expect(sent[5]?.body).toEqual(sent[4]?.body);
        expect(outbox.mine()[0]).toMatchObject({ state: 'sent' });
    });

    it('after a reload part way, goes on from the first request without an answer, from what was kept', async () => {
        const { chain } = await queueKyc();
        loseAnswerOf(identityValidation, 'identityValidation');
        await outbox.flush();
        // What the reloaded page has: the item as kept, with the uploads' answers and every key.
        const kept = outbox.mine()[0]?.chain;
        expect(kept?.photos.map(photo => photo.image?.id)).toEqual(KINDS.map(kind => imageId(kind as KycImageKind)));
        expect(kept?.check.reference).toBeNull();
        sent.length = 0;
        await outbox.flush();
        expect(sent.map(one => [one.call, one.key])).toEqual([
            ['identityValidation', chain.check.key],
            ['kycDetails', chain.details.key],
        ]);
    });

    it('a refusal part way marks the item refused with the reason, and nothing after it is sent', async () => {
        await queueKyc();
        upcoming.push({ call: 'identityValidation', answer: 'mismatch' });
        const outcomes: string[] = [];
        const stop = outbox.onOutcome(item => outcomes.push(`${item.state}:${item.error}`));
        await outbox.flush();
        stop();
        expect(sent.map(one => one.call)).not.toContain('kycDetails');
        expect(outbox.mine()[0]).toMatchObject({ state: 'refused', error: 'loans.wizard.identity.mismatch.name_mismatch' });
        expect(outcomes).toEqual(['refused:loans.wizard.identity.mismatch.name_mismatch']);
        // The photos stay: the sale is corrected and submitted again with them.
        expect(await storedPhotos()).toHaveLength(3);
    });

    it('a photo the server refuses stops the chain at it, with the server’s reason', async () => {
        await queueKyc();
        upcoming.push({ call: 'uploadImage', answer: 'malformed' });
        await outbox.flush();
        expect(sent.map(one => one.call)).toEqual(['uploadImage']);
        expect(outbox.mine()[0]).toMatchObject({ state: 'refused', error: 'errors.image_malformed' });
    });

    it('is neither seen nor sent by another user', async () => {
        await queueKyc();
        signedInAs(['ADD_LOAN'], { username: 'someone-else' });
        await outbox.flush();
        expect(outbox.mine()).toEqual([]);
        expect(sent).toEqual([]);
    });
});
