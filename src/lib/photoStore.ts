/**
 * The KYC photos taken offline, kept on the phone until the customer's KYC is sent (the outbox's
 * KYC item, lib/kycQueue.ts): in IndexedDB, since local storage holds about 5 MB in all and a
 * photo may be 5 MB alone.
 *
 * Encrypted at rest with AES-GCM (WebCrypto) under a key of the user's own: a random 256-bit key
 * made for each user on their first kept photo, non-extractable, and kept as a CryptoKey in the
 * same IndexedDB database (the browser stores it so that no script can read its bytes out). Not
 * derived as secureStorage.ts derives its keys: that passphrase is the device's and ships inside
 * the bundle, the same for every user of the phone, while this key is the user's alone and is
 * destroyed with their photos, which leaves any copy of their ciphertext unreadable. Each photo's
 * owner, id, type and name are bound to its ciphertext (additional data), so a record moved to
 * another user or id does not decrypt.
 *
 * A photo is read back only by the user who kept it. The photos go with the session
 * (session.ts `clear`) as the kept customer and sale do, except those a waiting KYC item of the
 * outbox still needs, which stay for their user as the item does (lib/offlineQueue.ts); signing
 * out on purpose deletes the user's photos and key with their items.
 */
import { HttpError } from 'ra-core';
import { newIdempotencyKey } from './portalApi';
import { session } from './session';

const DATABASE = 'pfp-kept-photos';
const KEYS = 'keys';
const PHOTOS = 'photos';

interface KeyRecord {
    owner: string;
    key: CryptoKey;
}

interface PhotoRecord {
    id: string;
    owner: string;
    iv: Uint8Array<ArrayBuffer>;
    data: ArrayBuffer;
    type: string;
    name: string;
    size: number;
    kept_at: number;
}

/** What the wizard keeps of a kept photo: the id it is read back by. */
export interface KeptPhoto {
    id: string;
    name: string;
    type: string;
    size: number;
}

/** The words the portal has for "could not be kept": storage full, or no storage at all (private mode). */
const notKept = () => new HttpError('errors.offline_storage_full', 0, null);

const done = <T>(request: IDBRequest<T>): Promise<T> =>
    new Promise((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });

const committed = (transaction: IDBTransaction): Promise<void> =>
    new Promise((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });

let opening: Promise<IDBDatabase> | null = null;

const database = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
        if (typeof indexedDB === 'undefined') {
            reject(new Error('No IndexedDB'));
            return;
        }
        const request = indexedDB.open(DATABASE, 1);
        request.onupgradeneeded = () => {
            const db = request.result;
            db.createObjectStore(KEYS, { keyPath: 'owner' });
            db.createObjectStore(PHOTOS, { keyPath: 'id' }).createIndex('owner', 'owner');
        };
        request.onsuccess = () => {
            const db = request.result;
            // Another tab's newer version, or a test deleting the database: this connection steps aside.
            db.onversionchange = () => {
                db.close();
                opening = null;
            };
            resolve(db);
        };
        request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
        request.onblocked = () => reject(new Error('IndexedDB is blocked'));
    }).catch((error: unknown) => {
        opening = null;
        throw error;
    });
    return opening;
};

/** The bytes each photo's ciphertext is bound to. */
const boundTo = (record: Pick<PhotoRecord, 'owner' | 'id' | 'type' | 'name'>) =>
    new TextEncoder().encode(JSON.stringify([record.owner, record.id, record.type, record.name]));

/** The owner's key, made (and kept) on first use when `make`. */
const keyOf = async (owner: string, make: boolean): Promise<CryptoKey | null> => {
    const db = await database();
    const found = (await done(db.transaction(KEYS).objectStore(KEYS).get(owner))) as KeyRecord | undefined;
    if (found || !make) return found?.key ?? null;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const transaction = db.transaction(KEYS, 'readwrite');
    // `add`: of two tabs making one at once, the second fails and reads the first's.
    transaction.objectStore(KEYS).add({ owner, key } satisfies KeyRecord);
    try {
        await committed(transaction);
        return key;
    } catch {
        return keyOf(owner, false);
    }
};

const bytesOf = (file: Blob): Promise<ArrayBuffer> =>
    typeof file.arrayBuffer === 'function'
        ? file.arrayBuffer()
        : new Promise((resolve, reject) => {
              const reader = new FileReader();
              reader.onload = () => resolve(reader.result as ArrayBuffer);
              reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
              reader.readAsArrayBuffer(file);
          });

const owner = () => session.user()?.username ?? null;

const deleteWhere = async (keep: (record: PhotoRecord) => boolean, ownersGone: (owner: string) => boolean) => {
    const db = await database();
    const transaction = db.transaction([PHOTOS, KEYS], 'readwrite');
    const photos = transaction.objectStore(PHOTOS);
    const all = (await done(photos.getAll())) as PhotoRecord[];
    for (const record of all) if (!keep(record)) photos.delete(record.id);
    const keys = transaction.objectStore(KEYS);
    for (const record of (await done(keys.getAll())) as KeyRecord[]) {
        const holds = all.some(photo => photo.owner === record.owner && keep(photo));
        if (ownersGone(record.owner) && !holds) keys.delete(record.owner);
    }
    await committed(transaction);
};

export const photoStore = {
    /**
     * Keeps a photo for the signed-in user, encrypted. Throws `errors.offline_storage_full` when
     * it cannot be kept (the phone's storage is full, or the browser keeps nothing): the caller
     * says so, and nothing is lost silently.
     */
    async keep(file: Blob, name: string): Promise<KeptPhoto> {
        const me = owner();
        if (!me) throw new HttpError('errors.not_signed_in', 401, null);
        try {
            const key = await keyOf(me, true);
            if (!key) throw notKept();
            const record: Omit<PhotoRecord, 'iv' | 'data'> = {
                id: newIdempotencyKey(),
                owner: me,
                type: file.type,
                name,
                size: file.size,
                kept_at: Date.now(),
            };
            const iv = crypto.getRandomValues(new Uint8Array(12));
            const data = await crypto.subtle.encrypt(
                { name: 'AES-GCM', iv, additionalData: boundTo(record) },
                key,
                // A view of this realm's own, whatever realm made the file's buffer (a test's DOM, a frame's).
                new Uint8Array(await bytesOf(file)),
            );
            const transaction = (await database()).transaction(PHOTOS, 'readwrite');
            transaction.objectStore(PHOTOS).put({ ...record, iv, data } satisfies PhotoRecord);
            await committed(transaction);
            return { id: record.id, name, type: record.type, size: record.size };
        } catch (error) {
            if (error instanceof HttpError) throw error;
            throw notKept();
        }
    },

    /** A kept photo as a file, for the signed-in user who kept it; null for anyone else, or when it is gone or unreadable. */
    async read(id: string): Promise<File | null> {
        const me = owner();
        if (!me) return null;
        try {
            const db = await database();
            const record = (await done(db.transaction(PHOTOS).objectStore(PHOTOS).get(id))) as PhotoRecord | undefined;
            if (!record || record.owner !== me) return null;
            const key = await keyOf(me, false);
            if (!key) return null;
            const plain = await crypto.subtle.decrypt(
                { name: 'AES-GCM', iv: record.iv, additionalData: boundTo(record) },
                key,
                record.data,
            );
            return new File([plain], record.name, { type: record.type });
        } catch {
            return null;
        }
    },

    /** Photos no longer needed (sent, or replaced by another capture). */
    async remove(ids: readonly string[]): Promise<void> {
        if (ids.length === 0) return;
        const gone = new Set(ids);
        try {
            await deleteWhere(
                record => !gone.has(record.id),
                () => false,
            );
        } catch {
            // Nothing kept, nothing to remove.
        }
    },

    /** Signing out on purpose: the user's photos and their key go. */
    async clearOwner(who: string): Promise<void> {
        try {
            await deleteWhere(
                record => record.owner !== who,
                name => name === who,
            );
        } catch {
            // Nothing kept.
        }
    },

    /**
     * The session ended: every photo goes but those in `needed` (a waiting KYC item's, sent when
     * its user signs in again), and every key that no longer guards one.
     */
    async keepOnly(needed: ReadonlySet<string>): Promise<void> {
        try {
            await deleteWhere(
                record => needed.has(record.id),
                () => true,
            );
        } catch {
            // Nothing kept.
        }
    },
};
