/**
 * Where an uploaded KYC image's bytes live, how many an uploader may send, and how long one that no
 * submission names is kept.
 *
 * The store: each upload is a file under DATA_DIR/kyc-images with a random name (128 bits), written
 * and read through the file system's own threads, so a 5 MB image never holds the server's one
 * thread. In the database it cost that thread about 0.9 s to insert and 0.35 s to read back on
 * PGlite, which runs in-process: 16 uploads at once kept /health waiting for seconds. The database
 * keeps the metadata and the file's name (`kyc_images.stored_as`); nothing reaches a file but
 * through the row (server/domain/kyc/index.ts checks who may see it first), and the name is never
 * answered. Several instances on one PostgreSQL must share DATA_DIR's `kyc-images` folder (a shared
 * volume), as they share the database. A throwaway database (`memory://`) gets a throwaway folder.
 *
 * The quota: an uploader may send KYC_UPLOADS_PER_HOUR images and KYC_UPLOAD_BYTES_PER_HOUR bytes
 * in any hour; past either, 429 with `Retry-After`, the seconds until enough of the hour's uploads
 * have aged out of it. It is counted in the database, under a lock per uploader, so it holds across
 * instances and for uploads sent at once.
 *
 * The sweep: an image no customer holds (`customer_id` null: never named by a submission) is
 * deleted UNATTACHED_IMAGE_TTL_MS after its upload, row and file, with one audit event per sweep.
 * Each instance sweeps every SWEEP_INTERVAL_MS; a row is deleted by one statement, so two instances
 * sweeping at once delete each row once, and only the one that deleted a row removes its file. A
 * crash between the commit and the file's removal leaves a file no row names, never a row without
 * its file.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db';
import { MEMORY_DATA_DIR } from '../../db';
import { kycImages } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Settings } from '../../settings';
import { writeAs } from '../../write';
import { sweepWhileRunning } from '../../sweep';

/** Per uploader, in any hour: a sale needs four images, so this is fifteen sales with retakes to spare. */
export const KYC_UPLOADS_PER_HOUR = 60;
export const KYC_UPLOAD_BYTES_PER_HOUR = 150 * 1024 * 1024;
const HOUR_MS = 3600_000;

/** An image no submission named is deleted a day after its upload: a sale left for longer starts its documents again. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * HOUR_MS;
/** How often each instance sweeps. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;
/** The most rows one sweep deletes, so a sweep is a short write; the next one takes the rest. */
const SWEEP_BATCH = 1000;

/** A random file name: 32 hex digits, nothing a caller chose or can guess. */
const NAME = /^[0-9a-f]{32}$/;

export interface ImageStore {
    readonly folder: string;
    /** Writes the bytes to a new file and answers its name. */
    put(bytes: Uint8Array): Promise<string>;
    get(name: string): Promise<Buffer>;
    /** Removes a file; one already gone is not an error. */
    remove(name: string): Promise<void>;
}

const fileOf = (folder: string, name: string) => {
    if (!NAME.test(name)) throw new Error('Not an image store file name');
    return path.join(folder, name);
};

/** The store under DATA_DIR (a temporary folder for `memory://`, removed when the app closes). */
export const openImageStore = (settings: Pick<Settings, 'dataDir'>): ImageStore & { close(): void } => {
    const temporary = settings.dataDir === MEMORY_DATA_DIR;
    const folder = temporary
        ? mkdtempSync(path.join(tmpdir(), 'portal-kyc-images-'))
        : path.resolve(settings.dataDir, 'kyc-images');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return {
        folder,
        put: async bytes => {
            const name = randomBytes(16).toString('hex');
            await writeFile(fileOf(folder, name), bytes, { flag: 'wx', mode: 0o600 });
            return name;
        },
        get: name => readFile(fileOf(folder, name)),
        remove: async name => {
            await unlink(fileOf(folder, name)).catch((error: NodeJS.ErrnoException) => {
                if (error.code !== 'ENOENT') throw error;
            });
        },
        close: () => {
            if (temporary) rmSync(folder, { recursive: true, force: true });
        },
    };
};

/** The refusal past the quota: `retryAfter`, the seconds until this upload would fit. */
export const uploadQuotaSpent = (retryAfter: number) =>
    new HttpError(
        429,
        'errors.kyc_upload_quota',
        `You have sent ${KYC_UPLOADS_PER_HOUR} images or ${KYC_UPLOAD_BYTES_PER_HOUR / 1024 / 1024} MB in the last hour; the next can be sent in ${retryAfter} s`,
        'file',
        { retryAfter },
    );

/**
 * The seconds until an upload of `size` bytes fits this uploader's hour, 0 when it fits now. Inside a
 * write, `lock` takes the uploader's lock first, so uploads sent at once are counted one after another.
 */
export const quotaWait = async (
    db: Database | Transaction,
    uploader: number,
    size: number,
    now: Date,
    { lock = false } = {},
): Promise<number> => {
    if (lock) await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kyc_upload_quota'), ${uploader})`);
    const recent = await db
        .select({ size: kycImages.size, createdAt: kycImages.createdAt })
        .from(kycImages)
        .where(and(eq(kycImages.uploadedByAdminId, uploader), gt(kycImages.createdAt, new Date(now.getTime() - HOUR_MS))))
        .orderBy(asc(kycImages.createdAt));
    // The hour's uploads age out oldest first: wait until enough have gone for this one to fit.
    let count = recent.length;
    let bytes = recent.reduce((sum, row) => sum + row.size, 0);
    for (const row of [undefined, ...recent]) {
        if (row) {
            count -= 1;
            bytes -= row.size;
        }
        if (count + 1 <= KYC_UPLOADS_PER_HOUR && bytes + size <= KYC_UPLOAD_BYTES_PER_HOUR) {
            return row ? Math.max(1, Math.ceil((row.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000)) : 0;
        }
    }
    return Math.ceil(HOUR_MS / 1000);
};

/**
 * Deletes the images no customer holds that were uploaded more than UNATTACHED_IMAGE_TTL_MS before
 * `now`, and their files; answers how many. Safe beside other instances' sweeps (see the header).
 */
export const sweepUnattachedImages = async (db: Database, store: ImageStore, now: Date): Promise<number> => {
    const cutoff = new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS);
    const due = and(isNull(kycImages.customerId), lt(kycImages.createdAt, cutoff));
    // Most sweeps find nothing: they write nothing, audit included.
    const [any] = await db.select({ id: kycImages.id }).from(kycImages).where(due).limit(1);
    if (!any) return 0;
    const deleted = await writeAs(
        db,
        () => ({ adminId: null, roleUsed: null, coords: null, at: now }),
        async tx => {
            const rows = await tx.execute(sql`
                DELETE FROM kyc_images WHERE id IN (
                    SELECT id FROM kyc_images
                    WHERE customer_id IS NULL AND created_at < ${cutoff.toISOString()}::timestamptz
                    ORDER BY created_at LIMIT ${SWEEP_BATCH}
                    FOR UPDATE SKIP LOCKED
                ) RETURNING id, stored_as`);
            const gone = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
                id: string;
                stored_as: string | null;
            }[];
            return {
                result: gone,
                audit: {
                    action: 'kyc_images.expire',
                    entity: 'kyc_images',
                    after: { count: gone.length, uploaded_before: cutoff.toISOString(), ids: gone.map(row => row.id) },
                },
            };
        },
    );
    for (const row of deleted) if (row.stored_as) await store.remove(row.stored_as);
    return deleted.length;
};

const stores = new WeakMap<FastifyInstance, ImageStore>();

/** The store an app keeps its uploads in (for a sweep on demand, as the tests run one). */
export const imageStoreOf = (app: FastifyInstance): ImageStore => {
    const store = stores.get(app);
    if (!store) throw new Error('This app has no KYC image store');
    return store;
};

/** Sweeps on a timer while the app runs (server/sweep.ts), and closes the store with the app. */
export const scheduleSweep = (app: FastifyInstance, store: ImageStore & { close(): void }): void => {
    stores.set(app, store);
    sweepWhileRunning(
        app,
        SWEEP_INTERVAL_MS,
        'unattached KYC images',
        () => sweepUnattachedImages(app.portal.db, store, app.portal.settings.now()),
        () => store.close(),
    );
};
